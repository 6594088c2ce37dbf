/**
 * `npm run bench`'s `zapgen (watch edit)` (issue 24): what `zapgen generate --watch` spends on an
 * edit. Run as `node watch-edit.mjs <spec> <edited spec> <out>` in a project whose package, run
 * cache and memo a full run left. Like the watch, it opens the package's session and generates
 * once; then the spec file takes the edited spec's bytes and the session generates again (the
 * first edit of a session, which also pays what a process does once: compiling code, the type
 * checker's standard library). The run measured is the next edit: the last operation's summary
 * changed and a query parameter added. Printed as one JSON line,
 * `{"watchEdit":{"wallMs":…,"cpuMs":…,"written":…,"first":{"wallMs":…,"cpuMs":…}}}`, CPU of every
 * thread of the process.
 */
import { copyFileSync, readFileSync, writeFileSync } from 'node:fs';
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

/** One run of the session, timed. */
async function timed() {
  const cpu = process.cpuUsage();
  const start = performance.now();
  const summary = await generate({ spec, out, session });
  const wallMs = Math.round(performance.now() - start);
  const used = process.cpuUsage(cpu);
  return { wallMs, cpuMs: Math.round((used.user + used.system) / 1000), summary };
}

copyFileSync(edited, spec);
const first = await timed();
const document = JSON.parse(readFileSync(edited, 'utf8'));
const methods = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];
const operation = Object.values(document.paths ?? {})
  .flatMap((item) => methods.flatMap((method) => (item[method] ? [item[method]] : [])))
  .at(-1);
operation.summary = `${operation.summary ?? ''} (edited)`;
operation.parameters = [
  ...(operation.parameters ?? []),
  { name: 'zapgen_bench_edit', in: 'query', schema: { type: 'string' } },
];
writeFileSync(spec, JSON.stringify(document));
const next = await timed();
console.log(
  JSON.stringify({
    watchEdit: {
      wallMs: next.wallMs,
      cpuMs: next.cpuMs,
      written: next.summary.files.written,
      first: { wallMs: first.wallMs, cpuMs: first.cpuMs },
    },
  }),
);
