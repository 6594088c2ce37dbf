/**
 * A run's `.partial.jsonl`: one line per finished document, appended as it finishes, so that an
 * interrupted run (Ctrl-C, a time limit of the session, a crash) continues with `--resume` where
 * it stopped; deleted once the run has written its results.
 */
import { appendFileSync, mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { readRecords, type StoredRecord } from './join.js';

/**
 * The partial file of a run and the documents it has finished: those of `resume` (a run to
 * continue), or none (a new run's file, `<out>/<date>-<label>.partial.jsonl`, started empty).
 */
export function openPartial({
  resume,
  out,
  date,
  label,
}: {
  resume: string | undefined;
  out: string;
  date: string;
  label: string;
}): { partial: string; records: Map<string, StoredRecord> } {
  mkdirSync(out, { recursive: true });
  const partial = resume ?? path.join(out, `${date}-${label}.partial.jsonl`);
  const records = new Map<string, StoredRecord>();
  if (resume) {
    for (const record of readRecords(resume).records) records.set(record.id, record);
    console.error(`corpus: resuming ${resume}: ${records.size} documents already done`);
  } else rmSync(partial, { force: true });
  return { partial, records };
}

/** Records a finished document. */
export function appendRecord(partial: string, record: StoredRecord): void {
  appendFileSync(partial, `${JSON.stringify(record)}\n`);
}

/** The run has written its results: the partial file is no longer needed. */
export function closePartial(partial: string): void {
  rmSync(partial, { force: true });
}
