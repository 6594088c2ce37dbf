/**
 * The committed packages `packages/actions-v2` and `packages/partner-v1`: every fixture of
 * `src/fixtures.ts` under two validators, the package's own zod schemas (`src/zod.ts`) and ajv
 * against its bundled `openapi.json`. Valid fixtures (component `minimal`/`full`, operation
 * requests and responses) must be accepted by both; each `invalid` one rejected by both.
 * One row per component schema and per operation.
 *
 * `CONTRACT_PACKAGES_DIR` points the test at another folder of generated packages (default `packages/`).
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, test } from 'vitest';
import {
  checkCase,
  fixtureCases,
  repoRoot,
  type EmittedModules,
  type FixtureCase,
} from '../support/contract-helpers.js';

const APIS = ['actions-v2', 'partner-v1'] as const;
const packagesDir = path.resolve(repoRoot, process.env.CONTRACT_PACKAGES_DIR ?? 'packages');

/** The cases of one package, grouped by component schema or operationId. */
async function casesOf(api: string): Promise<[string, FixtureCase[]][]> {
  const dir = path.join(packagesDir, api);
  const missing = ['openapi.json', 'src/zod.ts', 'src/validators.ts', 'src/fixtures.ts'].filter(
    (file) => !existsSync(path.join(dir, file)),
  );
  if (missing.length)
    throw new Error(
      `${path.relative(repoRoot, dir)} lacks ${missing.join(', ')}: run \`npm run generate\``,
    );
  const load = (file: string) => import(pathToFileURL(path.join(dir, 'src', file)).href);
  const modules: EmittedModules = {
    zod: await load('zod.ts'),
    validators: await load('validators.ts'),
    fixtures: await load('fixtures.ts'),
  };
  const document = JSON.parse(readFileSync(path.join(dir, 'openapi.json'), 'utf8')) as Record<
    string,
    unknown
  >;
  const groups = new Map<string, FixtureCase[]>();
  for (const fixtureCase of fixtureCases({ modules, document })) {
    const key = `${fixtureCase.kind} ${fixtureCase.group}`;
    groups.set(key, [...(groups.get(key) ?? []), fixtureCase]);
  }
  return [...groups];
}

const packages = await Promise.all(APIS.map(async (api) => [api, await casesOf(api)] as const));

describe.each(packages)('fixtures of %s', (_api, groups) => {
  test('there are fixtures to check', () => {
    expect(groups.filter(([key]) => key.startsWith('schema ')).length).toBeGreaterThan(0);
    expect(groups.filter(([key]) => key.startsWith('operation ')).length).toBeGreaterThan(0);
  });

  test.each(groups)(
    '%s: valid ones accepted and invalid ones rejected by zod and ajv',
    (_key, cases) => {
      const failures = cases
        .map((fixtureCase) => ({ fixtureCase, result: checkCase(fixtureCase) }))
        .filter(({ result }) => !result.pass)
        .map(
          ({ fixtureCase, result }) =>
            `${fixtureCase.name} (${fixtureCase.expect}): ${result.detail}`,
        );
      expect(failures).toEqual([]);
    },
  );
});
