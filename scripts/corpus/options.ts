/**
 * The sweep's command line: its usage text and the options it parses (with their defaults and
 * the combinations it refuses).
 */
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { DEFAULT_BATCH } from './batches.js';
import { DIRECTORY_PACKAGE, DIRECTORY_VERSION } from './directory.js';

/** The repository the sweep runs in (its generator, workers and results). */
export const root = path.resolve(import.meta.dirname, '../..');

const USAGE = `Usage: npm run corpus -- [options]

Sweeps zapgen (and openapi-typescript, @hey-api/openapi-ts) over ${DIRECTORY_PACKAGE}@${DIRECTORY_VERSION}
(APIs.guru, about 2,640 OpenAPI 3.x documents; fetched once into .corpus/) plus test/corpus/, and the
specs of scripts/corpus/vendors.tsv as their vendors keep them (multi-file, 3.1, Swagger 2.0): two
sources, reported side by side.

Options:
  --sample <n>       A seeded sample of n directory documents, stratified by size (default 300)
  --seed <s>         Seed of the sample (default 1); the same seed gives the same sample
  --all              Every directory document instead of a sample
  --largest <n>      Only the n largest directory documents (no test/corpus, no vendors' specs)
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

export interface Options {
  sample: number;
  seed: string;
  all: boolean;
  largest?: number;
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

export function options(): Options {
  const { values } = parseArgs({
    options: {
      sample: { type: 'string' },
      seed: { type: 'string', default: '1' },
      all: { type: 'boolean', default: false },
      largest: { type: 'string' },
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
  if (values.largest !== undefined && (values.all || values.sample !== undefined))
    throw new Error('--largest excludes --all and --sample');
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
    ...(values.largest !== undefined && { largest: positive('largest', values.largest, 1) }),
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
