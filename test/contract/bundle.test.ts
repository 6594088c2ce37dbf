/**
 * A user's bundle that imports one operation of a generated package (`createBaseClient` and the
 * operation's function) keeps that operation, its definition and its validators, and no other
 * operation's; and the bundled code still does what the client does: arguments validated before
 * any request (naming the parameter), the request sent, the response validated. Bundled by
 * esbuild as a browser application would be (minified ESM), from the packages as installed
 * (`@zapgen/<api>`, their built `dist`).
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { afterAll, describe, expect, test } from 'vitest';
import * as actionsV2 from '@zapgen/actions-v2';
import * as partnerV1 from '@zapgen/partner-v1';
import { operationFixtures as actionsV2Fixtures } from '@zapgen/actions-v2/fixtures';
import { operationFixtures as partnerV1Fixtures } from '@zapgen/partner-v1/fixtures';
import type { OperationDefinition } from '@zapgen/runtime';
import { repoRoot } from '../support/contract-helpers.js';

const outDir = mkdtempSync(path.join(tmpdir(), 'zapgen-bundle-'));
afterAll(() => rmSync(outDir, { recursive: true, force: true }));

/** esbuild's options for an entry module bundled as a browser application would, minified. */
function browserBuild(entry: string) {
  return {
    stdin: { contents: entry, resolveDir: repoRoot, loader: 'js' as const, sourcefile: 'entry.js' },
    absWorkingDir: repoRoot,
    bundle: true,
    minify: true,
    format: 'esm' as const,
    platform: 'browser' as const,
    write: false as const,
    logLevel: 'silent' as const,
  };
}

/** Bundles an entry module in one file (dynamic imports inlined); returns its text. */
async function bundle(entry: string): Promise<string> {
  const result = await build(browserBuild(entry));
  return result.outputFiles[0]!.text;
}

/** Loads a bundle as a module of its own, with none of the repo's modules. */
async function load(
  text: string,
  name: string,
): Promise<{ run: (options: object, args: object) => Promise<unknown> }> {
  const file = path.join(outDir, `${name}.mjs`);
  writeFileSync(file, text);
  return import(pathToFileURL(file).href);
}

interface Sent {
  url: string;
  method: string;
}

/** A fetch that records each request and answers with `body` as JSON. */
function stubFetch(body: unknown): { fetch: typeof fetch; sent: Sent[] } {
  const sent: Sent[] = [];
  const fetchStub = async (input: string | URL | Request, init?: RequestInit) => {
    sent.push({ url: String(input), method: init?.method ?? 'GET' });
    return new Response(JSON.stringify(body), {
      status: 200,
      headers: { 'content-type': 'application/json' },
    });
  };
  return { fetch: fetchStub as typeof fetch, sent };
}

const BASE_URL = 'https://api.example.test';

interface Given {
  packageName: string;
  fn: string;
  operationId: string;
  definitions: Record<string, { operationId: string; path: string }>;
  credentials: Record<string, string>;
  args: object;
  responseBody: unknown;
  badArgs: object;
}

interface Want {
  url: string;
  /** The parameter a bad argument is reported against, and what the message says. */
  badParameter: string;
  badMessage: RegExp;
}

const cases: [string, { given: Given; want: Want }][] = [
  [
    'actions-v2 getApp',
    {
      given: {
        packageName: '@zapgen/actions-v2',
        fn: 'getApp',
        operationId: 'getApp',
        definitions: actionsV2.operationDefinitions,
        credentials: { apiKey: 'key' },
        args: actionsV2Fixtures.getApp.request,
        responseBody: actionsV2Fixtures.getApp.responses['200'],
        badArgs: { path: { app: 42 } },
      },
      want: {
        url: `${BASE_URL}/api/v2/apps/delta/`,
        badParameter: 'app',
        badMessage: /Invalid arguments for getApp: app \(path\)/,
      },
    },
  ],
  [
    'partner-v1 listApps',
    {
      given: {
        packageName: '@zapgen/partner-v1',
        fn: 'listApps',
        operationId: 'listApps',
        definitions: partnerV1.operationDefinitions,
        credentials: { clientId: 'id' },
        args: { query: { per_page: 10 } },
        responseBody: partnerV1Fixtures.listApps.responses['200'],
        badArgs: { query: { per_page: 'ten' } },
      },
      want: {
        url: `${BASE_URL}/v1/apps?per_page=10&client_id=id`,
        badParameter: 'per_page',
        badMessage: /Invalid arguments for listApps: per_page \(query\)/,
      },
    },
  ],
];

/** Operations of the package other than the one imported, as they would appear in a bundle. */
function othersOf(given: Given): string[] {
  return Object.values(given.definitions)
    .filter((definition) => definition.operationId !== given.operationId)
    .flatMap((definition) => [
      JSON.stringify(definition.path),
      JSON.stringify(definition.operationId),
    ]);
}

/**
 * Bundles an entry code split, as an application's bundler does; returns what loads at once
 * (the entry and its static imports) and what loads on demand (`import()`), by input file.
 */
async function splitBundle(entry: string): Promise<{ atLoad: string[]; onDemand: string[] }> {
  const result = await build({
    ...browserBuild(entry),
    splitting: true,
    outdir: path.join(outDir, 'split'),
    metafile: true,
  });
  const outputs = result.metafile.outputs;
  const entryPath = Object.keys(outputs).find(
    (output) => outputs[output]!.entryPoint === 'entry.js',
  )!;
  const atLoad = new Set<string>();
  const visit = (output: string) => {
    if (atLoad.has(output)) return;
    atLoad.add(output);
    for (const imported of outputs[output]!.imports)
      if (imported.kind === 'import-statement') visit(imported.path);
  };
  visit(entryPath);
  const inputs = (chunks: string[]) => [
    ...new Set(chunks.flatMap((chunk) => Object.keys(outputs[chunk]!.inputs))),
  ];
  return {
    atLoad: inputs([...atLoad]),
    onDemand: inputs(Object.keys(outputs).filter((output) => !atLoad.has(output))),
  };
}

describe('a bundle importing one operation', () => {
  test.each(cases)('%s: holds that operation and no other', async (_name, { given }) => {
    const text = await bundle(
      `import { createBaseClient, ${given.fn} } from '${given.packageName}';\nexport const run = (options, args) => ${given.fn}(createBaseClient(options), args);`,
    );
    const own = given.definitions[given.operationId]!;
    expect(text).toContain(JSON.stringify(own.path));
    expect(othersOf(given).filter((literal) => text.includes(literal))).toEqual([]);
  });

  test.each(cases)(
    '%s: code split, zod and the validators load on demand, only the first time a call validates',
    async (_name, { given }) => {
      const { atLoad, onDemand } = await splitBundle(
        `import { createBaseClient, ${given.fn} } from '${given.packageName}';\nexport const run = (options, args) => ${given.fn}(createBaseClient(options), args);`,
      );
      expect(atLoad.filter((input) => input.includes('node_modules/zod/'))).toEqual([]);
      // The package's zod validators (`dist/validators.js`, `dist/validated/<operation>.js`).
      expect(atLoad.filter((input) => /\/dist\/(validators\.js|validated\/)/.test(input))).toEqual(
        [],
      );
      const own = `/validated/${given.fn}.js`;
      expect(onDemand.some((input) => input.endsWith(own))).toBe(true);
      expect(onDemand.some((input) => input.includes('node_modules/zod/'))).toBe(true);
    },
  );

  test.each(cases)(
    "%s: code split, zod's schema compiler (about 10 kB gzipped) is not in a browser bundle: the runtime's browser stub stands in for it",
    async (_name, { given }) => {
      const { atLoad, onDemand } = await splitBundle(
        `import { createBaseClient, ${given.fn} } from '${given.packageName}';\nexport const run = (options, args) => ${given.fn}(createBaseClient(options), args);`,
      );
      const all = [...atLoad, ...onDemand];
      expect(all.filter((input) => input.includes('node_modules/zod/v4/core/compile'))).toEqual([]);
      expect(all.filter((input) => input.includes('runtime/dist/validator-compiler'))).toEqual([
        expect.stringMatching(/runtime\/dist\/validator-compiler\.browser\.js$/),
      ]);
    },
  );

  test.each(cases)(
    '%s: code split, a call of an operation that does not stream loads no stream reader at once, nor pagination, polling, the redirect follower, the multipart encoder, the middleware chain, idempotency keys or the words of a mistaken call',
    async (_name, { given }) => {
      const { atLoad, onDemand } = await splitBundle(
        `import { createBaseClient, ${given.fn} } from '${given.packageName}';\nexport const run = (options, args) => ${given.fn}(createBaseClient(options), args);`,
      );
      // The operation streams no response (the spec says so); the entry neither pages nor polls.
      const own = given.definitions[given.operationId] as OperationDefinition;
      expect(own.responses.flatMap((response) => response.mediaTypes)).not.toContain(
        'text/event-stream',
      );
      const onDemandOnly = [
        'node_modules/eventsource-parser/',
        'runtime/dist/streaming/response-stream.js',
        'runtime/dist/streaming/readers.js',
        'runtime/dist/client/redirect.js',
        'runtime/dist/client/multipart.js',
        'runtime/dist/client/through-middleware.js',
        'runtime/dist/client/middleware-chain.js',
        'runtime/dist/client/stream-call.js',
        'runtime/dist/client/idempotency.js',
        'runtime/dist/client/check-call-words.js',
        'runtime/dist/pagination.js',
        'runtime/dist/polling.js',
      ];
      expect(atLoad.filter((input) => onDemandOnly.some((part) => input.includes(part)))).toEqual(
        [],
      );
      // Still in the application, for the first call that needs them.
      for (const part of onDemandOnly)
        expect(onDemand.filter((input) => input.includes(part))).not.toEqual([]);
      // The pipeline itself loads at once, one copy of it.
      expect(atLoad.filter((input) => input.endsWith('runtime/dist/client/send.js'))).toHaveLength(
        1,
      );
      expect(onDemand.filter((input) => input.endsWith('runtime/dist/client/send.js'))).toEqual([]);
    },
  );

  test.each(cases)(
    '%s: createClient, by contrast, brings every operation',
    async (_name, { given }) => {
      const text = await bundle(
        `import { createClient } from '${given.packageName}';\nexport const client = createClient();`,
      );
      expect(othersOf(given).filter((literal) => !text.includes(literal))).toEqual([]);
    },
  );

  test.each(cases)(
    '%s: validates arguments before sending, sends, validates the response',
    async (name, { given, want }) => {
      const text = await bundle(
        `import { createBaseClient, ${given.fn} } from '${given.packageName}';\nexport const run = (options, args) => ${given.fn}(createBaseClient(options), args);`,
      );
      const { run } = await load(text, name.replace(/\W+/g, '-'));
      const options = {
        baseUrl: BASE_URL,
        ...given.credentials,
        validation: { response: 'strict' },
      };

      const bad = stubFetch(given.responseBody);
      const error = await run({ ...options, fetch: bad.fetch }, given.badArgs).catch(
        (caught: unknown) => caught,
      );
      expect(bad.sent).toEqual([]);
      // The class's name survives minification, which renames classes.
      expect(error).toMatchObject({ name: 'RequestValidationError' });
      expect(error).toMatchObject({
        issues: [expect.objectContaining({ parameter: want.badParameter })],
      });
      expect(String((error as Error).message)).toMatch(want.badMessage);

      // A misspelled argument group: its words load with the mistake, and nothing is sent.
      const misspelled = await run({ ...options, fetch: bad.fetch }, { qurey: {} }).catch(
        (caught: unknown) => caught,
      );
      expect(bad.sent).toEqual([]);
      expect(misspelled).toMatchObject({
        name: 'RequestValidationError',
        issues: [{ parameter: 'qurey', in: 'arguments', path: ['qurey'] }],
      });
      expect(String((misspelled as Error).message)).toContain('(did you mean "query"?)');

      const good = stubFetch(given.responseBody);
      await expect(run({ ...options, fetch: good.fetch }, given.args)).resolves.toEqual(
        given.responseBody,
      );
      expect(good.sent).toEqual([{ url: want.url, method: 'GET' }]);

      const broken = stubFetch('not the schema');
      const rejected = await run({ ...options, fetch: broken.fetch }, given.args).catch(
        (caught: unknown) => caught,
      );
      expect(rejected).toMatchObject({
        report: expect.objectContaining({ operationId: given.operationId, status: 200 }),
      });
    },
  );
});
