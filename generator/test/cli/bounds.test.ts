/**
 * Bounded input, through the built CLI as a user runs it: special files, a `$ref` to a device,
 * oversized files, YAML alias bombs and cycles, nesting beyond the limit. Each must end in a
 * located `input-bounds` error (exit 1) within seconds: never a hang, a crash or exit 70.
 */
import { spawn, spawnSync } from 'node:child_process';
import {
  closeSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readdirSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INPUT_LIMITS } from '../../src/load/bounds.js';
import { bin, buildBin } from './bin.js';

let dir: string;

/** Runs the CLI in `dir` with a time limit: a hang fails the test instead of stalling it. */
function zapgen(
  ...args: string[]
): Promise<{ status: number | null; output: string; timedOut: boolean }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [bin, ...args], { cwd: dir });
    let output = '';
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      child.kill('SIGKILL');
    }, 60_000);
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('close', (status) => {
      clearTimeout(timer);
      resolve({ status, output, timedOut });
    });
  });
}

const HEAD = "openapi: 3.1.0\ninfo: {title: bounded, version: '1'}\npaths: {}\n";

/** A spec whose one schema is a `$ref` to `target`. */
function referring(target: string): string {
  return `${HEAD}components:\n  schemas:\n    A: {$ref: '${target}'}\n`;
}

/** Aliases nesting `levels` times tenfold: 10^levels nodes from a few hundred bytes. */
function aliasBomb(levels: number): string {
  const names = 'abcdefghijklmnop';
  let text = `${HEAD}components:\n  schemas:\n    A:\n      type: object\n`;
  text += `      x-${names[0]}: &${names[0]} [${Array(10).fill('x').join(', ')}]\n`;
  for (let level = 1; level < levels; level += 1)
    text += `      x-${names[level]}: &${names[level]} [${Array(10)
      .fill(`*${names[level - 1]}`)
      .join(', ')}]\n`;
  return text;
}

/** A JSON spec whose schema `A` nests objects `depth` levels deep. */
function deepJson(depth: number): string {
  let schema = '{"type":"string"}';
  for (let level = 0; level < depth; level += 1)
    schema = `{"type":"object","properties":{"p":${schema}}}`;
  return `{"openapi":"3.1.0","info":{"title":"deep","version":"1"},"paths":{},"components":{"schemas":{"A":${schema}}}}`;
}

beforeAll(() => {
  buildBin();
  dir = mkdtempSync(path.join(tmpdir(), 'zapgen-bounds-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/**
 * `[name, { setup → spec path, want: the located finding, validate: also run validate }]`:
 * `generate` reads as `validate` does; the latter runs where it was the one that failed (a FIFO
 * hung both, an alias bomb passed `validate` and ended `generate` with exit 70).
 */
const CASES: [string, { setup: () => string; want: RegExp; validate?: true }][] = [
  [
    'a FIFO as the spec (no writer: an ordinary open waits forever)',
    {
      setup: () => {
        spawnSync('mkfifo', [path.join(dir, 'fifo.yaml')]);
        return 'fifo.yaml';
      },
      want: /^fifo\.yaml:1:1 {2}error {2}input-bounds {2}fifo\.yaml: is a FIFO \(named pipe\), not a regular file/m,
      validate: true,
    },
  ],
  [
    // Outside the spec's folder, and no spec file: refused before it is opened (`spec-files`); a
    // device inside the folder is refused by its kind, as the FIFO below is.
    'a $ref to /dev/zero (endless bytes)',
    {
      setup: () => {
        writeFileSync(path.join(dir, 'zero.yaml'), referring('/dev/zero'));
        return 'zero.yaml';
      },
      want: /^zero\.yaml:6:9 {2}error {2}spec-files {2}\$ref "\/dev\/zero" is not followed, since zapgen does not read .*dev\/zero: it is outside the spec's folder/m,
    },
  ],
  [
    'a symbolic link to /dev/zero as the spec',
    {
      setup: () => {
        symlinkSync('/dev/zero', path.join(dir, 'link.yaml'));
        return 'link.yaml';
      },
      want: /^link\.yaml:1:1 {2}error {2}input-bounds {2}link\.yaml: is a character device/m,
    },
  ],
  [
    'a $ref to a FIFO',
    {
      setup: () => {
        spawnSync('mkfifo', [path.join(dir, 'part.yaml')]);
        writeFileSync(path.join(dir, 'refers-fifo.yaml'), referring('part.yaml'));
        return 'refers-fifo.yaml';
      },
      want: /^refers-fifo\.yaml:6:9 {2}error {2}input-bounds {2}\$ref "part\.yaml" cannot be followed: part\.yaml: is a FIFO/m,
    },
  ],
  [
    'a file larger than the limit (sparse: refused before it is read)',
    {
      setup: () => {
        const file = path.join(dir, 'huge.yaml');
        const descriptor = openSync(file, 'w');
        writeFileSync(descriptor, HEAD);
        closeSync(descriptor);
        spawnSync('truncate', ['-s', String(INPUT_LIMITS.fileBytes + 1), file]);
        return 'huge.yaml';
      },
      want: /^huge\.yaml:1:1 {2}error {2}input-bounds {2}huge\.yaml: is 67,108,865 bytes, more than the 64 MiB zapgen reads from one spec file/m,
    },
  ],
  [
    'a YAML alias bomb (10^9 nodes in 700 bytes)',
    {
      setup: () => {
        writeFileSync(path.join(dir, 'bomb.yaml'), aliasBomb(9));
        return 'bomb.yaml';
      },
      want: /^bomb\.yaml:14:\d+ {2}error {2}input-bounds {2}with its YAML aliases expanded the file holds more than 10,000,000 nodes \(the alias \*f alone stands for 1,111,111\)/m,
      validate: true,
    },
  ],
  [
    'a YAML alias inside its own anchor (endless data)',
    {
      setup: () => {
        writeFileSync(
          path.join(dir, 'cycle.yaml'),
          `${HEAD}components:\n  schemas:\n    A: &a\n      type: object\n      x-self: *a\n`,
        );
        return 'cycle.yaml';
      },
      want: /^cycle\.yaml:8:15 {2}error {2}input-bounds {2}the alias \*a is inside the node it refers to/m,
    },
  ],
  [
    'JSON nested deeper than the limit',
    {
      setup: () => {
        writeFileSync(path.join(dir, 'deep.json'), deepJson(INPUT_LIMITS.depth));
        return 'deep.json';
      },
      want: new RegExp(
        `^deep\\.json:1:\\d+ {2}error {2}input-bounds {2}the data here is nested more than ${INPUT_LIMITS.depth} levels deep`,
        'm',
      ),
    },
  ],
];

describe('bounded input', () => {
  // Two at a time: each case is a few child processes that mostly wait for Node to start.
  it.concurrent.each(CASES)(
    '%s: fails located, quickly, and writes nothing',
    async (_name, { setup, want, validate }) => {
      const spec = setup();
      const out = path.join(dir, `out-${spec}`);
      const results = await Promise.all([
        zapgen('generate', '--spec', spec, '--out', out),
        ...(validate ? [zapgen('validate', '--spec', spec)] : []),
      ]);
      for (const [index, result] of results.entries()) {
        const command = index === 0 ? 'generate' : 'validate';
        expect(result.timedOut, `${command} ${spec} hung`).toBe(false);
        expect(result.output).toMatch(want);
        expect(result.status, result.output).toBe(1);
      }
      expect(() => readdirSync(out)).toThrow();
    },
  );

  it('still reads a file through a symbolic link to a regular file', async () => {
    mkdirSync(path.join(dir, 'real'));
    writeFileSync(path.join(dir, 'real/openapi.yaml'), HEAD);
    symlinkSync(path.join(dir, 'real/openapi.yaml'), path.join(dir, 'linked.yaml'));
    const result = await zapgen('validate', '--spec', 'linked.yaml');
    expect(result.output).toMatch(/linked: valid/);
    expect(result.status).toBe(0);
  });
});
