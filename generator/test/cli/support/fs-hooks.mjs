/**
 * Preloaded (`node --import`) into a zapgen child process by the CLI tests, to make what only
 * happens by chance happen on cue. It wraps `fs.renameSync` for the renames of a write's swap
 * (the staged `.zapgen-…` files) and, as the environment asks:
 *
 * - `ZAPGEN_HOOK_RENAME_DELAY_MS`: blocks that long before each swap rename (a slow disk);
 * - `ZAPGEN_HOOK_REPORT`: prints `zapgen-hook: rename <n>` to stderr before each one, so that
 *   the parent can send a signal in the middle of the swap;
 * - `ZAPGEN_HOOK_EDIT_FILE` + `ZAPGEN_HOOK_EDIT_TEXT`: before the first one, appends the text to
 *   the file (an editor saving the spec while generate runs).
 */
import fs from 'node:fs';
import { syncBuiltinESMExports } from 'node:module';

const delay = Number(process.env.ZAPGEN_HOOK_RENAME_DELAY_MS ?? 0);
const report = process.env.ZAPGEN_HOOK_REPORT === '1';
const editFile = process.env.ZAPGEN_HOOK_EDIT_FILE;
const editText = process.env.ZAPGEN_HOOK_EDIT_TEXT ?? '';
const sleeper = new Int32Array(new SharedArrayBuffer(4));
const original = fs.renameSync;
let count = 0;

fs.renameSync = function renameSync(from, to) {
  if (/\.zapgen-\d+-/.test(String(from)) || /\.zapgen-\d+-/.test(String(to))) {
    count += 1;
    if (count === 1 && editFile) fs.appendFileSync(editFile, editText);
    if (report) fs.writeSync(2, `zapgen-hook: rename ${count}\n`);
    if (delay > 0) Atomics.wait(sleeper, 0, 0, delay);
  }
  return original.call(this, from, to);
};
syncBuiltinESMExports();
