import { afterAll, describe, expect, it } from 'vitest';
import type { ParameterModel, ParameterRule, SchemaModel } from '../../../src/model/types.js';
import { apiModel, importZod, operation, s, removeScratchDirs, typecheck } from './support.js';

function parameter(
  name: string,
  location: ParameterModel['in'],
  schema: SchemaModel,
  required = false,
): ParameterModel {
  return {
    name,
    in: location,
    required,
    deprecated: false,
    style: location === 'query' ? 'form' : 'simple',
    explode: location === 'query',
    allowReserved: false,
    allowEmptyValue: false,
    schema,
    pointer: '#',
  };
}

const str = s({ kind: 'string' });
const bool = s({ kind: 'boolean' });
const media = (mediaType: string, schema: SchemaModel) => ({
  mediaType,
  schema,
  pointer: '#',
  examples: [],
});

const parameters = [
  parameter('app', 'path', str, true),
  parameter('skip_param_guessing', 'query', bool),
  parameter('preview_only', 'query', bool),
  parameter('action', 'query', str),
  parameter('limit', 'query', s({ kind: 'number', integer: true, default: { value: 10 } })),
  parameter('X-Trace', 'header', str),
];

const rules: ParameterRule[] = [
  {
    kind: 'mutuallyExclusive',
    parameters: [
      { in: 'query', name: 'skip_param_guessing' },
      { in: 'query', name: 'preview_only' },
    ],
    description: 'skip_param_guessing and preview_only cannot both be true.',
  },
  {
    kind: 'requiredWith',
    if: { in: 'header', name: 'X-Trace' },
    then: [{ in: 'query', name: 'action' }],
  },
  {
    kind: 'mutuallyExclusive',
    parameters: [
      { in: 'query', name: 'action' },
      { in: 'query', name: 'preview_only' },
      { in: 'header', name: 'X-Trace' },
    ],
  },
];

const model = apiModel({
  schemas: {
    App: s({
      kind: 'object',
      properties: [{ name: 'id', required: true, schema: str }],
      additionalProperties: true,
    }),
  },
  operations: [
    operation({
      operationId: 'run-app',
      method: 'post',
      path: '/apps/{app}',
      parameters,
      extensions: { rules },
      requestBody: {
        required: true,
        content: [
          media('application/xml', str),
          media('application/vnd.api+json', s({ kind: 'ref', name: 'App' })),
        ],
      },
      responses: [
        {
          status: '200',
          description: 'ok',
          content: [
            media('text/plain', str),
            media('application/json', s({ kind: 'ref', name: 'App' })),
          ],
          headers: [],
        },
        { status: '204', description: 'none', content: [], headers: [] },
        {
          status: 'default',
          description: 'error',
          content: [
            media(
              'application/problem+json',
              s({ kind: 'object', properties: [], additionalProperties: true }),
            ),
          ],
          headers: [],
        },
      ],
    }),
    operation({
      operationId: 'upload',
      method: 'post',
      requestBody: {
        required: true,
        content: [
          media(
            'multipart/form-data',
            s({
              kind: 'object',
              properties: [
                { name: 'file', required: true, schema: s({ kind: 'string', format: 'binary' }) },
              ],
              additionalProperties: false,
            }),
          ),
        ],
      },
    }),
  ],
});

const issue = (path: string[], message: string) => ({
  success: false,
  error: { issues: [expect.objectContaining({ path, message })] },
});

const cases: [string, { given: unknown; want: unknown }][] = [
  [
    'all rules satisfied',
    { given: { path: { app: 'a' }, query: { preview_only: true } }, want: { success: true } },
  ],
  [
    'defaults applied',
    {
      given: { path: { app: 'a' }, query: {} },
      want: { success: true, data: { path: { app: 'a' }, query: { limit: 10 } } },
    },
  ],
  ['optional groups may be left out', { given: { path: { app: 'a' } }, want: { success: true } }],
  ['required group is required', { given: { query: {} }, want: { success: false } }],
  [
    'mutually exclusive parameters',
    {
      given: { path: { app: 'a' }, query: { skip_param_guessing: true, preview_only: true } },
      want: issue(
        ['query', 'preview_only'],
        'skip_param_guessing and preview_only cannot both be set',
      ),
    },
  ],
  [
    'false is not set',
    {
      given: { path: { app: 'a' }, query: { skip_param_guessing: false, preview_only: true } },
      want: { success: true },
    },
  ],
  [
    'required with',
    {
      given: { path: { app: 'a' }, header: { 'X-Trace': 't' } },
      want: issue(['query', 'action'], 'action is required when X-Trace is given'),
    },
  ],
  [
    'empty string is not set',
    { given: { path: { app: 'a' }, header: { 'X-Trace': '' } }, want: { success: true } },
  ],
  [
    'three mutually exclusive parameters',
    {
      given: { path: { app: 'a' }, query: { action: 'x', preview_only: true } },
      want: issue(
        ['query', 'preview_only'],
        'at most one of action, preview_only and X-Trace may be set',
      ),
    },
  ],
];

describe('zod emitter: operationSchemas', () => {
  afterAll(removeScratchDirs);

  it.each(cases)('parameters: %s', async (_name, { given, want }) => {
    const { operationSchemas } = await importZod(model);
    expect(operationSchemas['run-app']!.parameters!.safeParse(given)).toMatchObject(want as object);
  });

  it('exposes the bare groups, the first JSON body and JSON responses by status', async () => {
    const { operationSchemas } = await importZod(model);
    const run = operationSchemas['run-app']!;
    expect(Object.keys(run).sort()).toEqual([
      'body',
      'header',
      'parameters',
      'path',
      'query',
      'responses',
    ]);
    expect(run.query!.safeParse({ limit: 'x' }).success).toBe(false);
    expect(run.header!.safeParse({ 'X-Trace': 't' }).success).toBe(true);
    expect(run.body!.safeParse({ id: 'a' }).success).toBe(true);
    expect(run.body!.safeParse('<xml/>').success).toBe(false);
    expect(Object.keys(run.responses)).toEqual(['200', 'default']);
    expect(run.responses['200']!.safeParse({ id: 'a' }).success).toBe(true);
  });

  it('writes a parameter group several operations spell alike once, and each operation uses it', async () => {
    // GitHub's `{ owner, repo }` path, spelled by 204 operations, was 204 types for tsc to infer.
    const repo = [parameter('owner', 'path', str, true), parameter('repo', 'path', str, true)];
    const shared = apiModel({
      operations: [
        operation({ operationId: 'get-repo', parameters: repo }),
        operation({
          operationId: 'list-issues',
          parameters: [...repo, parameter('state', 'query', str)],
        }),
        operation({ operationId: 'get-user', parameters: [parameter('name', 'path', str, true)] }),
      ],
    });
    const { source, classic, operationSchemas } = await importZod(shared);
    expect(
      source.match(/= \/\* @__PURE__ \*\/ z\.object\(\{ owner: z\.string\(\), repo/g),
    ).toHaveLength(1);
    expect(source).toContain('const getRepoParametersPath = /* @__PURE__ */ z.object(');
    // An object of shared consts only needs no `pure` wrapper; one with its own group does.
    expect(source).toContain('const getRepoParameters = { path: getRepoParametersPath };');
    expect(source).toMatch(
      /const listIssuesParameters = \/\* @__PURE__ \*\/ \(\(\) => \(\{\s*path: getRepoParametersPath,\s*query: z\.object/,
    );
    expect(source).toMatch(
      /const getUserParameters = \/\* @__PURE__ \*\/ \(\(\) => \(\{\s*path: z\.object/,
    );
    expect(classic.operationSchemas['get-repo']!.path).toBe(
      classic.operationSchemas['list-issues']!.path,
    );
    expect(
      operationSchemas['list-issues']!.parameters!.safeParse({ path: { owner: 'o', repo: 'r' } }),
    ).toMatchObject({ success: true });
    expect(operationSchemas['get-repo']!.path!.safeParse({ owner: 'o' }).success).toBe(false);
    // The shared const's type is the one each operation spelled: the module type-checks, and
    // the types of the two operations' `path` are identical.
    expect(
      typecheck([
        { path: 'src/zod.ts', contents: source },
        {
          path: 'src/check.ts',
          contents: `import { getRepoSchemas, listIssuesSchemas } from './zod.js';
import * as z from 'zod';
type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
const spelled = z.object({ owner: z.string(), repo: z.string() });
export const same: [Equal<typeof getRepoSchemas.path, typeof spelled>, Equal<typeof listIssuesSchemas.path, typeof spelled>] = [true, true];
`,
        },
      ]),
    ).toEqual([]);
  });

  it('accepts a Blob for binary strings in multipart bodies', async () => {
    const { operationSchemas } = await importZod(model);
    const upload = operationSchemas.upload!;
    expect(upload.body!.safeParse({ file: new Blob(['x']) }).success).toBe(true);
    expect(upload.body!.safeParse({ file: 'text' }).success).toBe(true);
    expect(upload.body!.safeParse({ file: 1 }).success).toBe(false);
    expect(Object.keys(upload)).toEqual(['body', 'responses']);
  });
});
