/**
 * `npm run bench:client`: what a generated client costs its user, beside a bare openapi-fetch call.
 *
 * 1. Bundle size: esbuild bundles a tiny entry that imports one operation of each generated
 *    package (browser, ESM, minified), gzips it, and lists what the bundle holds (esbuild's
 *    metafile, grouped by package) and how many of the package's operations came along; and
 *    what a first validated call has loaded by the time it returns (the validators, zod and the
 *    validation functions load on demand).
 *    Also the drop-in client (`<package>/fetch`, every operation's route, no validator) and one
 *    operation's TanStack Query options (`<package>/tanstack-query`).
 * 2. Call overhead: many sequential calls of that operation through the generated client
 *    (validation on and off), through the drop-in client, and through openapi-fetch's
 *    `createClient`, all with the same in-process `fetch` stub that answers a canned JSON
 *    response; the process's CPU nanoseconds per call, medians of interleaved rounds, and the
 *    ratio to openapi-fetch.
 *
 *    Each variant runs in a process of its own by default (`--layout process`): a user's program
 *    calls one of these clients, and a shared process makes V8 see every variant's objects in the
 *    runtime's functions (the validating client's definitions passing through the drop-in's code),
 *    a polymorphism no single-client program has and openapi-fetch, one library apart, never
 *    pays. The processes still take turns, round by round, in a rotating order, so the variants
 *    are timed in the same minutes of the machine's load. `--layout shared` times all of them in
 *    this one process, as before, to show what a program mixing the clients sees.
 *
 * Options: `--rounds <n>` (default 7; 0: bundles only), `--calls <n>` per round (default 20000),
 * `--layout process|shared` (default process), `--json <file>`, `--help`.
 */
import { gzipSync } from 'node:zlib';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { fork, type ChildProcess } from 'node:child_process';
import { build } from 'esbuild';
import type { Metafile } from 'esbuild';
import createFetchClient from 'openapi-fetch';
import * as actionsV2 from '@zapgen/actions-v2';
import createActionsDropIn from '@zapgen/actions-v2/fetch';
import * as partnerV1 from '@zapgen/partner-v1';
import createPartnerDropIn from '@zapgen/partner-v1/fetch';
import { operationFixtures as actionsV2Fixtures } from '@zapgen/actions-v2/fixtures';
import { operationFixtures as partnerV1Fixtures } from '@zapgen/partner-v1/fixtures';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** One operation of one generated package, called the way its users call it. */
interface Subject {
  packageName: string;
  operationId: string;
  /** Every operation's path template, to count how many came into the bundle. */
  operationPaths: string[];
  /** An entry importing the operation and calling it, as a user's module would. */
  entry: string;
  /** openapi-fetch's call of the same operation, for the baseline entry. */
  bareEntry: string;
  /** The same call through the drop-in client. */
  dropInEntry: string;
  /** The operation's TanStack Query options, as a user's module would import them. */
  queryOptionsEntry: string;
  /** A valid response body for the stub. */
  responseBody: unknown;
  generatedCall: (options: { fetch: typeof fetch; validate: boolean }) => () => Promise<unknown>;
  bareCall: (fetchStub: typeof fetch) => () => Promise<unknown>;
  dropInCall: (fetchStub: typeof fetch) => () => Promise<unknown>;
}

const BASE_URL = 'https://api.example.test';

const subjects: Subject[] = [
  {
    packageName: '@zapgen/actions-v2',
    operationId: 'getApp',
    operationPaths: Object.values(actionsV2.operationDefinitions).map(
      (operation) => operation.path,
    ),
    entry: [
      "import { createBaseClient, getApp } from '@zapgen/actions-v2';",
      `const client = createBaseClient({ baseUrl: '${BASE_URL}', apiKey: 'key' });`,
      "export const run = () => getApp(client, { path: { app: 'delta' } });",
    ].join('\n'),
    bareEntry: [
      "import createClient from 'openapi-fetch';",
      `const client = createClient({ baseUrl: '${BASE_URL}', headers: { 'x-api-key': 'key' } });`,
      "export const run = () => client.GET('/api/v2/apps/{app}/', { params: { path: { app: 'delta' } } });",
    ].join('\n'),
    dropInEntry: [
      "import createClient from '@zapgen/actions-v2/fetch';",
      `const client = createClient({ baseUrl: '${BASE_URL}', apiKey: 'key' });`,
      "export const run = () => client.GET('/api/v2/apps/{app}/', { params: { path: { app: 'delta' } } });",
    ].join('\n'),
    queryOptionsEntry: [
      "import { createBaseClient } from '@zapgen/actions-v2';",
      "import { getAppQueryOptions } from '@zapgen/actions-v2/tanstack-query';",
      `const client = createBaseClient({ baseUrl: '${BASE_URL}', apiKey: 'key' });`,
      "export const options = getAppQueryOptions(client, { path: { app: 'delta' } });",
    ].join('\n'),
    responseBody: actionsV2Fixtures.getApp.responses['200'],
    generatedCall: ({ fetch, validate }) => {
      const client = actionsV2.createBaseClient({
        baseUrl: BASE_URL,
        apiKey: 'key',
        fetch,
        validation: validation(validate),
      });
      return () => actionsV2.getApp(client, { path: { app: 'delta' } });
    },
    bareCall: (fetchStub) => {
      const client = createFetchClient<actionsV2.paths>({
        baseUrl: BASE_URL,
        headers: { 'x-api-key': 'key' },
        fetch: fetchStub,
      });
      return () => client.GET('/api/v2/apps/{app}/', { params: { path: { app: 'delta' } } });
    },
    dropInCall: (fetchStub) => {
      const client = createActionsDropIn({ baseUrl: BASE_URL, apiKey: 'key', fetch: fetchStub });
      return () => client.GET('/api/v2/apps/{app}/', { params: { path: { app: 'delta' } } });
    },
  },
  {
    packageName: '@zapgen/partner-v1',
    operationId: 'listApps',
    operationPaths: Object.values(partnerV1.operationDefinitions).map(
      (operation) => operation.path,
    ),
    entry: [
      "import { createBaseClient, listApps } from '@zapgen/partner-v1';",
      `const client = createBaseClient({ baseUrl: '${BASE_URL}', clientId: 'id' });`,
      'export const run = () => listApps(client, { query: { per_page: 10 } });',
    ].join('\n'),
    bareEntry: [
      "import createClient from 'openapi-fetch';",
      `const client = createClient({ baseUrl: '${BASE_URL}' });`,
      "export const run = () => client.GET('/v1/apps', { params: { query: { per_page: 10, client_id: 'id' } } });",
    ].join('\n'),
    dropInEntry: [
      "import createClient from '@zapgen/partner-v1/fetch';",
      `const client = createClient({ baseUrl: '${BASE_URL}', clientId: 'id' });`,
      "export const run = () => client.GET('/v1/apps', { params: { query: { per_page: 10 } } });",
    ].join('\n'),
    queryOptionsEntry: [
      "import { createBaseClient } from '@zapgen/partner-v1';",
      "import { listAppsQueryOptions } from '@zapgen/partner-v1/tanstack-query';",
      `const client = createBaseClient({ baseUrl: '${BASE_URL}', clientId: 'id' });`,
      'export const options = listAppsQueryOptions(client, { query: { per_page: 10 } });',
    ].join('\n'),
    responseBody: partnerV1Fixtures.listApps.responses['200'],
    generatedCall: ({ fetch, validate }) => {
      const client = partnerV1.createBaseClient({
        baseUrl: BASE_URL,
        clientId: 'id',
        fetch,
        validation: validation(validate),
      });
      return () => partnerV1.listApps(client, { query: { per_page: 10 } });
    },
    bareCall: (fetchStub) => {
      const client = createFetchClient<partnerV1.paths>({ baseUrl: BASE_URL, fetch: fetchStub });
      // client_id is a credential in the spec (an apiKey in the query), so openapi-fetch's types do not list it.
      const query = { per_page: 10, client_id: 'id' } as { per_page: number };
      return () => client.GET('/v1/apps', { params: { query } });
    },
    dropInCall: (fetchStub) => {
      const client = createPartnerDropIn({ baseUrl: BASE_URL, clientId: 'id', fetch: fetchStub });
      return () => client.GET('/v1/apps', { params: { query: { per_page: 10 } } });
    },
  },
];

function validation(validate: boolean) {
  return validate
    ? { request: true, response: 'strict' as const }
    : { request: false, response: 'off' as const };
}

interface BundleReport {
  entry: string;
  /** What the entry loads at once (it and its static imports). */
  minifiedBytes: number;
  gzippedBytes: number;
  /** Chunks loaded only on demand (`import()` in live code, and what they import), minified. */
  lazyMinifiedBytes: number;
  /**
   * What a validated call has loaded once it returns: what loads at once plus the on-demand
   * chunks of validation (the operation's validators, zod, the validation functions and what they
   * import), minified and gzipped as one. Absent for an entry that does not validate.
   */
  validated?: { minifiedBytes: number; gzippedBytes: number };
  /** Bytes in the minified output by package (`zod`, `@zapgen/runtime`, the generated package, ...). */
  byPackage: Record<string, number>;
  /** How many of the package's operations (by path template) the bundle holds. */
  operationsInBundle?: { found: number; of: number; paths: string[] };
}

/** `node_modules/zod/v4/...` → `zod`; `packages/runtime/dist/...` → `packages/runtime`. */
function packageOf(input: string): string {
  const parts = input.split('/');
  const nodeModules = parts.lastIndexOf('node_modules');
  if (nodeModules >= 0) {
    const name = parts[nodeModules + 1] ?? input;
    return name.startsWith('@') ? `${name}/${parts[nodeModules + 2]}` : name;
  }
  if (parts[0] === 'packages') return `packages/${parts[1]}`;
  return input;
}

/**
 * Bundles an entry as an application's bundler does: code split, so that what the entry loads
 * only on demand (`import()`, e.g. the drop-in client's validators) is a chunk of its own. What
 * is reported is what the entry loads at once: it and the chunks it imports statically.
 */
async function bundle(options: {
  entry: string;
  operationPaths?: string[];
  /** The input of the on-demand module a validated call loads first (`validated/<operation>.js`). */
  validatedInput?: string;
}): Promise<BundleReport> {
  const result = await build({
    stdin: { contents: options.entry, resolveDir: repoRoot, loader: 'ts', sourcefile: 'entry.ts' },
    absWorkingDir: repoRoot,
    bundle: true,
    minify: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    splitting: true,
    outdir: 'bench-out',
    write: false,
    metafile: true,
    logLevel: 'silent',
  });
  const metafile: Metafile = result.metafile;
  const outputs = metafile.outputs;
  // The entry itself: chunks loaded by `import()` are entry points too.
  const entryPath = Object.keys(outputs).find((path) => outputs[path]!.entryPoint === 'entry.ts');
  if (entryPath === undefined) throw new Error('esbuild produced no entry');
  // The entry and what it imports statically, transitively: loaded at once.
  const initial = new Set<string>();
  const visit = (path: string) => {
    if (initial.has(path)) return;
    initial.add(path);
    for (const imported of outputs[path]!.imports)
      if (imported.kind === 'import-statement') visit(imported.path);
  };
  visit(entryPath);
  const contents = (path: string) =>
    result.outputFiles.find((file) => file.path.endsWith(`/${path}`))!.contents;
  const initialBytes = Buffer.concat([...initial].map((path) => Buffer.from(contents(path))));
  const byPackage: Record<string, number> = {};
  for (const path of initial)
    for (const [input, { bytesInOutput }] of Object.entries(outputs[path]!.inputs)) {
      const name = packageOf(input);
      byPackage[name] = (byPackage[name] ?? 0) + bytesInOutput;
    }
  // What live code can load on demand: the chunks its `import()`s name, and their imports.
  // (esbuild also writes a chunk for an `import()` in code it dropped; nothing loads those.)
  const onDemand = new Set<string>();
  const visitLazy = (path: string) => {
    if (initial.has(path) || onDemand.has(path)) return;
    onDemand.add(path);
    for (const imported of outputs[path]!.imports) visitLazy(imported.path);
  };
  for (const path of initial)
    for (const imported of outputs[path]!.imports)
      if (imported.kind === 'dynamic-import') visitLazy(imported.path);
  const lazyBytes = [...onDemand].reduce((total, path) => total + outputs[path]!.bytes, 0);
  // A validated call loads the operation's validators and the runtime's validation module.
  let validated: BundleReport['validated'];
  if (options.validatedInput !== undefined) {
    const loaded = new Set(initial);
    const visitLoaded = (path: string) => {
      if (loaded.has(path)) return;
      loaded.add(path);
      for (const imported of outputs[path]!.imports)
        if (imported.kind === 'import-statement') visitLoaded(imported.path);
    };
    const wanted = [options.validatedInput, 'packages/runtime/dist/client/call-validation.js'];
    for (const path of onDemand)
      if (Object.keys(outputs[path]!.inputs).some((input) => wanted.includes(input)))
        visitLoaded(path);
    const bytes = Buffer.concat([...loaded].map((path) => Buffer.from(contents(path))));
    validated = {
      minifiedBytes: bytes.byteLength,
      gzippedBytes: gzipSync(bytes, { level: 9 }).byteLength,
    };
  }
  const report: BundleReport = {
    entry: options.entry,
    minifiedBytes: initialBytes.byteLength,
    gzippedBytes: gzipSync(initialBytes, { level: 9 }).byteLength,
    lazyMinifiedBytes: lazyBytes,
    byPackage: Object.fromEntries(Object.entries(byPackage).sort(([, a], [, b]) => b - a)),
    ...(validated === undefined ? {} : { validated }),
  };
  if (options.operationPaths) {
    const text = initialBytes.toString('utf8');
    const found = options.operationPaths.filter((template) =>
      text.includes(JSON.stringify(template)),
    );
    report.operationsInBundle = {
      found: found.length,
      of: options.operationPaths.length,
      paths: found,
    };
  }
  return report;
}

/** A fetch that answers every request at once with the same JSON body, as a new `Response` each time. */
function stubFetch(body: unknown): typeof fetch {
  const text = JSON.stringify(body);
  const headers = { 'content-type': 'application/json' };
  return async () => new Response(text, { status: 200, headers });
}

async function nsPerCall(options: {
  call: () => Promise<unknown>;
  calls: number;
}): Promise<number> {
  // The process's CPU time, not the wall clock: on a machine shared with other work the wall
  // clock counts the time this process waited for a core, which is noise, not cost.
  const start = process.cpuUsage();
  for (let index = 0; index < options.calls; index += 1) await options.call();
  const used = process.cpuUsage(start);
  return ((used.user + used.system) * 1000) / options.calls;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

interface OverheadReport {
  operation: string;
  nsPerCall: { openapiFetch: number; validationOn: number; validationOff: number; dropIn: number };
  ratio: { validationOn: number; validationOff: number; dropIn: number };
  /**
   * Each round's ratio to openapi-fetch's time in the same round (its neighbours in time), then
   * their median and range: the load of a shared machine drifts over minutes, and a ratio of two
   * medians taken over the whole run carries that drift; a paired ratio does not.
   */
  pairedRatio: Record<'validationOn' | 'validationOff' | 'dropIn', Spread>;
}

interface Spread {
  median: number;
  min: number;
  max: number;
}

function pairedSpread(samples: number[], baseline: number[]): Spread {
  const ratios = samples.map((sample, round) => sample / baseline[round]!);
  return { median: median(ratios), min: Math.min(...ratios), max: Math.max(...ratios) };
}

type Variant = 'openapiFetch' | 'validationOn' | 'validationOff' | 'dropIn';
const VARIANTS: Variant[] = ['openapiFetch', 'validationOn', 'validationOff', 'dropIn'];

/** One variant's call of one subject, with the same stub every variant gets. */
function variantCall(subject: Subject, variant: Variant): () => Promise<unknown> {
  const fetchStub = stubFetch(subject.responseBody);
  switch (variant) {
    case 'openapiFetch':
      return subject.bareCall(fetchStub);
    case 'validationOn':
      return subject.generatedCall({ fetch: fetchStub, validate: true });
    case 'validationOff':
      return subject.generatedCall({ fetch: fetchStub, validate: false });
    case 'dropIn':
      return subject.dropInCall(fetchStub);
  }
}

/** Times a batch of calls: in this process (`shared`), or in the variant's own process. */
type Timer = (calls: number) => Promise<number>;

const WORKER_ENV = 'ZAPGEN_BENCH_CLIENT_WORKER';

/**
 * A process of its own for one variant: it builds the call, then times a batch whenever asked.
 * Only one worker runs at a time; the others wait for their turn.
 */
function startWorker(subjectIndex: number, variant: Variant): { time: Timer; stop: () => void } {
  const child: ChildProcess = fork(fileURLToPath(import.meta.url), [], {
    env: { ...process.env, [WORKER_ENV]: JSON.stringify({ subjectIndex, variant }) },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const time: Timer = (calls) =>
    new Promise((resolve, reject) => {
      const onExit = (code: number | null) =>
        reject(new Error(`the ${variant} worker exited (${code}) before answering`));
      child.once('exit', onExit);
      child.once('message', (ns) => {
        child.off('exit', onExit);
        resolve(ns as number);
      });
      child.send({ calls });
    });
  return { time, stop: () => child.disconnect() };
}

/** The worker's side: answers each `{ calls }` with the CPU ns per call of that many calls. */
async function runWorker(spec: string): Promise<void> {
  const { subjectIndex, variant } = JSON.parse(spec) as { subjectIndex: number; variant: Variant };
  const call = variantCall(subjects[subjectIndex]!, variant);
  let queue = Promise.resolve();
  process.on('message', (message) => {
    const { calls } = message as { calls: number };
    queue = queue.then(async () => {
      process.send!(await nsPerCall({ call, calls }));
    });
  });
}

async function overhead(options: {
  subject: Subject;
  subjectIndex: number;
  rounds: number;
  calls: number;
  layout: 'process' | 'shared';
}): Promise<OverheadReport> {
  const { subject } = options;
  const workers =
    options.layout === 'process'
      ? VARIANTS.map((variant) => startWorker(options.subjectIndex, variant))
      : undefined;
  const timers = Object.fromEntries(
    VARIANTS.map((variant, index) => {
      if (workers) return [variant, workers[index]!.time];
      const call = variantCall(subject, variant);
      return [variant, (calls: number) => nsPerCall({ call, calls })];
    }),
  ) as Record<Variant, Timer>;
  const samples: Record<Variant, number[]> = {
    openapiFetch: [],
    validationOn: [],
    validationOff: [],
    dropIn: [],
  };
  try {
    // Warm up every variant (JIT, inline caches) before timing any.
    for (const variant of VARIANTS) await timers[variant](Math.min(options.calls, 5000));
    // Each round starts with another variant: in a shared process the garbage a variant leaves
    // is collected in the next one's time, so a fixed order would charge one variant with
    // another's allocations; in separate processes the rotation spreads the machine's load.
    for (let round = 0; round < options.rounds; round += 1) {
      const shift = round % VARIANTS.length;
      for (const variant of [...VARIANTS.slice(shift), ...VARIANTS.slice(0, shift)])
        samples[variant].push(await timers[variant](options.calls));
    }
  } finally {
    for (const worker of workers ?? []) worker.stop();
  }
  const ns = {
    openapiFetch: median(samples.openapiFetch),
    validationOn: median(samples.validationOn),
    validationOff: median(samples.validationOff),
    dropIn: median(samples.dropIn),
  };
  return {
    operation: `${subject.packageName} ${subject.operationId}`,
    nsPerCall: ns,
    ratio: {
      validationOn: ns.validationOn / ns.openapiFetch,
      validationOff: ns.validationOff / ns.openapiFetch,
      dropIn: ns.dropIn / ns.openapiFetch,
    },
    pairedRatio: {
      validationOn: pairedSpread(samples.validationOn, samples.openapiFetch),
      validationOff: pairedSpread(samples.validationOff, samples.openapiFetch),
      dropIn: pairedSpread(samples.dropIn, samples.openapiFetch),
    },
  };
}

const kB = (bytes: number) => (bytes / 1000).toFixed(1);

const USAGE = `npm run bench:client -- [options]

What a generated client costs its user beside openapi-fetch: the bundle of one operation, and the
CPU time per call (validation on and off, the drop-in client), in interleaved rounds.

Options:
  --rounds <n>               timed rounds per variant (default 7; 0: bundles only)
  --calls <n>                sequential calls per round (default 20000)
  --layout process|shared    a process per variant (default), or all in this one
  --json <file>              also write the results as JSON
  -h, --help                 this text`;

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      help: { type: 'boolean', short: 'h' },
      rounds: { type: 'string', default: '7' },
      calls: { type: 'string', default: '20000' },
      layout: { type: 'string', default: 'process' },
      json: { type: 'string' },
    },
  });
  if (values.help) {
    console.log(USAGE);
    return;
  }
  if (values.layout !== 'process' && values.layout !== 'shared')
    throw new Error(`--layout is process or shared, not ${values.layout}`);
  const layout = values.layout;
  const rounds = Number(values.rounds);
  const calls = Number(values.calls);

  const bundles: Record<string, BundleReport> = {};
  for (const subject of subjects) {
    bundles[`${subject.packageName} ${subject.operationId}`] = await bundle({
      entry: subject.entry,
      operationPaths: subject.operationPaths,
      validatedInput: `packages/${subject.packageName.split('/')[1]}/dist/validated/${subject.operationId}.js`,
    });
    bundles[`openapi-fetch ${subject.operationId}`] = await bundle({ entry: subject.bareEntry });
    bundles[`${subject.packageName}/fetch (drop-in) ${subject.operationId}`] = await bundle({
      entry: subject.dropInEntry,
      operationPaths: subject.operationPaths,
    });
    bundles[`${subject.packageName}/tanstack-query ${subject.operationId}QueryOptions`] =
      await bundle({ entry: subject.queryOptionsEntry, operationPaths: subject.operationPaths });
  }
  console.log(
    '## Bundle of one operation (esbuild, browser, code split, minified; gzip -9; what loads at once)\n',
  );
  console.log(
    '| entry | min kB | min+gz kB | after a validated call, min+gz kB | on demand, min kB | operations in bundle | largest parts (min kB) |',
  );
  console.log('|---|---:|---:|---:|---:|---|---|');
  for (const [name, report] of Object.entries(bundles)) {
    const parts = Object.entries(report.byPackage)
      .slice(0, 4)
      .map(([part, bytes]) => `${part} ${kB(bytes)}`)
      .join(', ');
    const operations = report.operationsInBundle
      ? `${report.operationsInBundle.found} of ${report.operationsInBundle.of}`
      : '';
    console.log(
      `| ${name} | ${kB(report.minifiedBytes)} | ${kB(report.gzippedBytes)} | ${report.validated ? kB(report.validated.gzippedBytes) : ''} | ${report.lazyMinifiedBytes ? kB(report.lazyMinifiedBytes) : ''} | ${operations} | ${parts} |`,
    );
  }

  const overheads: OverheadReport[] = [];
  if (rounds === 0) return;
  for (const [subjectIndex, subject] of subjects.entries())
    overheads.push(await overhead({ subject, subjectIndex, rounds, calls, layout }));
  console.log(
    `\n## Call overhead (in-process fetch stub; CPU time of the timing process, ${layout === 'process' ? 'one process per variant' : 'all variants in one process'}; median of ${rounds} rounds of ${calls} sequential calls, each round starting with another variant)\n`,
  );
  console.log(
    '| operation | openapi-fetch ns/call | drop-in ns/call (ratio) | validation on ns/call (ratio) | validation off ns/call (ratio) |',
  );
  console.log('|---|---:|---:|---:|---:|');
  for (const report of overheads) {
    const { nsPerCall: ns, ratio } = report;
    console.log(
      `| ${report.operation} | ${ns.openapiFetch.toFixed(0)} | ${ns.dropIn.toFixed(0)} (${ratio.dropIn.toFixed(2)}×) | ${ns.validationOn.toFixed(0)} (${ratio.validationOn.toFixed(2)}×) | ${ns.validationOff.toFixed(0)} (${ratio.validationOff.toFixed(2)}×) |`,
    );
  }
  const spread = ({ median: mid, min, max }: Spread) =>
    `${mid.toFixed(2)}× (${min.toFixed(2)}–${max.toFixed(2)})`;
  console.log(
    `\nEach round's time over openapi-fetch's in the same round: median (range) of ${rounds} rounds.\n`,
  );
  console.log('| operation | drop-in | validation on | validation off |');
  console.log('|---|---:|---:|---:|');
  for (const { operation, pairedRatio: paired } of overheads)
    console.log(
      `| ${operation} | ${spread(paired.dropIn)} | ${spread(paired.validationOn)} | ${spread(paired.validationOff)} |`,
    );
  if (values.json)
    writeFileSync(
      values.json,
      `${JSON.stringify({ node: process.version, layout, bundles, overheads }, null, 2)}\n`,
    );
}

const workerSpec = process.env[WORKER_ENV];
if (workerSpec === undefined) await main();
else await runWorker(workerSpec);
