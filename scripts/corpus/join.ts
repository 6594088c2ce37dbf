/**
 * Results of runs made at different times, read back and joined: a zapgen-only run (`--no-peers`)
 * and a peers-only run (`--peers-only`) of the same selection make one side-by-side table of the
 * documents both finished. The peers' results do not depend on zapgen, so they need not be run
 * again when zapgen changes; a full collection takes hours per tool, so each runs when it can.
 */
import { readFileSync } from 'node:fs';
import type { ZapgenOutcome } from './outcome.js';
import type { DocumentRecord, RunInfo } from './report.js';

/** A record of a run with or without zapgen (a peers-only run records no `zapgen`). */
export type StoredRecord = Omit<DocumentRecord, 'zapgen'> & { zapgen?: ZapgenOutcome };

/**
 * The records of a run: its `.json` (with the run's settings), or its `.partial.jsonl` (of a run
 * interrupted or still running; several runs' files may be concatenated, e.g. a re-run of some
 * documents after the first: the last record of each document counts).
 */
export function readRecords(file: string): { records: StoredRecord[]; info?: RunInfo } {
  const text = readFileSync(file, 'utf8');
  if (!file.endsWith('.jsonl')) {
    const { summary, documents } = JSON.parse(text) as {
      summary?: { info: RunInfo };
      documents: StoredRecord[];
    };
    return { records: documents, ...(summary && { info: summary.info }) };
  }
  const byId = new Map<string, StoredRecord>();
  for (const line of text.split('\n').filter(Boolean)) {
    const record = JSON.parse(line) as StoredRecord;
    byId.delete(record.id);
    byId.set(record.id, record);
  }
  return { records: [...byId.values()] };
}

export interface Joined {
  /** The documents both runs finished, in zapgen's order, with every peer's results. */
  records: DocumentRecord[];
  /** Documents zapgen's run finished that have no peer results (yet). */
  zapgenOnly: string[];
  /** Documents with peer results that zapgen's run has not finished (yet). */
  peersOnly: string[];
  /** Documents of the same id but a different size in the two runs (another copy of the collection): left out. */
  mismatched: string[];
}

/**
 * Joins zapgen's records with the peers' by document id. Peer results in zapgen's own records
 * (a run with both) are kept unless the peers' run has the same peer's result too.
 */
export function joinRecords({
  zapgen,
  peers,
}: {
  zapgen: readonly StoredRecord[];
  peers: readonly StoredRecord[];
}): Joined {
  const peersById = new Map(peers.map((record) => [record.id, record]));
  const joined: Joined = { records: [], zapgenOnly: [], peersOnly: [], mismatched: [] };
  const seen = new Set<string>();
  for (const record of zapgen) {
    if (!record.zapgen) continue;
    seen.add(record.id);
    const other = peersById.get(record.id);
    const peerNames = Object.keys(other?.peers ?? {});
    if (!other || !peerNames.length) joined.zapgenOnly.push(record.id);
    else if (other.bytes !== record.bytes) joined.mismatched.push(record.id);
    else
      joined.records.push({
        ...record,
        zapgen: record.zapgen,
        peers: { ...record.peers, ...other.peers },
      });
  }
  for (const record of peers)
    if (!seen.has(record.id) && Object.keys(record.peers).length) joined.peersOnly.push(record.id);
  return joined;
}

/** Each peer's versions (and the Node that ran it) in `records`, as the table's header names them. */
export function peerVersions(records: readonly StoredRecord[]): Record<string, string> {
  const seen = new Map<string, Set<string>>();
  for (const record of records)
    for (const [name, result] of Object.entries(record.peers)) {
      const versions = seen.get(name) ?? new Set<string>();
      versions.add(
        `${result.version ?? 'version not recorded'}${result.node ? ` (Node ${result.node})` : ''}`,
      );
      seen.set(name, versions);
    }
  return Object.fromEntries([...seen].map(([name, versions]) => [name, [...versions].join(', ')]));
}
