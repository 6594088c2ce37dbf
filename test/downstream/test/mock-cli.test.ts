/**
 * `npm run mock` (scripts/mock.ts): both APIs on loopback, addresses printed, Ctrl-C stops
 * cleanly and saves the state, which the next start loads.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, test } from 'vitest';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
const folder = mkdtempSync(join(tmpdir(), 'zapgen-mock-cli-'));
const statePath = join(folder, 'state.json');
afterAll(() => rmSync(folder, { recursive: true, force: true }));

interface Started {
  child: ChildProcess;
  output: () => string;
  urls: Record<string, string>;
  exit: Promise<number | null>;
}

/** Runs the script as `npm run mock` does (tsx), with these arguments; resolves once it listens. */
async function start(args: string[]): Promise<Started> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/mock.ts', ...args], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let text = '';
  child.stdout!.on('data', (chunk) => (text += chunk.toString()));
  child.stderr!.on('data', (chunk) => (text += chunk.toString()));
  const exit = new Promise<number | null>((resolveExit) =>
    child.on('exit', (code) => resolveExit(code)),
  );
  await new Promise<void>((ready, fail) => {
    const check = () => (text.includes('Ctrl-C to stop.') ? ready() : undefined);
    child.stdout!.on('data', check);
    void exit.then((code) => fail(new Error(`mock exited (${code}) before listening:\n${text}`)));
  });
  const urls = Object.fromEntries(
    [...text.matchAll(/^ {2}(@zapgen\/[\w-]+) {2}(http:\/\/127\.0\.0\.1:\d+)$/gm)].map((match) => [
      match[1],
      match[2],
    ]),
  );
  return { child, output: () => text, urls, exit };
}

describe('npm run mock', () => {
  let createdId = '';

  test('serves both APIs on loopback and prints their addresses, OAuth URLs and credentials', async () => {
    const mock = await start(['--port', '0', '--state', statePath, '--seed', '3']);
    expect(Object.keys(mock.urls).sort()).toEqual(['@zapgen/actions-v2', '@zapgen/partner-v1']);
    const actions = mock.urls['@zapgen/actions-v2']!;
    expect(mock.output()).toContain(
      `OAuth AccessPointOAuth: authorize ${actions}/oauth/authorize/  token ${actions}/oauth/token/`,
    );
    expect(mock.output()).toContain('API keys: mock-api-key, mock-client-id');
    const created = await fetch(`${actions}/api/v2/ai-actions/`, {
      method: 'POST',
      headers: { 'x-api-key': 'mock-api-key', 'content-type': 'application/json' },
      body: JSON.stringify({ app: 'gmail', action: 'send_email' }),
    });
    createdId = ((await created.json()) as { id: string }).id;
    expect(createdId).toMatch(/^[0-9a-f-]{36}$/);
    expect((await fetch(`${mock.urls['@zapgen/partner-v1']}/v1/apps`)).status).toBe(401);

    mock.child.kill('SIGINT');
    expect(await mock.exit).toBe(0);
    expect(mock.output()).toContain(`State saved to ${statePath}.`);
    const saved = JSON.parse(readFileSync(statePath, 'utf8')) as Record<
      string,
      { collections: Record<string, { data: { id: string } }[]> }
    >;
    expect(
      saved['@zapgen/actions-v2']?.collections['ai-actions']?.map((record) => record.data.id),
    ).toContain(createdId);
  });

  test('the next start loads the saved state', async () => {
    const mock = await start(['--port', '0', '--state', statePath]);
    const read = await fetch(`${mock.urls['@zapgen/actions-v2']}/api/v2/ai-actions/${createdId}/`, {
      headers: { 'x-api-key': 'mock-api-key' },
    });
    expect(await read.json()).toMatchObject({ id: createdId, app: 'gmail' });
    mock.child.kill('SIGTERM');
    expect(await mock.exit).toBe(0);
  });

  test('a bad argument is refused with the usage and exit code 2', async () => {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', 'scripts/mock.ts', '--latency', 'soon'],
      { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let text = '';
    child.stderr.on('data', (chunk) => (text += chunk.toString()));
    expect(await new Promise((resolveExit) => child.on('exit', resolveExit))).toBe(2);
    expect(text).toMatch(
      /--latency must be milliseconds or MIN-MAX \(got soon\)\nUsage: npm run mock/,
    );
  });
});
