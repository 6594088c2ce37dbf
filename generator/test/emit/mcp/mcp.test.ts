/**
 * The MCP emitter: tool and argument names within what every MCP host accepts, the environment
 * variables of credentials, flat arguments from parameters and bodies, output schemas, and, on
 * third-party specs, names that stay unique and within the limits.
 */
import ts from 'typescript';
import { describe, expect, test } from 'vitest';
import { toolPlans } from '../../../src/emit/mcp/tools.js';
import {
  ARGUMENT_NAME,
  environmentNames,
  TOOL_NAME,
  toolNames,
} from '../../../src/emit/mcp/names.js';
import { mcpSource } from '../../../src/emit/mcp/index.js';
import { loadSpec } from '../../../src/load/index.js';
import { buildModel } from '../../../src/model/index.js';
import type { OperationModel, SchemaModel } from '../../../src/model/types.js';
import { corpusSpec } from '../../../../test/support/corpus.js';
import {
  context,
  integer,
  jsonResponse,
  model,
  operation,
  parameter,
  string,
} from '../client/model.js';

const get = (operationId: string) => operation({ operationId, method: 'get', path: '/x' });
const object = (
  properties: { name: string; schema: SchemaModel; required?: boolean }[],
): SchemaModel => ({
  kind: 'object',
  properties: properties.map((property) => ({ required: false, ...property })),
  additionalProperties: true,
  nullable: false,
});
/** A GET operation answering 200 with `schema` as JSON. */
const answering = (operationId: string, schema: SchemaModel) =>
  operation({
    operationId,
    method: 'get',
    path: `/${operationId}`,
    responses: [jsonResponse('200', schema)],
  });
const jsonBody = (schema: SchemaModel, required = true): OperationModel['requestBody'] => ({
  required,
  content: [{ mediaType: 'application/json', schema, pointer: '#/x', examples: [] }],
});

describe('tool names', () => {
  const long = `a${'b'.repeat(99)}`;
  const cases: [string, { given: string[]; want: string[] }][] = [
    ['an operationId that fits is kept', { given: ['listPets'], want: ['listPets'] }],
    [
      'characters hosts refuse become _, runs of them one',
      { given: ['repos/get-content', 'a.b c'], want: ['repos_get-content', 'a_b_c'] },
    ],
    ['accents are dropped', { given: ['créerÉlément'], want: ['creerElement'] }],
    ['nothing left: a fallback', { given: ['///'], want: ['operation'] }],
    [
      'two ids that clean to one name are numbered',
      { given: ['a.b', 'a/b', 'a b'], want: ['a_b', 'a_b_2', 'a_b_3'] },
    ],
    [
      'a long id is cut to 64 with a hash of the whole',
      {
        given: [long, `${long}c`],
        want: [
          expect.stringMatching(/^ab+_[0-9a-f]{6}$/),
          expect.stringMatching(/^ab+_[0-9a-f]{6}$/),
        ] as unknown as string[],
      },
    ],
    [
      '__proto__ is just a name',
      { given: ['__proto__', 'constructor'], want: ['proto', 'constructor'] },
    ],
  ];
  test.each(cases)('%s', (_name, { given, want }) => {
    const names = [...toolNames(model({ operations: given.map(get) })).values()];
    expect(names).toEqual(want);
    for (const name of names) expect(name).toMatch(TOOL_NAME);
    expect(new Set(names).size).toBe(names.length);
  });
});

describe('environment variables', () => {
  const schemes = (names: string[]) =>
    names.map((name) => ({ name, type: 'http' as const, scheme: 'bearer' }) as never);
  const cases: [string, { api: string; schemes: string[]; want: [string, string[]] }][] = [
    [
      'API and scheme in constant case',
      {
        api: 'actions-v2',
        schemes: ['AccessPointApiKeyHeader', 'HTTPBasic'],
        want: [
          'ACTIONS_V2_BASE_URL',
          ['ACTIONS_V2_ACCESS_POINT_API_KEY_HEADER', 'ACTIONS_V2_HTTP_BASIC'],
        ],
      },
    ],
    [
      'an API name starting with a digit',
      {
        api: '1password',
        schemes: ['token'],
        want: ['API_1PASSWORD_BASE_URL', ['API_1PASSWORD_TOKEN']],
      },
    ],
    [
      'schemes that clash, and one named like the base URL',
      {
        api: 'x',
        schemes: ['api-key', 'apiKey', 'base_url'],
        want: ['X_BASE_URL', ['X_API_KEY', 'X_API_KEY_2', 'X_BASE_URL_2']],
      },
    ],
  ];
  test.each(cases)('%s', (_name, { api, schemes: names, want }) => {
    const found = environmentNames({ apiName: api, schemes: schemes(names) });
    expect([found.baseUrl, [...found.credentials.values()]]).toEqual(want);
    for (const variable of found.credentials.values())
      expect(variable).toMatch(/^[A-Z_][A-Z0-9_]*$/);
  });
});

describe('tool plans', () => {
  const pet = object([
    { name: 'id', schema: { ...integer, readOnly: true }, required: false },
    { name: 'name', schema: string, required: true },
    { name: 'tag', schema: { ...string, nullable: true } },
  ]);

  test('parameters and an object body are flat arguments; read-only properties are left out', () => {
    const [plan] = toolPlans(
      model({
        operations: [
          operation({
            operationId: 'createPet',
            method: 'post',
            path: '/owners/{owner}/pets',
            summary: 'Create a pet',
            parameters: [
              parameter({ name: 'owner', in: 'path', description: 'Who owns it' }),
              parameter({
                name: 'dry-run',
                in: 'query',
                schema: { kind: 'boolean', nullable: false },
              }),
            ],
            requestBody: jsonBody(pet),
            responses: [jsonResponse('201', pet)],
          }),
        ],
      }),
    );
    expect(plan!.arguments).toEqual([
      { name: 'owner', in: 'path', parameter: 'owner' },
      { name: 'dry-run', in: 'query', parameter: 'dry-run' },
      { name: 'name', in: 'body', property: 'name' },
      { name: 'tag', in: 'body', property: 'tag', nullable: true },
    ]);
    expect(plan!.required).toEqual(['owner', 'name']);
    expect(plan!.properties.owner).toEqual({ type: 'string', description: 'Who owns it' });
    expect(plan!.title).toBe('Create a pet');
    expect(plan!.description).toBe('Create a pet\n\nPOST /owners/{owner}/pets');
    expect(plan!.output).toMatchObject({ wrapped: false, schema: { type: 'object' } });
  });

  test('a name in two locations is qualified; a body property that clashes keeps the body whole', () => {
    const [plan] = toolPlans(
      model({
        operations: [
          operation({
            operationId: 'update',
            method: 'put',
            path: '/items/{id}',
            parameters: [
              parameter({ name: 'id', in: 'path' }),
              parameter({ name: 'id', in: 'query' }),
            ],
            requestBody: jsonBody(object([{ name: 'path_id', schema: string }])),
          }),
        ],
      }),
    );
    expect(plan!.arguments.map((argument) => [argument.name, argument.in])).toEqual([
      ['path_id', 'path'],
      ['query_id', 'query'],
      ['body', 'body'],
    ]);
  });

  test('an array answer is wrapped in { result }; a deprecated operation says so first', () => {
    const [plan] = toolPlans(
      model({
        operations: [
          operation({
            operationId: 'list',
            method: 'get',
            path: '/items',
            deprecated: true,
            responses: [jsonResponse('200', { kind: 'array', items: string, nullable: false })],
          }),
        ],
      }),
    );
    expect(plan!.output).toEqual({
      wrapped: true,
      schema: {
        type: 'object',
        properties: { result: { type: 'array', items: { type: 'string' } } },
        required: ['result'],
      },
    });
    expect(plan!.description).toMatch(/^Deprecated\.\n\n/);
  });

  const streamed = (mediaType: string, schema: SchemaModel) =>
    toolPlans(
      model({
        operations: [
          operation({
            operationId: 'watch',
            method: 'get',
            path: '/events',
            responses: [
              {
                status: '200',
                description: 'OK',
                content: [{ mediaType, schema, pointer: '#/x', examples: [] }],
                headers: [],
              },
            ],
          }),
        ],
      }),
    )[0]!;
  const tick = object([{ name: 'price', schema: integer, required: true }]);
  const event = object([
    { name: 'event', schema: string, required: true },
    { name: 'data', schema: tick, required: true },
  ]);
  const collected = (item: unknown) => ({
    type: 'object',
    properties: {
      items: { type: 'array', items: item, description: expect.any(String) },
      count: { type: 'integer', minimum: 0, description: expect.any(String) },
      truncated: { type: 'boolean', description: expect.any(String) },
    },
    required: ['items', 'count', 'truncated'],
  });
  const tickJson = {
    type: 'object',
    properties: { price: { type: 'integer' } },
    required: ['price'],
  };
  const streams: [string, { given: [string, SchemaModel]; want: unknown }][] = [
    [
      'server-sent events described by their data: each item is the event around it',
      {
        given: ['text/event-stream', tick],
        want: collected({
          type: 'object',
          properties: {
            event: { type: 'string' },
            data: tickJson,
            id: { type: 'string' },
            retry: { type: 'integer' },
          },
          required: ['event', 'data'],
        }),
      },
    ],
    [
      'server-sent events described whole: each item is the event as the spec says',
      {
        given: ['text/event-stream', event],
        want: collected({
          type: 'object',
          properties: { event: { type: 'string' }, data: tickJson },
          required: ['event', 'data'],
        }),
      },
    ],
    [
      'NDJSON: each item is a record',
      { given: ['application/x-ndjson', tick], want: collected(tickJson) },
    ],
    [
      'json-seq: each item is a record',
      { given: ['application/json-seq', tick], want: collected(tickJson) },
    ],
  ];
  test.each(streams)('a streaming tool collects its items: %s', (_name, { given, want }) => {
    const plan = streamed(...given);
    expect(plan.streaming).toBe(true);
    expect(plan.output).toEqual({ wrapped: false, schema: want });
  });

  test('each tool is a const of its own, typed ToolDefinition; mcpTools lists them by name', () => {
    // One array literal of a thousand tool literals is a union of a thousand element types, which
    // tsc reduces pair by pair: TS2590 ("too complex to represent") on GitHub's 1,223 operations.
    const source = mcpSource(
      model({ operations: [get('listPets'), get('showPet'), get('deletePet')] }),
      context,
    );
    for (const name of ['listPetsTool', 'showPetTool', 'deletePetTool'])
      expect(source).toContain(`const ${name}: ToolDefinition = {`);
    expect(source).toContain(
      'export const mcpTools: ToolDefinition[] = [listPetsTool, showPetTool, deletePetTool];',
    );
  });

  test('schemas, arguments and inputs are JSON data that evaluates to the plans and components', () => {
    // An object literal of each JSON Schema cost GitHub's build ~120k types, each related to
    // `JsonSchema`; `JSON.parse` of a string costs the checker nothing and is the same value.
    const hostile = "`${process.exit(1)}` \\ '";
    const ref = (name: string): SchemaModel => ({ kind: 'ref', name, nullable: false });
    const pet = object([
      { name: '__proto__', schema: { ...string, description: hostile } },
      { name: 'owner', schema: ref('Owner') },
    ]);
    const withPet = model({
      schemas: [
        { name: 'Owner', schema: object([]), pointer: '#/components/schemas/Owner' },
        { name: 'Pet', schema: pet, pointer: '#/components/schemas/Pet' },
      ],
      operations: [
        operation({
          operationId: 'createPet',
          method: 'post',
          path: '/pets/{id}',
          parameters: [parameter({ name: 'id', in: 'path', description: hostile })],
          requestBody: jsonBody(ref('Pet')),
          responses: [jsonResponse('200', ref('Pet'))],
        }),
      ],
    });
    const source = mcpSource(withPet, context);
    const [plan] = toolPlans(withPet);
    const value = (pattern: RegExp): unknown => {
      const expression = pattern.exec(source)?.[1];
      expect(expression, String(pattern)).toMatch(/^JSON\.parse\(`/);
      return new Function(`return ${expression!}`)() as unknown;
    };
    // The components the schemas reference (`#/$defs/Owner`), and each shared output.
    expect(
      value(/const schemas: Record<string, JsonSchema> = (JSON\.parse\(`(?:[^`\\]|\\.)*`\));/),
    ).toEqual({
      Owner: { type: 'object' },
    });
    const output = value(/const PetOutput: JsonSchema = (JSON\.parse\(`(?:[^`\\]|\\.)*`\));/);
    expect(output).toEqual(plan!.output!.schema);
    expect(Object.getOwnPropertyNames((output as { properties: object }).properties)).toEqual([
      '__proto__',
      'owner',
    ]);
    expect(value(/\n {2}arguments: (JSON\.parse\(`(?:[^`\\]|\\.)*`\)),\n/)).toEqual(
      plan!.arguments,
    );
    expect(value(/\n {2}input: (JSON\.parse\(`(?:[^`\\]|\\.)*`\)),\n/)).toEqual({
      properties: plan!.properties,
      required: plan!.required,
    });
    expect(JSON.stringify(plan!.properties)).toContain('process.exit');
  });

  test('a component several tools answer with is one shared const, not a copy per tool', () => {
    const pet = object([{ name: 'name', schema: string, required: true }]);
    const ref = (name: string): SchemaModel => ({ kind: 'ref', name, nullable: false });
    const source = mcpSource(
      model({
        schemas: [{ name: 'Pet', schema: pet, pointer: '#/components/schemas/Pet' }],
        operations: [
          answering('showPet', ref('Pet')),
          answering('findPet', ref('Pet')),
          answering('maybePet', { ...ref('Pet'), nullable: true }),
        ],
      }),
      context,
    );
    expect(source.match(/const PetOutput: JsonSchema = JSON\.parse\(`\{/g)).toHaveLength(1);
    expect(source.match(/output: \{\s*schema: PetOutput,\s*wrapped: false,\s*\}/g)).toHaveLength(2);
    // A nullable answer is not the component: wrapped in { result }, written in place.
    expect(source).toMatch(/const maybePetTool[\s\S]*output: \{\s*schema: JSON\.parse\(`\{/);
  });

  test('the same non-component output of several tools is one const, named after what it wraps', () => {
    const pets: SchemaModel = {
      kind: 'array',
      items: { kind: 'ref', name: 'Pet', nullable: false },
      nullable: false,
    };
    const source = mcpSource(
      model({
        schemas: [
          { name: 'Pet', schema: object([]), pointer: '#/components/schemas/Pet' },
          { name: 'Pets', schema: pets, pointer: '#/components/schemas/Pets' },
        ],
        operations: [
          answering('listPets', pets),
          answering('searchPets', pets),
          answering('listTags', { kind: 'array', items: string, nullable: false }),
          answering('allPets', { kind: 'ref', name: 'Pets', nullable: false }),
          answering('everyPet', { kind: 'ref', name: 'Pets', nullable: false }),
        ],
      }),
      context,
    );
    // Two tools answer with an inline array: one const, named after the first tool.
    expect(source.match(/const ListPetsResultOutput: JsonSchema = JSON\.parse\(`\{/g)).toHaveLength(
      1,
    );
    expect(source.match(/schema: ListPetsResultOutput,\s*wrapped: true/g)).toHaveLength(2);
    // A wrapped component is named after it; an output of one tool stays in place.
    expect(source.match(/const PetsResultOutput: JsonSchema = JSON\.parse\(`\{/g)).toHaveLength(1);
    expect(source.match(/schema: PetsResultOutput,\s*wrapped: true/g)).toHaveLength(2);
    expect(source).toMatch(/const listTagsTool[\s\S]*output: \{\s*schema: JSON\.parse\(`\{/);
  });

  test('a string from the spec never becomes code in mcp.ts', () => {
    const hostile = "x'); process.exit(1); ('";
    const source = mcpSource(
      model({
        info: { title: hostile, version: '1', description: `*/ ${hostile}` },
        operations: [
          operation({ operationId: hostile, method: 'get', path: '/x', summary: `*/ ${hostile}` }),
        ],
      }),
      context,
    );
    // Scanned as TypeScript: \`process\` is never an identifier, only text in strings and comments.
    const scanner = ts.createScanner(
      ts.ScriptTarget.Latest,
      true,
      ts.LanguageVariant.Standard,
      source,
    );
    const identifiers: string[] = [];
    for (let token = scanner.scan(); token !== ts.SyntaxKind.EndOfFileToken; token = scanner.scan())
      if (token === ts.SyntaxKind.Identifier) identifiers.push(scanner.getTokenText());
    expect(identifiers).toContain('mcpTools');
    expect(identifiers).not.toContain('process');
  });
});

/**
 * Third-party specs as their authors keep them: every tool and argument name unique and within the
 * limits. asana and stripe (7 s each to load) are left to `npm run corpus`, whose packages build
 * src/mcp.ts with the rest.
 */
const CORPUS = [
  'apisguru-apache-qakka.json',
  'apisguru-authentiq-issuer.json',
  'box.json',
  'discord.json',
  'oai-v30-link-example.yaml',
  'redocly-museum.yaml',
  'scalar-galaxy.yaml',
  'swagger-petstore-v30.yaml',
];
describe('tool names on third-party specs', () => {
  test.each(CORPUS)('%s', (file) => {
    const { document } = loadSpec(corpusSpec(file));
    const built = buildModel(document!);
    const plans = toolPlans(built);
    expect(plans.length).toBe(built.operations.length);
    const names = plans.map((plan) => plan.name);
    expect(new Set(names).size).toBe(names.length);
    for (const plan of plans) {
      expect(plan.name).toMatch(TOOL_NAME);
      const argumentNames = plan.arguments.map((argument) => argument.name);
      expect(new Set(argumentNames).size).toBe(argumentNames.length);
      for (const name of argumentNames) expect(name).toMatch(ARGUMENT_NAME);
    }
  });
});
