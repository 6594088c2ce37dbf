/**
 * `zapgen generate --watch` as a user runs it: the built bin on a spec split over two files.
 * Every step waits for the line the watcher prints, never for a fixed time.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { stringify } from 'yaml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { petsSpec, writeSpec } from '../diff/support.js';
import { bin, buildBin } from './bin.js';

/** How long one step may take on a loaded 2-core machine before the test fails. */
const STEP_TIMEOUT_MS = 90_000;

let work: string;
/** The watchers started, stopped after the tests. */
const children: ChildProcess[] = [];
beforeAll(() => {
  buildBin();
  work = mkdtempSync(path.join(tmpdir(), 'zapgen-watch-'));
});
afterAll(async () => {
  for (const each of children) {
    if (each.exitCode !== null || each.signalCode !== null) continue;
    const exited = new Promise((resolve) => each.once('exit', resolve));
    each.kill('SIGTERM');
    await exited;
  }
  rmSync(work, { recursive: true, force: true });
});

/** The output of a running process, and a way to wait for the next line that matches. */
class Output {
  text = '';
  #waiters: { pattern: RegExp; from: number; resolve: (match: string) => void }[] = [];

  append(chunk: string): void {
    this.text += chunk;
    for (const waiter of [...this.#waiters]) this.#check(waiter);
  }

  /** Resolves with the first complete line after offset `from` that matches `pattern`. */
  next({ pattern, from }: { pattern: RegExp; from: number }): Promise<string> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(
        () =>
          reject(
            new Error(
              `no line matching ${pattern} within ${STEP_TIMEOUT_MS} ms; output so far:\n${this.text}`,
            ),
          ),
        STEP_TIMEOUT_MS,
      );
      const waiter = {
        pattern,
        from,
        resolve: (match: string) => {
          clearTimeout(timer);
          resolve(match);
        },
      };
      this.#waiters.push(waiter);
      this.#check(waiter);
    });
  }

  #check(waiter: { pattern: RegExp; from: number; resolve: (match: string) => void }): void {
    const lines = this.text.slice(waiter.from).split('\n').slice(0, -1);
    const match = lines.find((line) => waiter.pattern.test(line));
    if (match === undefined) return;
    this.#waiters.splice(this.#waiters.indexOf(waiter), 1);
    waiter.resolve(match);
  }
}

describe('zapgen generate --watch', () => {
  it('regenerates on every change of any file of the spec, survives an invalid spec, and makes one release per session', async () => {
    const spec = path.join(work, 'spec');
    const out = path.join(work, 'pkg');
    // The Pet schema lives in its own file, $ref'd from openapi.yaml.
    const doc = petsSpec();
    const pet = doc.components.schemas.Pet;
    pet.properties.status = { $ref: '../openapi.yaml#/components/schemas/Status' };
    doc.components.schemas.Pet = { $ref: './schemas/pet.yaml' };
    writeSpec({ dir: spec, doc });
    const petFile = path.join(spec, 'schemas', 'pet.yaml');
    mkdirSync(path.dirname(petFile));
    const writePet = (schema: unknown) => writeFileSync(petFile, stringify(schema));
    writePet(pet);
    expect(
      spawnSync(process.execPath, [bin, 'generate', '--spec', 'spec', '--out', 'pkg'], {
        cwd: work,
        encoding: 'utf8',
      }).status,
    ).toBe(0);

    const output = new Output();
    const child = spawn(
      process.execPath,
      [bin, 'generate', '--watch', '--spec', 'spec', '--out', 'pkg'],
      { cwd: work },
    );
    children.push(child);
    child.stdout!.setEncoding('utf8').on('data', (chunk: string) => output.append(chunk));
    child.stderr!.setEncoding('utf8').on('data', (chunk: string) => output.append(chunk));

    const summary = /^spec: 4 operations, 4 schemas, \d+ files \(.*\) in \d+ ms .*; version /;
    expect(await output.next({ pattern: summary, from: 0 })).toMatch(/; version 1\.0\.0$/);
    let mark = output.text.length;
    expect(await output.next({ pattern: /^zapgen: watching \d+ files for changes/, from: 0 })).toBe(
      'zapgen: watching 2 files for changes (Ctrl+C to stop)',
    );

    // A breaking edit in the $ref'd file.
    const { tag: _tag, ...withoutTag } = pet.properties;
    writePet({ ...pet, properties: withoutTag });
    expect(await output.next({ pattern: summary, from: mark })).toMatch(
      /; version 1\.0\.0 → 2\.0\.0 \(1 change, 1 breaking\)$/,
    );
    expect(output.text.slice(mark)).toMatch(
      /^spec\/schemas\/pet\.yaml:\d+:\d+ {2}breaking {2}response-property-removed {2}Pet: property `tag` removed/m,
    );
    mark = output.text.length;

    // An addition on top: still one release since watching started, now with both changes.
    writePet({ ...pet, properties: { ...withoutTag, age: { type: 'integer' } } });
    expect(await output.next({ pattern: summary, from: mark })).toMatch(
      /; version 1\.0\.0 → 2\.0\.0 \(2 changes, 1 breaking\)$/,
    );
    mark = output.text.length;

    // An invalid edit: located findings, and the watch goes on.
    writeFileSync(petFile, 'type: object\nproperties: [\n');
    expect(await output.next({ pattern: /^spec: invalid spec, \d+ errors?/, from: mark })).toMatch(
      /nothing generated$/,
    );
    expect(output.text.slice(mark)).toMatch(
      /^spec\/schemas\/pet\.yaml:\d+:\d+ {2}error {2}yaml-syntax {2}/m,
    );
    mark = output.text.length;

    // Fixed: generates again.
    writePet({ ...pet, properties: { ...withoutTag, age: { type: 'integer' } } });
    expect(await output.next({ pattern: summary, from: mark })).toMatch(
      /; version 1\.0\.0 → 2\.0\.0 \(2 changes, 1 breaking\)$/,
    );

    const manifest = JSON.parse(readFileSync(path.join(out, 'package.json'), 'utf8')) as {
      version: string;
    };
    expect(manifest.version).toBe('2.0.0');
    const changelog = readFileSync(path.join(out, 'CHANGELOG.md'), 'utf8');
    expect([...changelog.matchAll(/^## (.+)$/gm)].map((match) => match[1])).toEqual([
      '2.0.0',
      '1.0.0',
    ]);
    expect(child.exitCode).toBeNull();
  }, 600_000);

  it('waits for a spec whose folder does not exist yet, instead of exiting', async () => {
    const output = new Output();
    const watching = spawn(
      process.execPath,
      [bin, 'generate', '--watch', '--spec', 'later/api/openapi.yaml', '--out', 'later-pkg'],
      { cwd: work },
    );
    children.push(watching);
    watching.stdout!.setEncoding('utf8').on('data', (chunk: string) => output.append(chunk));
    watching.stderr!.setEncoding('utf8').on('data', (chunk: string) => output.append(chunk));
    expect(await output.next({ pattern: /error {2}file-not-found {2}/, from: 0 })).toContain(
      'later/api/openapi.yaml: file not found',
    );
    await output.next({ pattern: /^zapgen: watching 1 files for changes/, from: 0 });
    const mark = output.text.length;
    writeSpec({ dir: path.join(work, 'later/api'), doc: petsSpec() });
    expect(
      await output.next({ pattern: /^api: 4 operations, 4 schemas, \d+ files/, from: mark }),
    ).toMatch(/version 1\.0\.0/);
    expect(watching.exitCode).toBeNull();
    const exited = new Promise((resolve) => watching.once('exit', resolve));
    watching.kill('SIGINT');
    await exited;
    expect(watching.exitCode).toBe(130);
  }, 300_000);
});
