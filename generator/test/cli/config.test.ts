/**
 * A project with a `zapgen.config.ts` of two APIs, driven through the built bin as a user runs
 * it: init, generate, check, the cache, diff and watch reading the config, each option's effect
 * on the drift check, and a broken config reported with its file and option.
 */
import { spawn, spawnSync } from 'node:child_process';
import {
  copyFileSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { pathToFileURL } from 'node:url';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { corpusSpec } from '../../../test/support/corpus.js';
import { bin, buildBin, repoRoot } from './bin.js';

let project: string;

function zapgen(...args: string[]): { status: number | null; stdout: string; stderr: string } {
  const result = spawnSync(process.execPath, [bin, ...args], { cwd: project, encoding: 'utf8' });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

function read(file: string): string {
  return readFileSync(path.join(project, file), 'utf8');
}

const overlay = (title: string) =>
  `overlay: 1.0.0\ninfo: { title: ours, version: 1.0.0 }\nactions:\n  - target: $.info\n    update: { title: ${JSON.stringify(title)} }\n`;

const config = (petsFilter: string) => `import { defineConfig } from '@zapgen/generator/config';

export default defineConfig({
  apis: [
    {
      spec: 'specs/museum.yaml',
      output: 'packages/museum',
      packageName: '@acme/museum',
      filter: { tags: { exclude: ['Tickets'] } },
      namespaces: { from: 'paths', operations: { getMuseumHours: 'hours.get' } },
      overlays: ['specs/museum-overlay.yaml'],
    },
    { name: 'pets', spec: 'specs/pets.json', output: 'packages/pets'${petsFilter} },
  ],
});
`;

beforeAll(() => {
  buildBin();
  project = mkdtempSync(path.join(tmpdir(), 'zapgen-config-cli-'));
  // The config imports defineConfig from @zapgen/generator, installed beside it as in a project.
  mkdirSync(path.join(project, 'node_modules/@zapgen'), { recursive: true });
  symlinkSync(
    path.join(repoRoot, 'generator'),
    path.join(project, 'node_modules/@zapgen/generator'),
  );
  // What the generated packages import, for the consumer below.
  for (const dependency of ['@zapgen/runtime', 'zod'])
    symlinkSync(
      path.join(repoRoot, dependency === 'zod' ? 'node_modules/zod' : 'packages/runtime'),
      path.join(project, 'node_modules', dependency),
    );
  mkdirSync(path.join(project, 'specs'));
  copyFileSync(corpusSpec('redocly-museum.yaml'), path.join(project, 'specs/museum.yaml'));
  copyFileSync(corpusSpec('oai-v30-petstore-expanded.json'), path.join(project, 'specs/pets.json'));
  writeFileSync(path.join(project, 'specs/museum-overlay.yaml'), overlay('Museum, overlaid'));
});
afterAll(() => rmSync(project, { recursive: true, force: true }));

describe('zapgen.config.ts', () => {
  it('zapgen init writes a config for an existing spec, and never replaces one', () => {
    const init = zapgen('init', '--spec', 'specs/museum.yaml', '--name', '@acme/museum');
    expect(init.status, init.stderr).toBe(0);
    expect(read('zapgen.config.ts')).toContain(
      `import { defineConfig } from '@zapgen/generator/config';`,
    );
    expect(read('zapgen.config.ts')).toContain(
      `spec: 'specs/museum.yaml',\n      output: 'packages/museum',\n      packageName: '@acme/museum',`,
    );
    const again = zapgen('init', '--spec', 'specs/pets.json');
    expect(again.status).toBe(1);
    expect(again.stderr).toContain('zapgen.config.ts exists already');
    writeFileSync(
      path.join(project, 'api.md'),
      `- <code title="get /special-events">client.events.<a href="./src/events.ts">list</a>() -> Page</code>\n- <code title="get /special-events/{eventId}">client.events.<a href="./src/events.ts">retrieve</a>(id) -> Event</code>\n`,
    );
    const imported = zapgen(
      'init',
      '--spec',
      'specs/museum.yaml',
      '--from-stainless',
      'api.md',
      '--config',
      'stainless.json',
    );
    expect(imported.status, imported.stderr).toBe(0);
    expect(imported.stdout).toContain('(2 methods of api.md)');
    expect(JSON.parse(read('stainless.json')).apis[0].namespaces).toEqual({
      operations: {
        'get /special-events': 'events.list',
        'get /special-events/{eventId}': 'events.retrieve',
      },
    });
    expect(
      zapgen('init', '--spec', 'specs/missing.yaml', '--config', 'other.json').stderr,
    ).toContain('missing.yaml: no such spec');
  });

  it('generate writes every API of the config, filtered everywhere; check answers from the cache', () => {
    writeFileSync(
      path.join(project, 'zapgen.config.ts'),
      config(`, filter: { methods: { include: ['get'] } }`),
    );
    const generate = zapgen('generate');
    expect(generate.status, generate.stderr).toBe(0);
    expect(generate.stdout).toMatch(/^museum: 6 operations, /m);
    expect(generate.stdout).toMatch(/^pets: 2 operations, /m);
    expect(JSON.parse(read('packages/museum/package.json')).name).toBe('@acme/museum');
    // The Tickets operations and the schemas only they use are in no file of the package.
    for (const file of [
      'types.ts',
      'client.ts',
      'zod.ts',
      'fixtures.ts',
      'mock.ts',
      'definitions.ts',
    ]) {
      const text = read(`packages/museum/src/${file}`);
      expect(text, file).not.toMatch(
        /buyMuseumTickets|getTicketCode|TicketCodeImage|MuseumTicketsConfirmation/,
      );
    }
    expect(read('packages/museum/src/client.ts')).toContain('listSpecialEvents');
    expect(read('packages/pets/src/client.ts')).not.toMatch(/addPet|deletePet/);
    const check = zapgen('check');
    expect(check.status, check.stdout + check.stderr).toBe(0);
    expect(check.stdout.match(/from cache/g)).toHaveLength(2);
  });

  it('the generated client reads client.specialEvents.list(), against its mock; the flat functions stay', () => {
    writeFileSync(
      path.join(project, 'consumer.mts'),
      `import { createBaseClient, createClient, listSpecialEvents } from './packages/museum/src/index.js';
import { createMock } from './packages/museum/src/mock.js';

const mock = createMock({ seed: 1 });
const options = { fetch: mock.fetch, credentials: { MuseumPlaceholderAuth: 'mock-api-key' } };
const client = createClient(options);
const events = await client.specialEvents.list();
const one = await client.specialEvents.retrieve({ path: { eventId: events[0]!.eventId } });
const hours = await client.hours.get();
const flat = await listSpecialEvents(createBaseClient(options));
console.log(JSON.stringify({
  events: events.length,
  same: one.eventId === events[0]!.eventId,
  hours: Array.isArray(hours),
  flat: flat.length === events.length,
  namespaces: Object.keys(client).filter((key) => typeof (client as Record<string, unknown>)[key] === 'object').sort(),
}));
`,
    );
    const run = spawnSync(
      process.execPath,
      [
        '--import',
        pathToFileURL(path.join(repoRoot, 'node_modules/tsx/dist/loader.mjs')).href,
        'consumer.mts',
      ],
      { cwd: project, encoding: 'utf8' },
    );
    expect(run.status, run.stderr).toBe(0);
    const result = JSON.parse(run.stdout) as Record<string, unknown>;
    expect(result).toMatchObject({ same: true, hours: true, flat: true });
    expect(result.events).toBeGreaterThan(0);
    expect(result.namespaces).toEqual(expect.arrayContaining(['hours', 'specialEvents']));
    expect(read('packages/museum/src/client.ts')).not.toMatch(/^\s+async listSpecialEvents\(/m);
  });

  it('a change of the config is a change: the cache misses, check reports drift, generate releases it', () => {
    writeFileSync(path.join(project, 'zapgen.config.ts'), config(''));
    const check = zapgen('check');
    expect(check.status).toBe(1);
    expect(check.stdout).toMatch(/^museum: .*from cache/m);
    expect(check.stdout).toMatch(/^pets: 4 operations, .*differ/m);
    expect(check.stdout).toContain('+export function addPet');
    const generate = zapgen('generate', '--api', 'pets');
    expect(generate.status, generate.stderr).toBe(0);
    expect(generate.stdout).not.toMatch(/^museum:/m);
    expect(generate.stdout).toMatch(/^pets: 4 operations, .*version 1\.0\.0 → 1\.1\.0/m);
    expect(read('packages/pets/CHANGELOG.md')).toContain('addPet');
    expect(zapgen('check').status).toBe(0);
  });

  it('generate --watch watches the config: saving it regenerates with its new options', async () => {
    const child = spawn(process.execPath, [bin, 'generate', '--watch', '--api', 'pets'], {
      cwd: project,
    });
    let output = '';
    const waitFor = (pattern: RegExp, from: number) =>
      new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no ${pattern} in:\n${output}`)), 90_000);
        const check = () => {
          if (!pattern.test(output.slice(from))) return;
          clearTimeout(timer);
          child.stdout.off('data', onData);
          resolve();
        };
        const onData = (chunk: Buffer) => {
          output += chunk.toString();
          check();
        };
        child.stdout.on('data', onData);
        check();
      });
    try {
      await waitFor(/watching \d+ files/, 0);
      const mark = output.length;
      writeFileSync(
        path.join(project, 'zapgen.config.ts'),
        config(`, filter: { operationIds: { include: ['findPets'] } }`),
      );
      await waitFor(/^pets: 1 operation, /m, mark);
      expect(read('packages/pets/src/client.ts')).not.toContain('addPet');
    } finally {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
    // Back to the config the other tests expect.
    writeFileSync(path.join(project, 'zapgen.config.ts'), config(''));
    expect(zapgen('generate', '--api', 'pets').status).toBe(0);
  });

  it('an overlay is applied before validation; editing it is a change; a broken one is located in it and nothing is lost', () => {
    expect(read('packages/museum/src/client.ts')).toContain('Museum, overlaid');
    expect(zapgen('check', '--api', 'museum').stdout).toMatch(/from cache/);
    writeFileSync(path.join(project, 'specs/museum-overlay.yaml'), overlay('Museum, again'));
    const check = zapgen('check', '--api', 'museum');
    expect(check.status).toBe(1);
    expect(check.stdout).toMatch(/^\+.*Museum, again/m);
    const before = read('packages/museum/src/client.ts');
    writeFileSync(
      path.join(project, 'specs/museum-overlay.yaml'),
      'overlay: 1.0.0\ninfo: { title: ours, version: 1.0.0 }\nactions:\n  - target: $.info.title\n    update: { a: 1 }\n',
    );
    const broken = zapgen('generate', '--api', 'museum');
    expect(broken.status).toBe(1);
    expect(broken.stderr).toMatch(
      /specs\/museum-overlay\.yaml:5:5 +error +overlay +"\$\.info\.title" selects string/,
    );
    expect(read('packages/museum/src/client.ts')).toBe(before);
    writeFileSync(path.join(project, 'specs/museum-overlay.yaml'), overlay('Museum, overlaid'));
  });

  it('diff compares the API as the package exposes it: excluded operations do not count', () => {
    const base = read('specs/museum.yaml');
    writeFileSync(
      path.join(project, 'specs/museum-base.yaml'),
      base.replace('operationId: getTicketCode', 'operationId: getTicketCodeOld'),
    );
    const args = ['diff', '--spec', 'specs/museum.yaml', '--base', 'specs/museum-base.yaml'];
    const plain = zapgen(...args);
    expect(plain.status).toBe(1);
    expect(plain.stdout).toContain('getTicketCode');
    const configured = zapgen(...args, '--config', 'zapgen.config.ts');
    expect(configured.status, configured.stdout).toBe(0);
    expect(configured.stdout).not.toContain('getTicketCode');
  });

  it('flags override the config; --out with two APIs, an unknown --api and a broken config are usage errors', () => {
    const out = zapgen('check', '--api', 'pets', '--out', 'elsewhere');
    expect(out.status).toBe(1);
    expect(out.stdout).toMatch(/^pets: 4 operations, .*differ/m);
    expect(zapgen('check', '--out', 'x').stderr).toContain(
      '--out and --name apply to one API: select it with --api (museum, pets)',
    );
    expect(zapgen('check', '--api', 'nope').stderr).toContain(
      '--api nope: not in zapgen.config.ts (its APIs: museum, pets)',
    );
    writeFileSync(
      path.join(project, 'broken.json'),
      `{ "apis": [{ "spec": "specs/pets.json", "output": "packages/pets", "filter": { "tags": ["pets"] } }] }`,
    );
    const broken = zapgen('generate', '--config', 'broken.json');
    expect(broken.status).toBe(2);
    expect(broken.stderr).toMatch(/broken\.json:1:\d+: apis\[0\]\.filter\.tags: must be an object/);
  });
});
