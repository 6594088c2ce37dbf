/**
 * `zapgen migrate` on a sample application written for openapi-typescript, openapi-fetch and
 * openapi-react-query (test/fixtures/migrate-sample, with openapi-typescript's `paths` of
 * partner-v1 as its `schema.d.ts`): the dry run changes nothing and prints the diff, `--write`
 * rewrites the imports and calls, and the migrated application compiles against the generated
 * package and runs against its mock.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createMock } from '@zapgen/partner-v1/mock';
import { repoRoot, run } from '../support/contract-helpers.js';

const ZAPGEN = path.join(repoRoot, 'generator/bin/zapgen.js');
let app = '';

function source(file: string): string {
  return readFileSync(path.join(app, 'src', file), 'utf8');
}

beforeAll(() => {
  app = mkdtempSync(path.join(tmpdir(), 'zapgen-migrate-'));
  cpSync(path.join(repoRoot, 'test/fixtures/migrate-sample'), app, { recursive: true });
  // openapi-typescript's output for the API: the `paths`, `components` and `operations` types.
  writeFileSync(
    path.join(app, 'src/schema.d.ts'),
    readFileSync(path.join(repoRoot, 'packages/partner-v1/src/types.ts'), 'utf8'),
  );
  // The application resolves the generated package (and React, TanStack Query) as installed.
  symlinkSync(path.join(repoRoot, 'node_modules'), path.join(app, 'node_modules'), 'dir');
});
afterAll(() => rmSync(app, { recursive: true, force: true }));

describe('zapgen migrate on a sample application', () => {
  test('a dry run prints the diff and what it leaves, and writes nothing', async () => {
    const before = source('api.ts');
    const { code, output, stdout } = await run({
      command: process.execPath,
      args: [ZAPGEN, 'migrate', '--package', '@zapgen/partner-v1'],
      cwd: app,
    });
    expect(code).toBe(0);
    expect(stdout).toContain("-import createClient, { type Middleware } from 'openapi-fetch';");
    expect(stdout).toContain(
      "+import createClient, { type Middleware } from '@zapgen/partner-v1/fetch';",
    );
    expect(stdout).toContain('zapgen migrate: 3 files would change (dry run; --write applies it)');
    expect(output).toMatch(
      /src\/serializer\.ts:2:1 {2}createQuerySerializer of "openapi-fetch": not provided by @zapgen\/partner-v1\/fetch; left as it is/,
    );
    expect(source('api.ts')).toBe(before);
  });

  test('--write rewrites imports and createClient<paths>() calls', async () => {
    const { code } = await run({
      command: process.execPath,
      args: [ZAPGEN, 'migrate', '--package', '@zapgen/partner-v1', '--write'],
      cwd: app,
    });
    expect(code).toBe(0);
    const api = source('api.ts');
    expect(api).toContain(
      "import createClient, { type Middleware } from '@zapgen/partner-v1/fetch';",
    );
    expect(api).toContain("import type { components, paths } from '@zapgen/partner-v1';");
    expect(api).toContain("createClient({ baseUrl: 'https://api.zapier.com' })");
    expect(source('queries.tsx')).toContain(
      "import createQueryClient from '@zapgen/partner-v1/react-query';",
    );
    expect(source('serializer.ts')).toContain("from 'openapi-fetch'");
    expect(source('serializer.ts')).toContain(
      "import type { webhooks } from '@zapgen/partner-v1';",
    );
  });

  test('the migrated application compiles against the package and runs against its mock', async () => {
    // The helper migrate left on openapi-fetch is not part of this check.
    rmSync(path.join(app, 'src/serializer.ts'));
    rmSync(path.join(app, 'src/schema.d.ts'));
    const tsc = await run({
      command: process.execPath,
      args: [path.join(repoRoot, 'node_modules/typescript/bin/tsc'), '-p', app],
      cwd: app,
    });
    expect(tsc.output).toBe('');
    expect(tsc.code).toBe(0);
    const mock = createMock({ seed: 1 });
    const realFetch = globalThis.fetch;
    globalThis.fetch = (input, init) => mock.fetch(input, init);
    try {
      const { firstApps } = (await import(pathToFileURL(path.join(app, 'dist/api.js')).href)) as {
        firstApps(count: number): Promise<{ slug?: string }[]>;
      };
      const apps = await firstApps(3);
      expect(apps).toHaveLength(3);
      expect(apps[0]?.slug).toBeTruthy();
    } finally {
      globalThis.fetch = realFetch;
    }
  });
});
