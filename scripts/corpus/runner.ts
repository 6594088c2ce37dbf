/**
 * A sweep run: the selected documents cut into units (a batch of small documents, or one), one
 * task per tool and unit, `--jobs` of them at a time; a document is recorded (and its progress
 * line printed) when its tools are all done, and the results written when every task is.
 */
import { rmSync } from 'node:fs';
import path from 'node:path';
import { DEFAULT_BATCH, formBatches } from './batches.js';
import { DIRECTORY_PACKAGE, DIRECTORY_VERSION, openapiVersion } from './directory.js';
import type { StoredRecord } from './join.js';
import { root, type Options } from './options.js';
import { runPeerUnit } from './peer-unit.js';
import { PEERS, peerVersion, type PeerSetup } from './peers.js';
import type { DocumentRecord, RunInfo } from './report.js';
import { gitDescription, writePeersOnly, writeResults } from './results.js';
import { appendRecord, closePartial, openPartial } from './resume.js';
import { runOrder } from './sample.js';
import { select, slug, type Selected } from './select.js';
import { zapgenAlone, zapgenBatch, type ZapgenRun } from './steps.js';

const clock = (ms: number) => {
  const seconds = Math.round(ms / 1000);
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  return h
    ? `${h}h${String(m).padStart(2, '0')}m`
    : `${m}m${String(seconds % 60).padStart(2, '0')}s`;
};

/** Runs the sweep `opts` selects, and writes its results. */
export async function runSweep(opts: Options): Promise<void> {
  const started = performance.now();
  const { selected, label, selection, population, strata, missing } = select(opts);
  if (!selected.length)
    throw new Error(`no documents match${opts.filter !== undefined ? ` "${opts.filter}"` : ''}`);
  const date = new Date().toISOString().slice(0, 10);
  const { partial, records } = openPartial({ resume: opts.resume, out: opts.out, date, label });

  const runId = `corpus-${process.pid}`;
  const runDir = path.join(root, '.tmp', 'contract', runId);
  const peers = opts.peers ? PEERS : [];
  const tools = [...(opts.zapgen ? ['zapgen'] : []), ...peers.map((peer) => peer.name)];
  const run: ZapgenRun = {
    root,
    runId,
    runDir,
    memoryMb: opts.memoryMb,
    timeoutMs: opts.timeoutMs,
    keep: opts.keep,
  };
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
    appendRecord(partial, record);
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
    const name = `corpus/${slug(item.document)}`;
    entryOf(item).record.zapgen = await zapgenAlone({ document: item.document, name, run });
    toolDone(item);
  }

  /** zapgen on a batch of small documents in one process; what it does not report runs alone. */
  async function runBatch(unit: Selected[]): Promise<void> {
    const alone = await zapgenBatch({
      documents: unit.map(({ document }) => document),
      batch: path.join(runDir, `batch-${++batches}`),
      run,
      recorded: (index, outcome) => {
        entryOf(unit[index]!).record.zapgen = outcome;
        toolDone(unit[index]!);
      },
    });
    for (const index of alone) await runAlone(unit[index]!);
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
    writePeersOnly({
      records: ordered,
      info,
      peerNames: peers.map((peer) => peer.name),
      base: path.join(opts.out, `${date}-${label}`),
    });
    closePartial(partial);
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
  closePartial(partial);
}
