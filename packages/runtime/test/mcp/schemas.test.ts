import { describe, expect, test } from 'vitest';
import { annotationsOf } from '../../src/mcp/annotations.js';
import { argumentPath, operationArguments } from '../../src/mcp/arguments.js';
import { credentialsOf, missingCredentials, secretsOf } from '../../src/mcp/credentials.js';
import type { ToolDefinition } from '../../src/mcp/definition.js';
import { nextPageNote } from '../../src/mcp/paging.js';
import { inputSchemaOf, outputSchemaOf, referencedName } from '../../src/mcp/schemas.js';
import { selectTools, type ToolSelection } from '../../src/mcp/select.js';
import { definition, tools } from './support.js';

const tool = (name: string): ToolDefinition => tools.find((entry) => entry.name === name)!;

describe('tool schemas', () => {
  test('an input is one flat object, closed, its references inlined, a recursive one left in $defs', () => {
    const schema = inputSchemaOf(
      {
        ...tool('createPet'),
        input: { properties: { pet: { $ref: '#/$defs/Pet' } }, required: ['pet'] },
      },
      definition.schemas,
    );
    expect(schema).toEqual({
      type: 'object',
      properties: {
        pet: {
          type: 'object',
          properties: {
            id: { type: 'integer', format: 'int64', examples: [1] },
            name: { type: 'string' },
            tag: { type: 'string' },
            parent: { $ref: '#/$defs/Pet' },
            // The reference's own description wins over the component's.
            owner: {
              type: 'object',
              properties: { name: { type: 'string' } },
              description: 'Who owns it.',
            },
          },
          required: ['id', 'name'],
        },
      },
      required: ['pet'],
      additionalProperties: false,
      $defs: { Owner: definition.schemas.Owner, Pet: definition.schemas.Pet },
    });
  });

  test('an input without arguments is an empty closed object', () => {
    const schema = inputSchemaOf(
      { ...tool('listPets'), input: { properties: {}, required: [] } },
      {},
    );
    expect(schema).toEqual({ type: 'object', properties: {}, additionalProperties: false });
  });

  test('an output keeps its references in $defs, without formats and examples', () => {
    expect(outputSchemaOf(tool('createPet'), definition.schemas)).toEqual({
      $ref: '#/$defs/Pet',
      type: 'object',
      $defs: {
        Owner: definition.schemas.Owner,
        Pet: {
          type: 'object',
          properties: {
            id: { type: 'integer' },
            name: { type: 'string' },
            tag: { type: 'string' },
            parent: { $ref: '#/$defs/Pet' },
            owner: { $ref: '#/$defs/Owner', description: 'Who owns it.' },
          },
          required: ['id', 'name'],
        },
      },
    });
    expect(outputSchemaOf(tool('uploadPhoto'), definition.schemas)).toBeUndefined();
  });

  test.each([
    ['#/$defs/Pet', 'Pet'],
    ['#/$defs/a~1b~0c', 'a/b~c'],
    ['#/$defs/a%20b', 'a b'],
    ['#/components/schemas/Pet', undefined],
    [42, undefined],
  ])('the $defs name of %s is %s', (ref, name) => {
    expect(referencedName(ref)).toBe(name);
  });

  test('a name that is a member of Object.prototype is just a name', () => {
    const schema = inputSchemaOf(
      {
        ...tool('createPet'),
        // As the generated module writes it: an own property (`['__proto__']: ...`).
        input: {
          properties: JSON.parse('{"__proto__": {"$ref": "#/$defs/toString"}}'),
          required: [],
        },
      },
      { toString: { type: 'string' } },
    );
    expect(Object.keys(schema.properties as object)).toEqual(['__proto__']);
    expect(Object.getOwnPropertyDescriptor(schema.properties, '__proto__')?.value).toEqual({
      type: 'string',
    });
  });
});

describe('tool arguments', () => {
  const cases: [string, { tool: string; input: Record<string, unknown>; want: unknown }][] = [
    [
      'parameters go to their location, body properties into the body',
      {
        tool: 'createPet',
        input: { owner: 'ada', name: 'Rex', tag: 'dog' },
        want: { args: { path: { owner: 'ada' }, body: { name: 'Rex', tag: 'dog' } } },
      },
    ],
    [
      'a nullable argument keeps its null',
      {
        tool: 'createPet',
        input: { owner: 'ada', name: 'Rex', tag: null },
        want: { args: { path: { owner: 'ada' }, body: { name: 'Rex', tag: null } } },
      },
    ],
    [
      'null for an optional argument that cannot be null means not given',
      { tool: 'listPets', input: { limit: null, page: 2 }, want: { args: { query: { page: 2 } } } },
    ],
    [
      'a required body spread over arguments is checked even when none is given',
      {
        tool: 'createPet',
        input: { owner: 'ada' },
        want: { args: { path: { owner: 'ada' }, body: {} } },
      },
    ],
    [
      'the whole body as one argument',
      {
        tool: 'uploadPhoto',
        input: { id: '7', body: 'bytes' },
        want: { args: { path: { id: '7' }, body: 'bytes' } },
      },
    ],
    [
      'an unknown argument is named, with the ones the tool takes',
      {
        tool: 'listPets',
        input: { limit: 1, size: 2, __proto__x: 1 },
        want: { problem: 'unknown arguments "size", "__proto__x"; listPets takes limit, page' },
      },
    ],
  ];
  test.each(cases)('%s', (_name, { tool: name, input, want }) => {
    expect(operationArguments(tool(name), input)).toEqual(want);
  });

  test.each([
    [{ parameter: 'limit', in: 'query', path: ['query', 'limit'], message: 'm' }, 'limit'],
    [{ parameter: 'name', in: 'body', path: ['body', 'name'], message: 'm' }, 'name'],
    [{ parameter: 'tag', in: 'body', path: ['body', 'tag', 0], message: 'm' }, 'tag[0]'],
    [{ parameter: 'body', in: 'body', path: ['body'], message: 'm' }, 'body'],
  ])('a call issue at %j is the argument %s', (issue, want) => {
    const name = issue.in === 'query' ? 'listPets' : 'createPet';
    expect(argumentPath(tool(name), issue)).toBe(want);
  });

  test('an issue inside a whole-body argument is named from that argument', () => {
    expect(
      argumentPath(tool('uploadPhoto'), {
        parameter: 'x',
        in: 'body',
        path: ['body', 'x', 'y'],
        message: 'm',
      }),
    ).toBe('body.x.y');
  });
});

describe('tool selection', () => {
  const names = (selection: ToolSelection) =>
    selectTools(tools, selection).map((entry) => entry.name);
  test.each<[string, ToolSelection, string[]]>([
    ['everything by default, deprecated ones too', {}, ['listPets', 'createPet', 'uploadPhoto']],
    ['by tag', { tags: ['photos'] }, ['uploadPhoto']],
    ['by operation', { operations: ['createPet'] }, ['createPet']],
    [
      'tags and operations add up',
      { tags: ['photos'], operations: ['listPets'] },
      ['listPets', 'uploadPhoto'],
    ],
    ['leaving out a tag', { excludeTags: ['write'] }, ['listPets', 'uploadPhoto']],
    ['leaving out an operation', { excludeOperations: ['listPets'] }, ['createPet', 'uploadPhoto']],
    ['deprecated left out', { deprecated: 'omit' }, ['listPets', 'createPet']],
    ['read-only', { readOnly: true }, ['listPets']],
  ])('%s', (_name, selection, want) => {
    expect(names(selection)).toEqual(want);
  });

  test('a tag or operation that matches nothing is an error naming what exists', () => {
    expect(() => selectTools(tools, { tags: ['cats'], operations: ['getPet'] })).toThrow(
      'no tag "cats", operation "getPet" in this API (tags: pets, photos, write; operations: listPets, createPet, uploadPhoto)',
    );
  });
});

describe('tool annotations from the HTTP method', () => {
  test.each([
    ['get', { readOnlyHint: true, openWorldHint: true }],
    ['head', { readOnlyHint: true, openWorldHint: true }],
    [
      'post',
      { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: true },
    ],
    [
      'put',
      { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: true },
    ],
    [
      'patch',
      { readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: true },
    ],
    [
      'delete',
      { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: true },
    ],
  ] as const)('%s', (method, want) => {
    expect(annotationsOf(method, undefined)).toEqual(want);
  });
});

describe('credentials', () => {
  test('one variable per scheme; options win; empty values are not credentials', () => {
    expect(
      credentialsOf({
        definition,
        environment: { PETS_API_KEY: ' key ', PETS_OAUTH: '', PETS_BASIC: 'ada:pw' },
        given: { Basic: 'bob:secret' },
      }),
    ).toEqual({ ApiKey: 'key', Basic: 'bob:secret' });
  });

  test('a password is a secret of its own', () => {
    expect(secretsOf({ Basic: 'bob:secret', ApiKey: 'k' })).toEqual(['bob:secret', 'secret', 'k']);
  });

  test('a missing credential names the variables of each alternative, never a value', () => {
    expect(
      missingCredentials({
        definition,
        security: listPetsSecurity(),
        credentials: { Basic: 'bob:secret' },
        operationId: 'listPets',
      }),
    ).toBe(
      'listPets needs credentials that are not set: PETS_API_KEY (ApiKey: an API key, sent in the x-api-key header); or PETS_OAUTH (OAuth: an OAuth access token with scope read, obtained by the host or the user (the server starts no authorization flow)). Set the environment variables in the server\'s configuration (the "env" of the MCP host\'s entry), then call it again.',
    );
    expect(
      missingCredentials({
        definition,
        security: listPetsSecurity(),
        credentials: { ApiKey: 'k' },
        operationId: 'x',
      }),
    ).toBeUndefined();
  });
});

function listPetsSecurity() {
  return tool('listPets').operation.security;
}

describe('paging', () => {
  test.each([
    [
      'a full page: the next one',
      { query: { page: 2, limit: 2 } },
      [1, 2],
      'More results may follow: call listPets again with the same arguments and page: 3.',
    ],
    [
      'a short page is the last',
      { query: { limit: 2 } },
      [1],
      'This is the last page of listPets.',
    ],
    // The size parameter's default in the spec (2) is the size of a page asked without one.
    [
      'without a size, the default size counts',
      {},
      [1, 2],
      'More results may follow: call listPets again with the same arguments and page: 2.',
    ],
    ['an empty page is the last', { query: { page: 9 } }, [], 'This is the last page of listPets.'],
  ])('%s', (_name, args, body, want) => {
    expect(nextPageNote(tool('listPets'), args, body, new Headers())).toBe(want);
  });

  test('a cursor page names the cursor to send back, quoted', () => {
    const listPets = tool('listPets');
    const cursorTool: ToolDefinition = {
      ...listPets,
      operation: {
        ...listPets.operation,
        pagination: {
          kind: 'cursor',
          cursorParameter: 'page',
          itemsField: '',
          nextCursorField: 'next',
        },
      },
    };
    const page = Object.assign([1, 2], { next: 'c2' });
    expect(nextPageNote(cursorTool, {}, page, new Headers())).toBe(
      'More results may follow: call listPets again with the same arguments and page: "c2".',
    );
    expect(nextPageNote(cursorTool, {}, [1], new Headers())).toBe(
      'This is the last page of listPets.',
    );
  });

  test('a Link header page names the cursor of its rel="next" URL', () => {
    const listPets = tool('listPets');
    const linkTool: ToolDefinition = {
      ...listPets,
      operation: {
        ...listPets.operation,
        pagination: {
          kind: 'cursor',
          cursorParameter: 'page',
          itemsField: '',
          nextLinkHeader: true,
        },
      },
    };
    const link = new Headers({ link: '<https://elsewhere.example/pets?page=4>; rel="next"' });
    expect(nextPageNote(linkTool, {}, [1, 2], link)).toBe(
      'More results may follow: call listPets again with the same arguments and page: "4".',
    );
    expect(nextPageNote(linkTool, {}, [1, 2], new Headers())).toBe(
      'This is the last page of listPets.',
    );
  });

  test('an operation without pagination has no note', () => {
    expect(nextPageNote(tool('createPet'), {}, {}, new Headers())).toBeUndefined();
  });
});
