/**
 * The integration emitters (`fetch`, `tanstack-query`, `swr`, `react-query`): what each module
 * exports for a small model. The modules compiled against the real runtime are proven by the
 * packages the contract and corpus tests build, and used by test/downstream.
 */
import ts from 'typescript';
import { describe, expect, test } from 'vitest';
import type { ApiModel } from '../../../src/model/types.js';
import { fetchSource, streamMapType } from '../../../src/emit/fetch/index.js';
import { reactQuerySource } from '../../../src/emit/react-query/index.js';
import { resourceOf, isQuery } from '../../../src/emit/shared/operation-scope.js';
import { swrSource } from '../../../src/emit/swr/index.js';
import { tanstackQuerySource } from '../../../src/emit/tanstack-query/index.js';
import {
  context,
  integer,
  jsonResponse,
  model,
  operation,
  parameter,
  string,
} from '../client/model.js';

const HOSTILE = 'Ends */ early, `ticks`, ${injection}, "quotes", \'single\'';

const listZaps = operation({
  operationId: 'list_zaps',
  method: 'get',
  path: '/v1/zaps',
  parameters: [parameter({ name: 'page', in: 'query', schema: integer })],
  extensions: {
    rules: [],
    pagination: { kind: 'page', pageParameter: 'page', itemsField: 'objects', firstPage: 1 },
  } as never,
});
const getZap = operation({
  operationId: 'getZap',
  method: 'get',
  path: '/v1/zaps/{id}/',
  parameters: [parameter({ name: 'id', in: 'path' })],
});
const createZap = operation({ operationId: 'createZap', method: 'post', path: '/v1/zaps' });
/** GitHub's style: the next page is the cursor of the `Link` header's `rel="next"` URL. */
const listEvents = operation({
  operationId: 'listEvents',
  method: 'get',
  path: '/v1/events',
  parameters: [parameter({ name: 'page_token', in: 'query' })],
  extensions: {
    rules: [],
    pagination: {
      kind: 'cursor',
      cursorParameter: 'page_token',
      itemsField: '',
      nextLinkHeader: true,
    },
  } as never,
});
const searchZaps = operation({
  operationId: 'searchZaps',
  method: 'post',
  path: '/v1/zaps/search',
  extensions: { rules: [], cache: { ttlSeconds: 60, scope: [] } } as never,
});

describe('resourceOf and isQuery', () => {
  const resources: [string, { given: string; want: string }][] = [
    ['a collection is its own resource', { given: '/v1/zaps', want: '/v1/zaps' }],
    ['an item belongs to its collection', { given: '/v1/zaps/{id}/', want: '/v1/zaps' }],
    ['nested items too', { given: '/apps/{app}/actions/{action}', want: '/apps/{app}/actions' }],
    ['a trailing slash is dropped', { given: '/api/v2/ai-actions/', want: '/api/v2/ai-actions' }],
    ['the root stays the root', { given: '/{id}', want: '/' }],
  ];
  test.each(resources)('%s', (_name, { given, want }) => expect(resourceOf(given)).toBe(want));

  const reads: [string, { given: ReturnType<typeof operation>; want: boolean }][] = [
    ['GET reads', { given: getZap, want: true }],
    ['POST writes', { given: createZap, want: false }],
    ['a POST whose result may be cached reads', { given: searchZaps, want: true }],
  ];
  test.each(reads)('%s', (_name, { given, want }) => expect(isQuery(given)).toBe(want));
});

describe('tanstack-query emitter', () => {
  const source = tanstackQuerySource(
    model({ operations: [createZap, getZap, listZaps, listEvents, searchZaps] }),
    context,
  );
  const cases: [string, { want: string[]; lacks?: string[] }][] = [
    [
      'queries for reads, with keys; mutations for writes',
      {
        want: [
          'export function getZapQueryKey(args?: GetZapArgs): OperationQueryKey<GetZapResult>',
          'export function getZapQueryOptions(client: CallingClient, args: GetZapArgs): QueryOptionsResult<GetZapResult, {}>;',
          'export function createZapMutationOptions(client: CallingClient): MutationOptionsResult<CreateZapResult, CreateZapArgs, {}>;',
          'export function searchZapsQueryOptions(',
        ],
        lacks: ['createZapQueryOptions', 'getZapMutationOptions', 'searchZapsMutationOptions'],
      },
    ],
    [
      'infinite options only for a paginated operation',
      {
        want: [
          'export function listZapsInfiniteQueryOptions(client: CallingClient, args?: ListZapsArgs)',
        ],
        lacks: ['getZapInfiniteQueryOptions'],
      },
    ],
    [
      'structured keys: API, resource, operationId',
      {
        want: [
          'const API = "@zapgen/test-api";',
          // The runtime builds { api, resource, operationId } from the route: no scope here.
          'return operationQueryKey<GetZapResult>(API, getZapRoute, args);',
          'operationQueryOptions<GetZapResult, object>({ client, api: API, operation: getZapRoute, args, options });',
          'export type TestApiResource = "/v1/zaps" | "/v1/events" | "/v1/zaps/search";',
          'export const apiQueryKey: readonly [OperationKey] = [{ api: API }];',
        ],
        lacks: ['Scope ='],
      },
    ],
    [
      'a page read from a Link header is the body and the next page parameter; the others are bodies',
      {
        want: [
          'InfiniteQueryOptionsResult<PageWithNext<ListEventsResult>, {}, string | number | null>',
          'InfiniteQueryOptionsResult<ListZapsResult, {}>',
          'PageWithNext,',
        ],
      },
    ],
    [
      'nothing of TanStack Query but types from the runtime; routes from the package',
      {
        want: [
          'from "@zapgen/runtime/tanstack-query";',
          'import { createZapRoute, getZapRoute, listEventsRoute, listZapsRoute, searchZapsRoute } from "./routes.js";',
        ],
        lacks: ['@tanstack/'],
      },
    ],
  ];
  test.each(cases)('%s', (_name, { want, lacks }) => {
    for (const fragment of want) expect(source).toContain(fragment);
    for (const fragment of lacks ?? []) expect(source).not.toContain(fragment);
  });

  test('strings of the spec stay strings: the module parses, its literals hold them as they are', () => {
    const hostile = operation({ operationId: HOSTILE, method: 'get', path: `/x/${HOSTILE}` });
    const text = tanstackQuerySource(model({ operations: [hostile] }), context);
    const file = ts.createSourceFile('m.ts', text, ts.ScriptTarget.Latest, true);
    expect((file as unknown as { parseDiagnostics: unknown[] }).parseDiagnostics).toEqual([]);
    const resource = file.statements
      .filter(ts.isTypeAliasDeclaration)
      .find((declaration) => declaration.name.text === 'TestApiResource')!;
    const literal = (resource.type as ts.LiteralTypeNode).literal.getText();
    expect(JSON.parse(literal)).toBe(`/x/${HOSTILE}`);
  });

  test('an API without operations exports keys only', () => {
    const text = tanstackQuerySource(model({ operations: [] }), context);
    expect(text).toContain('export type TestApiResource = never;');
    expect(text).not.toContain('./definitions.js');
  });
});

describe('swr emitter', () => {
  const source = swrSource(
    model({ operations: [createZap, getZap, listZaps, listEvents] }),
    context,
  );
  test.each([
    [
      'a hook per read, arguments may be null; its return type named, not inferred',
      'export function useGetZap(client: CallingClient, args: GetZapArgs | null, config?: QueryConfig<GetZapResult>): QueryResponse<GetZapResult>',
    ],
    [
      'optional arguments default to none',
      'export function useListZaps(client: CallingClient, args: ListZapsArgs | null = {}',
    ],
    [
      'infinite for the paginated one',
      'config?: InfiniteConfig<ListZapsResult>): InfiniteResponse<ListZapsResult>',
    ],
    [
      'pages read from a Link header are the body and the next page parameter',
      'config?: InfiniteConfig<PageWithNext<ListEventsResult>>): InfiniteResponse<PageWithNext<ListEventsResult>>',
    ],
    [
      "keys are the runtime's, from the route and the API",
      'return useOperation<GetZapResult>(client, getZapRoute, API, args, config);',
    ],
    [
      'a mutation hook per write',
      'export function useCreateZap(client: CallingClient, config?: MutationConfig<CreateZapResult, CreateZapArgs>): MutationResponse<CreateZapResult, CreateZapArgs>',
    ],
    [
      'keys filtered by resource and operationId',
      'resource?: "/v1/zaps" | "/v1/events"; operationId?: "createZap" | "getZap" | "list_zaps" | "listEvents"',
    ],
  ])('%s', (_name, fragment) => expect(source).toContain(fragment));
});

describe('fetch and react-query emitters', () => {
  test('the drop-in: default export, generic over paths, apiKey options, openapi-fetch types', () => {
    const given: ApiModel = model({
      operations: [getZap],
      securitySchemes: [
        { type: 'apiKey', name: 'Key', in: 'header', paramName: 'x-api-key', description: HOSTILE },
      ] as never,
    });
    const text = fetchSource(given, context);
    expect(text).toContain('export default createClient;');
    expect(text).toContain(
      'export function createClient<Paths extends {} = paths, Media extends MediaType = MediaType>(',
    );
    expect(text).toContain('\napiKey?: string;');
    // Validators load per operation, from each route: the client imports no definition.
    expect(text).toContain('const definition: FetchClientDefinition = { api: routes };');
    expect(text).not.toContain('./definitions.js');
    expect(text).toContain('export type { BodySerializer, Client,');
    expect(text).toContain('import { routes } from "./routes.js";');
  });

  test.each<[string, { given: ApiModel; want: string | undefined }]>([
    [
      'an API without streams keeps openapi-fetch’s types',
      { given: model({ operations: [getZap] }), want: undefined },
    ],
    [
      'events of a data schema, NDJSON items, only the 2xx responses',
      {
        given: model({
          operations: [
            operation({
              operationId: 'ticks',
              method: 'get',
              path: '/ticks/{symbol}',
              responses: [
                {
                  ...jsonResponse('200', integer),
                  content: [
                    {
                      mediaType: 'text/event-stream',
                      schema: integer,
                      pointer: '#/x',
                      examples: [],
                    },
                    {
                      mediaType: 'application/json',
                      schema: integer,
                      pointer: '#/x',
                      examples: [],
                    },
                  ],
                },
                {
                  ...jsonResponse('400', string),
                  content: [
                    {
                      mediaType: 'text/event-stream',
                      schema: string,
                      pointer: '#/x',
                      examples: [],
                    },
                  ],
                },
              ],
            }),
            operation({
              operationId: 'exportAll',
              method: 'post',
              path: '/ticks/{symbol}',
              responses: [
                {
                  ...jsonResponse('2XX', string),
                  content: [
                    {
                      mediaType: 'application/x-ndjson',
                      schema: string,
                      pointer: '#/x',
                      examples: [],
                    },
                  ],
                },
              ],
            }),
            getZap,
          ],
        }),
        want: `{\n'/ticks/{symbol}': { get: { '200': { 'text/event-stream': 'events' } }; post: { '2XX': { 'application/x-ndjson': 'items' } } };\n}`,
      },
    ],
  ])('streamMapType: %s', (_name, { given, want }) => {
    expect(streamMapType(given)?.replaceAll('"', "'")).toBe(want);
    const text = fetchSource(given, context);
    if (want === undefined) {
      expect(text).toContain('): Client<Paths, Media> {');
      expect(text).not.toContain('Streaming');
    } else {
      expect(text).toContain('): StreamingClient<Paths, StreamedResponses, Media> {');
      expect(text).toContain('): StreamingPathBasedClient<Paths, StreamedResponses, Media> {');
    }
  });

  test('react-query re-exports the runtime hooks as default and createClient', () => {
    const text = reactQuerySource(model({ operations: [] }), context);
    expect(text).toContain(
      'export { default, default as createClient } from "@zapgen/runtime/react-query";',
    );
  });
});

describe("tanstack-query and swr under the config's namespaces", () => {
  const namespaced = model({
    operations: [
      { ...createZap, namespaces: [{ path: ['zaps'], method: 'create' }] },
      { ...getZap, namespaces: [{ path: ['zaps'], method: 'retrieve' }] },
      {
        ...listZaps,
        namespaces: [
          { path: ['zaps'], method: 'list' },
          { path: ['my zaps'], method: 'list' },
        ],
      },
      searchZaps,
    ],
  });
  const squash = (text: string) => text.replace(/\s+/g, ' ');
  const tanstack = squash(tanstackQuerySource(namespaced, context));
  const swr = squash(swrSource(namespaced, context));
  const cases: [string, { source: string; want: string[]; lacks?: string[] }][] = [
    [
      'tanstack: the factories under the client names, aliases too; flat ones kept',
      {
        source: tanstack,
        want: [
          'export const queries = { zaps: { create: { mutationOptions: createZapMutationOptions }, retrieve: { queryKey: getZapQueryKey, queryOptions: getZapQueryOptions },',
          'list: { queryKey: listZapsQueryKey, queryOptions: listZapsQueryOptions, infiniteQueryOptions: listZapsInfiniteQueryOptions }',
          'myZaps: { list: {',
          'export function getZapQueryOptions(',
        ],
        lacks: ['searchZaps: {'],
      },
    ],
    [
      'swr: the hooks under the client names as `use`; flat ones kept',
      {
        source: swr,
        want: [
          'export const hooks = { zaps: { create: { use: useCreateZap }, retrieve: { use: useGetZap }, list: { use: useListZaps, useInfinite: useListZapsInfinite }',
          'export function useGetZap(',
        ],
      },
    ],
    [
      'without namespaces, neither object',
      {
        source: squash(
          tanstackQuerySource(model({ operations: [getZap] }), context) +
            swrSource(model({ operations: [getZap] }), context),
        ),
        want: [],
        lacks: ['export const queries', 'export const hooks'],
      },
    ],
  ];
  test.each(cases)('%s', (_name, { source, want, lacks }) => {
    for (const fragment of want) expect(source).toContain(fragment);
    for (const fragment of lacks ?? []) expect(source).not.toContain(fragment);
  });

  test('both modules parse', () => {
    for (const text of [tanstackQuerySource(namespaced, context), swrSource(namespaced, context)]) {
      const file = ts.createSourceFile('m.ts', text, ts.ScriptTarget.Latest, true);
      expect((file as unknown as { parseDiagnostics: unknown[] }).parseDiagnostics).toEqual([]);
    }
  });
});
