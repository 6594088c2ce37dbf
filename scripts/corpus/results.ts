/**
 * A run's results written out: `<base>.json|md` and the committed review copy under
 * test/corpus-results/, and the `--report` commands that write them again from a finished run, from
 * a `.partial.jsonl` (how far a run got), or from two runs joined (`--with-peers`).
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { DIRECTORY_PACKAGE, DIRECTORY_VERSION } from './directory.js';
import { joinRecords, peerVersions, readRecords, type StoredRecord } from './join.js';
import { root } from './options.js';
import {
  renderConsole,
  renderMarkdown,
  renderSources,
  SOURCES,
  summarise,
  type DocumentRecord,
  type RunInfo,
} from './report.js';

/** The commit checked out in `cwd`'s worktree (default this one). */
export function gitDescription(cwd = root): string {
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

/** Writes `<base>.json` and `<base>.md`, the Markdown summary to `committed`, and prints the summary. */
export function writeResults({
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

/**
 * A peers-only run's results (`<base>.json`, no table: it is joined with zapgen's results by
 * `--report ... --with-peers`), and each peer's rates printed.
 */
export function writePeersOnly({
  records,
  info,
  peerNames,
  base,
}: {
  records: readonly StoredRecord[];
  info: RunInfo;
  peerNames: readonly string[];
  base: string;
}): void {
  writeFileSync(
    `${base}.json`,
    `${JSON.stringify({ summary: { info }, documents: records }, null, 2)}\n`,
  );
  const rate = (pass: number) =>
    `${pass}/${records.length} (${((100 * pass) / Math.max(1, records.length)).toFixed(1)}%)`;
  console.log(
    `\n${peerNames
      .map(
        (name) =>
          `${name}: generates ${rate(records.filter((record) => record.peers[name]?.generated).length)}, compiles ${rate(records.filter((record) => record.peers[name]?.compiled).length)}`,
      )
      .join(
        '\n',
      )}\n\nWrote ${path.relative(process.cwd(), base)}.json; the table: --report <zapgen's results> --with-peers ${path.relative(process.cwd(), base)}.json`,
  );
}

/** `--report <results.json>`: the summary and Markdown again from a run's recorded documents. */
export function report(file: string): void {
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
export function reportJoined({
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
