/**
 * Which documents a sweep runs: the vendors' specs, test/corpus and APIs.guru's (whole, filtered
 * or a stratified sample), and the label of that selection, which names its result files.
 */
import path from 'node:path';
import {
  directoryApiFolder,
  directoryDocuments,
  localDocuments,
  type CorpusDocument,
} from './directory.js';
import { root, type Options } from './options.js';
import type { RunInfo } from './report.js';
import { largestOf, strataOf, stratifiedSample } from './sample.js';
import { vendorDocuments } from './vendors.js';

export interface Selected {
  document: CorpusDocument;
  stratum?: number;
}

/** The documents to run, and how they were chosen. */
export function select(opts: Options): {
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
  const picked =
    opts.largest !== undefined
      ? largestOf({ documents: candidates, count: opts.largest }).map((document) => ({
          document,
          stratum: stratumOf.get(document.id)!,
        }))
      : wholeDirectory
        ? candidates.map((document) => ({ document, stratum: stratumOf.get(document.id)! }))
        : stratifiedSample({ documents: candidates, size: opts.sample, seed: opts.seed }).map(
            ({ document }) => ({ document, stratum: stratumOf.get(document.id)! }),
          );
  const directoryBase = !opts.directory
    ? 'test-corpus'
    : opts.largest !== undefined
      ? `largest-${opts.largest}`
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
  const selection = `${opts.vendors ? `the vendors' specs (${vendors.documents.length} of ${vendors.documents.length + vendors.missing.length} listed) + ` : ''}${!opts.directory ? 'test/corpus' : opts.largest !== undefined ? `the ${opts.largest} largest APIs.guru documents` : wholeDirectory ? 'all APIs.guru documents + test/corpus' : `APIs.guru stratified sample of ${opts.sample} (seed ${opts.seed}, 10 size strata) + test/corpus`}${opts.filter !== undefined ? `, filter "${opts.filter}"` : ''}`;
  return {
    // The largest directory documents are a selection of their own: the other sources ran beside
    // the rest of the collection.
    selected: [
      ...(opts.largest === undefined
        ? [
            ...vendors.documents.filter(matches).map((document) => ({ document })),
            ...local.filter(matches).map((document) => ({ document })),
          ]
        : []),
      ...picked,
    ],
    label,
    selection,
    population: directory.length,
    strata,
    missing: vendors.missing,
  };
}

/** The document's folder name under the run's directory. */
export const slug = (document: CorpusDocument) =>
  (document.source === 'test/corpus'
    ? `local/${document.id.slice('test/corpus/'.length)}`
    : document.source === 'vendor'
      ? document.id
      : `directory/${document.id}`
  )
    .replace(/\.(ya?ml|json)$/i, '')
    .replace(/[^A-Za-z0-9._/-]+/g, '_');
