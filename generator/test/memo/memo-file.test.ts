/**
 * The memo file beside the run cache (issue 24): read back, it gives the values saved; after a
 * small edit only the new entries are appended; a line an interrupted append cut is a miss, not
 * an error; and the entries no run uses are dropped once they are as many as the live ones.
 */
import { appendFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { memoFileFor, readMemo, saveMemo } from '../../src/cache.js';
import { Memo } from '../../src/memo/index.js';

let project: string;
let out: string;
beforeEach(() => {
  project = mkdtempSync(path.join(tmpdir(), 'zapgen-memo-'));
  mkdirSync(path.join(project, 'node_modules'));
  out = path.join(project, 'package');
});
afterEach(() => rmSync(project, { recursive: true, force: true }));

const file = () => memoFileFor(out)!;
const lines = () => readFileSync(file(), 'utf8').split('\n').filter(Boolean).length - 1;

describe('the memo file', () => {
  it('gives back the values saved, parsed when looked up', () => {
    const memo = new Memo();
    memo.set('a:1', { json: '{"x":1}', untyped: ['["x"]'] });
    memo.set('b:2', 'text with\ttab, newline\n and \u2028');
    saveMemo({ out, memo });
    const read = readMemo(file())!;
    expect(read.size).toBe(2);
    expect(read.get('a:1')).toEqual({ json: '{"x":1}', untyped: ['["x"]'] });
    expect(read.get('b:2')).toBe('text with\ttab, newline\n and \u2028');
    expect(read.get('c:3')).toBeUndefined();
  });

  it('appends only the entries a run made to the file it was read from', () => {
    const first = new Memo();
    for (let index = 0; index < 10; index += 1) first.set(`kept:${index}`, index);
    saveMemo({ out, memo: first });
    const before = readFileSync(file(), 'utf8');
    const memo = readMemo(file())!;
    for (let index = 0; index < 10; index += 1) memo.get(`kept:${index}`);
    memo.set('new:1', 'made by this run');
    saveMemo({ out, memo });
    const after = readFileSync(file(), 'utf8');
    expect(after.startsWith(before)).toBe(true);
    expect(after.slice(before.length)).toBe('\nnew:1\t"made by this run"\n');
    expect(readMemo(file())!.get('new:1')).toBe('made by this run');
  });

  it('skips a line an interrupted append cut, and keeps what was appended after it', () => {
    const memo = new Memo();
    memo.set('a:1', 1);
    saveMemo({ out, memo });
    appendFileSync(file(), 'cut:1\t{"json":"{\\"x');
    memo.get('a:1');
    memo.set('b:2', 2);
    saveMemo({ out, memo });
    const read = readMemo(file())!;
    expect(read.get('cut:1')).toBeUndefined();
    expect(read.get('a:1')).toBe(1);
    expect(read.get('b:2')).toBe(2);
  });

  it('is written whole again, without the entries no run uses, once they outnumber the slack', () => {
    const memo = new Memo();
    const sizes: number[] = [];
    for (let round = 0; round < 4; round += 1) {
      for (let index = 0; index < 700; index += 1) memo.set(`round${round}:${index}`, index);
      saveMemo({ out, memo });
      sizes.push(lines());
    }
    // Each round drops the one before it (700 live entries); past 2 × 700 + 1000 lines the file
    // is written again with the live ones only.
    expect(memo.size).toBe(700);
    expect(sizes).toEqual([700, 1400, 2100, 700]);
    const read = readMemo(file())!;
    expect(read.size).toBe(700);
    expect(read.get('round3:699')).toBe(699);
  });

  it('is ignored when another zapgen wrote it', () => {
    const memo = new Memo();
    memo.set('a:1', 1);
    saveMemo({ out, memo });
    const text = readFileSync(file(), 'utf8').replace(/"generator":"[0-9a-f]+"/, '"generator":"x"');
    rmSync(file());
    appendFileSync(file(), text);
    expect(readMemo(file())).toBeUndefined();
  });
});
