/**
 * `npm run bench`'s `zapgen (watch edit)` (issue 24): what `zapgen generate --watch` spends on one
 * edit. Run as `node watch-edit.mjs <spec> <edited spec> <out>` in a project whose package,
 * run cache and memo a full run left. Like the watch, it opens the package's session and
 * generates once; then the spec file takes the edited spec's bytes and the session generates
 * again. Only that second run is timed (wall, and CPU of every thread of the process), and
 * printed as one JSON line, `{"watchEdit":{"wallMs":…,"cpuMs":…,"written":…}}`.
 */
import { copyFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import process from 'node:process';

const [spec, edited, out] = process.argv.slice(2);
if (!spec || !edited || !out) {
  console.error('usage: node watch-edit.mjs <spec> <edited spec> <out>');
  process.exit(2);
}
const { generate } = await import('../../generator/dist/pipeline.js');
const { openWatchSession } = await import('../../generator/dist/session.js');
const session = openWatchSession(out);
await generate({ spec, out, session });
copyFileSync(edited, spec);
const cpu = process.cpuUsage();
const start = performance.now();
const summary = await generate({ spec, out, session });
const wallMs = Math.round(performance.now() - start);
const used = process.cpuUsage(cpu);
const cpuMs = Math.round((used.user + used.system) / 1000);
console.log(JSON.stringify({ watchEdit: { wallMs, cpuMs, written: summary.files.written } }));
