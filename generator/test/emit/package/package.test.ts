import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import type { ApiModel } from '../../../src/model/types.js';
import { packageEmitter } from '../../../src/emit/package/index.js';
import {
  LIBRARY_VERSIONS,
  OPTIONAL_PEERS,
  RUNTIME_RANGE,
} from '../../../src/emit/package/package-json.js';
import { inlineCode, markdownText } from '../../../src/emit/package/markdown.js';
import { clientSource } from '../../../src/emit/client/index.js';
import {
  definitionsSource,
  routesSource,
  validatedModules,
} from '../../../src/emit/definitions/index.js';
import { typescriptTypesEmitter } from '../../../src/emit/typescript-types/index.js';
import { emitters, ModuleRegistry } from '../../../src/emit/index.js';
import { typeCheck, zodStub } from '../client/compile.js';
import { context, jsonResponse, model, operation, parameter, string } from '../client/model.js';

async function emit(given: ApiModel): Promise<Record<string, string>> {
  const files = await packageEmitter.emit(given, context);
  return Object.fromEntries(files.map((file) => [file.path, file.contents]));
}

const searchApps = operation({
  operationId: 'search_apps',
  method: 'get',
  path: '/api/v2/apps/search/',
  summary: 'Search apps',
});
const getApp = operation({
  operationId: 'get_app',
  method: 'get',
  path: '/api/v2/apps/{app}/',
  summary: 'Get an app | with *stars* and <b>html</b> [link](javascript:x)',
  deprecated: true,
  parameters: [parameter({ name: 'app', in: 'path' })],
  responses: [jsonResponse('200', string)],
});

describe('package emitter: package.json', () => {
  const cases: [string, { given: ApiModel; want: Record<string, unknown> }][] = [
    [
      'the version is the release computed from the previous package, not info.version',
      {
        given: model({ operations: [], info: { title: 'T', version: '1.2.3' } }),
        want: { version: '2.1.0', zapgen: { apiVersion: '1.2.3', specHash: '0'.repeat(64) } },
      },
    ],
    [
      'info.version is kept as the API version, whatever its form',
      {
        given: model({ operations: [], info: { title: 'T', version: 'v2 (beta)' } }),
        want: { version: '2.1.0', zapgen: { apiVersion: 'v2 (beta)' } },
      },
    ],
    [
      'the changelog is published',
      {
        given: model({ operations: [] }),
        want: { files: ['dist', 'src', 'openapi.json', 'README.md', 'CHANGELOG.md'] },
      },
    ],
    [
      'name, module type, no side effects',
      {
        given: model({ operations: [] }),
        want: { name: '@zapgen/test-api', type: 'module', sideEffects: false },
      },
    ],
  ];
  test.each(cases)('%s', async (_name, { given, want }) => {
    const manifest = JSON.parse((await emit(given))['package.json']!);
    expect(manifest).toMatchObject(want);
  });

  test('exports every entry point users import (the root, then by subpath), with types first', async () => {
    const manifest = JSON.parse((await emit(model({ operations: [] })))['package.json']!);
    expect(Object.keys(manifest.exports)).toEqual([
      '.',
      './fetch',
      './fixtures',
      './mcp',
      './mock',
      './openapi.json',
      './package.json',
      './react-query',
      './swr',
      './tanstack-query',
      './types',
      './zod',
    ]);
    expect(Object.keys(manifest.exports['.'])).toEqual(['types', 'default']);
    expect(manifest.exports['./zod']).toEqual({
      types: './dist/zod.d.ts',
      default: './dist/zod.js',
    });
  });

  test("exports what the emitters declare: another emitter's module at its subpath, a module not written for this spec not at all", async () => {
    const extra = {
      name: 'extra',
      needs: [],
      emit: () => [],
      provides: [
        { id: 'extra', file: 'src/extra/entry.ts', subpath: './extra', exports: [] },
        {
          id: 'never',
          file: 'src/never.ts',
          subpath: './never',
          exports: [],
          writtenFor: () => false,
        },
        { id: 'data', file: 'data/x.json', subpath: './x.json', exports: [] },
      ],
    };
    const files = await packageEmitter.emit(model({ operations: [] }), {
      ...context,
      modules: ModuleRegistry.of([...emitters, extra]),
    });
    const manifest = JSON.parse(files.find((file) => file.path === 'package.json')!.contents);
    expect(manifest.exports['./extra']).toEqual({
      types: './dist/extra/entry.d.ts',
      default: './dist/extra/entry.js',
    });
    expect(manifest.exports['./x.json']).toBe('./data/x.json');
    expect(manifest.exports).not.toHaveProperty('./never');
  });

  test('depends on the runtime it was generated for (its version, as a caret range) and the libraries the runtime uses', async () => {
    const runtime = JSON.parse(
      readFileSync(new URL('../../../../packages/runtime/package.json', import.meta.url), 'utf8'),
    );
    for (const [library, version] of Object.entries(LIBRARY_VERSIONS))
      expect(runtime.dependencies[library]).toBe(version);
    expect(RUNTIME_RANGE).toBe(`^${runtime.version}`);
    const manifest = JSON.parse((await emit(model({ operations: [] })))['package.json']!);
    expect(manifest.dependencies).toEqual({
      '@zapgen/runtime': RUNTIME_RANGE,
      ...LIBRARY_VERSIONS,
    });
  });

  test('the MCP SDK is an optional peer, never a dependency; a bin runs the package commands', async () => {
    const manifest = JSON.parse((await emit(model({ operations: [] })))['package.json']!);
    expect(manifest.peerDependencies['@modelcontextprotocol/sdk']).toBe(
      OPTIONAL_PEERS['@modelcontextprotocol/sdk'],
    );
    expect(manifest.peerDependenciesMeta['@modelcontextprotocol/sdk']).toEqual({ optional: true });
    expect(manifest.dependencies).not.toHaveProperty('@modelcontextprotocol/sdk');
    expect(manifest.bin).toEqual({ 'test-api': './dist/bin.js' });
  });

  test('builds on its own: TypeScript as a devDependency, a build script, built before packing', async () => {
    const manifest = JSON.parse((await emit(model({ operations: [] })))['package.json']!);
    const repo = JSON.parse(
      readFileSync(new URL('../../../../package.json', import.meta.url), 'utf8'),
    );
    expect(manifest.devDependencies.typescript).toBe(repo.devDependencies.typescript);
    // The integrations' libraries, to type-check their modules: ones this repository tests with.
    for (const name of Object.keys(manifest.devDependencies))
      expect(Object.keys(repo.devDependencies)).toContain(name);
    expect(manifest.scripts).toEqual({ build: 'tsc -p tsconfig.json', prepack: 'npm run build' });
  });
});

test("the integrations' libraries are optional peers, as the runtime declares them", async () => {
  const manifest = JSON.parse((await emit(model({ operations: [] })))['package.json']!);
  const runtime = JSON.parse(
    readFileSync(new URL('../../../../packages/runtime/package.json', import.meta.url), 'utf8'),
  );
  expect(manifest.peerDependencies).toEqual(runtime.peerDependencies);
  expect(manifest.peerDependenciesMeta).toEqual(runtime.peerDependenciesMeta);
  for (const meta of Object.values(manifest.peerDependenciesMeta))
    expect(meta).toEqual({ optional: true });
});

describe('package emitter: tsconfig.json and src/index.ts', () => {
  test('a strict project building src into dist, with no reference to a folder that may not exist', async () => {
    const config = JSON.parse((await emit(model({ operations: [] })))['tsconfig.json']!);
    expect(config.compilerOptions).toMatchObject({
      strict: true,
      composite: true,
      rootDir: 'src',
      outDir: 'dist',
      module: 'NodeNext',
    });
    expect(config.references).toBeUndefined();
    expect(config.extends).toBeUndefined();
  });

  test('index type-checks against the client and the runtime, and exports what users import', async () => {
    const given = model({ operations: [searchApps, getApp] });
    const [types] = await typescriptTypesEmitter.emit(given, context);
    const usage = [
      "import { api, createClient, operationDefinitions, ApiError, RedirectError, RequestValidationError, type GetAppArgs, type SearchAppsResult, type components, type paths, type CallOptions } from './index.js';",
      'export const client = createClient({ baseUrl: "http://localhost" });',
      "export const args: GetAppArgs = { path: { app: 'slack' } };",
      'export type Used = [SearchAppsResult, components, paths, CallOptions, ApiError, RedirectError, RequestValidationError, typeof api, typeof operationDefinitions];',
    ].join('\n');
    const errors = typeCheck({
      'src/index.ts': (await emit(given))['src/index.ts']!,
      'src/client.ts': clientSource(given, context),
      'src/definitions.ts': definitionsSource(given, context),
      'src/routes.ts': routesSource(given, context),
      'src/types.ts': types!.contents,
      'src/validators.ts': zodStub(given.operations),
      ...Object.fromEntries(
        validatedModules(given, context).map((module) => [module.path, module.contents]),
      ),
      'src/usage.ts': usage,
    });
    expect(errors).toEqual([]);
  });

  test('index re-exports the client, the spec types and the error classes', async () => {
    const index = (await emit(model({ operations: [] })))['src/index.ts']!;
    expect(index).toContain('export * from "./client.js";');
    expect(index).toContain('export * from "./definitions.js";');
    expect(index).toContain(
      'export type { components, operations, paths, webhooks } from "./types.js";',
    );
    // From `/client`, as the client imports the runtime: the root brings code loaded on demand.
    expect(index).toMatch(/export \{ ApiError, .*ZapgenError \} from "@zapgen\/runtime\/client";/);
  });
});

describe('package emitter: README.md', () => {
  test('usage shows the real credential options', async () => {
    const readme = (
      await emit(
        model({
          operations: [searchApps],
          securitySchemes: [
            { name: 'Key', type: 'apiKey', in: 'header', paramName: 'x-api-key' },
            {
              name: 'OAuth',
              type: 'oauth2',
              flows: { implicit: { authorizationUrl: 'https://x', scopes: {} } },
            },
          ],
        }),
      )
    )['README.md']!;
    expect(readme).toContain('apiKey: process.env.API_KEY,');
    expect(readme).toContain('accessToken: process.env.ACCESS_TOKEN,');
    expect(readme).toContain('const result = await client.searchApps();');
  });

  test('one line per operation, spec text escaped', async () => {
    const readme = (await emit(model({ operations: [getApp, searchApps] })))['README.md']!;
    expect(readme).toContain(
      '- `client.getApp(args)` — `GET /api/v2/apps/{app}/` — Get an app \\| with \\*stars\\* and \\<b\\>html\\</b\\> \\[link\\](javascript:x) (deprecated)',
    );
    expect(readme).toContain('- `client.searchApps()` — `GET /api/v2/apps/search/` — Search apps');
  });

  test('namespaced operations are listed (and shown in the usage) under their resource, aliases too', async () => {
    const readme = (
      await emit(
        model({
          operations: [
            { ...searchApps, namespaces: [{ path: ['apps'], method: 'search' }] },
            {
              ...getApp,
              namespaces: [
                { path: ['apps'], method: 'retrieve' },
                { path: ['special apps'], method: 'get' },
              ],
            },
          ],
        }),
      )
    )['README.md']!;
    expect(readme).toContain('const result = await client.apps.search();');
    expect(readme).toContain('- `client.apps.search()` — `GET /api/v2/apps/search/`');
    expect(readme).toContain(
      '- `client.apps.retrieve(args)` — `GET /api/v2/apps/{app}/` — Get an app',
    );
    expect(readme).toContain('(deprecated); also `client.specialApps.get(args)`');
    expect(readme).not.toContain('client.searchApps(');
  });

  test('paginated and polled operations name their helpers', async () => {
    const paged = operation({
      ...searchApps,
      extensions: {
        rules: [],
        pagination: {
          kind: 'offset',
          offsetParameter: 'offset',
          limitParameter: 'limit',
          itemsField: '',
        },
        polling: { whileField: 'is_loading', intervalMs: 1000 },
      },
    });
    const readme = (await emit(model({ operations: [paged] })))['README.md']!;
    expect(readme).toContain(
      '— Search apps; also `client.paginate.searchApps(args)` and `client.poll.searchApps(args)`',
    );
  });

  const escapes: [string, { given: string; want: string }][] = [
    [
      'inline specials',
      {
        given: '*a* _b_ [c](d) <e> |f| `g` &amp;',
        want: '\\*a\\* \\_b\\_ \\[c\\](d) \\<e\\> \\|f\\| \\`g\\` \\&amp;',
      },
    ],
    ['line-start specials only at the start', { given: '# a-b #c', want: '\\# a-b #c' }],
    ['ordered-list look-alike', { given: '1. first', want: '1\\. first' }],
    ['list look-alike', { given: '- item', want: '\\- item' }],
    [
      'versions and hyphens stay readable',
      { given: 'third-party 1.0.0', want: 'third-party 1.0.0' },
    ],
    ['newlines fold into one line', { given: 'a\n\nb', want: 'a b' }],
  ];
  test.each(escapes)('markdownText: %s', (_name, { given, want }) =>
    expect(markdownText(given)).toBe(want),
  );

  const codes: [string, { given: string; want: string }][] = [
    ['plain', { given: 'GET /a', want: '`GET /a`' }],
    ['backticks inside', { given: 'a`b', want: '``a`b``' }],
    ['backtick at the edge', { given: '`a', want: '`` `a ``' }],
  ];
  test.each(codes)('inlineCode: %s', (_name, { given, want }) =>
    expect(inlineCode(given)).toBe(want),
  );
});
