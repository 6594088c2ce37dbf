import { describe, expect, it } from 'vitest';
import {
  DOCUMENT_EXTENSIONS,
  OPERATION_EXTENSIONS,
  PARAMETER_EXTENSIONS,
  problemsOf,
  readWith,
  type Problem,
} from '../../src/extensions/index.js';

const SCHEMAS = { ...OPERATION_EXTENSIONS, ...PARAMETER_EXTENSIONS };
type Name = keyof typeof SCHEMAS;

const a = { in: 'query', name: 'a' } as const;
const b = { in: 'query', name: 'b' } as const;

/**
 * One schema per extension, two readers: what the model reads (`read`) where the value fits,
 * what the linter says (`problems`, located in the value) where it does not, never both.
 */
describe('x-zapgen-* extension schemas', () => {
  const cases: [
    string,
    { name: Name; given: unknown; want: { read: unknown } | { problems: Problem[] } },
  ][] = [
    [
      'rules of both kinds',
      {
        name: 'x-zapgen-rules',
        given: [
          { kind: 'mutuallyExclusive', parameters: [a, b], description: 'a or b' },
          { kind: 'requiredWith', if: a, then: [b] },
        ],
        want: {
          read: [
            { kind: 'mutuallyExclusive', parameters: [a, b], description: 'a or b' },
            { kind: 'requiredWith', if: a, then: [b] },
          ],
        },
      },
    ],
    [
      'rules: too few references, a reference in no location, an unknown kind',
      {
        name: 'x-zapgen-rules',
        given: [
          { kind: 'mutuallyExclusive', parameters: [a] },
          { kind: 'requiredWith', if: { in: 'body', name: 'b' }, then: [b] },
          { kind: 'other' },
          { parameters: [a, b] },
        ],
        want: {
          problems: [
            {
              path: [0, 'parameters'],
              message:
                'parameters must be a list of at least 2 parameter references { in: path|query|header|cookie, name: string }',
            },
            { path: [1, 'if', 'in'], message: 'in must be one of path, query, header, cookie' },
            {
              path: [2, 'kind'],
              message: 'kind must be one of mutuallyExclusive, requiredWith (found "other")',
            },
            {
              path: [3],
              message:
                'missing required field "kind" (it must be one of mutuallyExclusive, requiredWith)',
            },
          ],
        },
      },
    ],
    [
      'rules not a list',
      {
        name: 'x-zapgen-rules',
        given: { kind: 'mutuallyExclusive' },
        want: { problems: [{ path: [], message: 'x-zapgen-rules must be a list of rules' }] },
      },
    ],
    [
      'idempotency: true is the Idempotency-Key header',
      { name: 'x-zapgen-idempotency', given: true, want: { read: 'Idempotency-Key' } },
    ],
    [
      'idempotency: a header name',
      { name: 'x-zapgen-idempotency', given: 'X-Request-Key', want: { read: 'X-Request-Key' } },
    ],
    [
      'idempotency: an empty name is a mistake',
      {
        name: 'x-zapgen-idempotency',
        given: '',
        want: {
          problems: [
            {
              path: [],
              message: 'x-zapgen-idempotency must be a non-empty string',
            },
          ],
        },
      },
    ],
    [
      'webhook signature: true and the scheme name are Standard Webhooks',
      {
        name: 'x-zapgen-webhook-signature',
        given: true,
        want: { read: { scheme: 'standard-webhooks' } },
      },
    ],
    [
      'webhook signature: the scheme name',
      {
        name: 'x-zapgen-webhook-signature',
        given: 'standard-webhooks',
        want: { read: { scheme: 'standard-webhooks' } },
      },
    ],
    [
      'webhook signature: a tolerance',
      {
        name: 'x-zapgen-webhook-signature',
        given: { scheme: 'standard-webhooks', toleranceSeconds: 600 },
        want: { read: { scheme: 'standard-webhooks', toleranceSeconds: 600 } },
      },
    ],
    [
      'webhook signature: another scheme is a mistake',
      {
        name: 'x-zapgen-webhook-signature',
        given: 'hmac-sha1',
        want: {
          problems: [
            {
              path: [],
              message:
                'x-zapgen-webhook-signature must be true, "standard-webhooks", { scheme: "standard-webhooks", toleranceSeconds?: integer } or { scheme: "hmac-sha256", header: string, prefix?: string, encoding?: "hex" | "base64" }',
            },
          ],
        },
      },
    ],
    [
      'webhook signature: an HMAC-SHA256 of the body in a header (GitHub)',
      {
        name: 'x-zapgen-webhook-signature',
        given: { scheme: 'hmac-sha256', header: 'X-Hub-Signature-256', prefix: 'sha256=' },
        want: {
          read: { scheme: 'hmac-sha256', header: 'X-Hub-Signature-256', prefix: 'sha256=' },
        },
      },
    ],
    [
      'webhook signature: an HMAC header that is no header name is a mistake',
      {
        name: 'x-zapgen-webhook-signature',
        given: { scheme: 'hmac-sha256', header: 'X-Sig\r\nEvil: 1' },
        want: {
          problems: [
            {
              path: ['header'],
              message: 'header must be an HTTP header name',
            },
          ],
        },
      },
    ],
    [
      'webhook event: the header’s name, its value being the webhook’s key',
      {
        name: 'x-zapgen-webhook-event',
        given: 'X-GitHub-Event',
        want: { read: { header: 'X-GitHub-Event' } },
      },
    ],
    [
      'webhook event: the values that name this webhook',
      {
        name: 'x-zapgen-webhook-event',
        given: { header: 'X-GitHub-Event', values: ['issues'] },
        want: { read: { header: 'X-GitHub-Event', values: ['issues'] } },
      },
    ],
    [
      'webhook event: a header that is no header name is a mistake',
      {
        name: 'x-zapgen-webhook-event',
        given: { header: 'X-Event: push' },
        want: { problems: [{ path: ['header'], message: 'header must be an HTTP header name' }] },
      },
    ],
    [
      'webhook event: no values, or a value that is not a string, is a mistake',
      {
        name: 'x-zapgen-webhook-event',
        given: { header: 'X-GitHub-Event', values: [] },
        want: {
          problems: [
            { path: ['values'], message: 'values must be a non-empty list of header values' },
          ],
        },
      },
    ],
    [
      'webhook event: neither a header nor an object',
      {
        name: 'x-zapgen-webhook-event',
        given: true,
        want: {
          problems: [
            {
              path: [],
              message:
                'x-zapgen-webhook-event must be the name of the header that names the webhook, or { header: string, values?: string[] }',
            },
          ],
        },
      },
    ],
    [
      'stability: a level of the three, an unknown field',
      {
        name: 'x-zapgen-stability',
        given: { level: 'alpha', since: '2024' },
        want: {
          problems: [
            { path: ['level'], message: 'level must be one of unofficial, beta, stable' },
            { path: ['since'], message: 'unknown field "since" (expected level, note)' },
          ],
        },
      },
    ],
    [
      'cache with a refresh parameter',
      {
        name: 'x-zapgen-cache',
        given: { ttlSeconds: 60, scope: ['account'], refreshParameter: a },
        want: { read: { ttlSeconds: 60, scope: ['account'], refreshParameter: a } },
      },
    ],
    [
      'cache: a refresh parameter that is no reference, scope missing',
      {
        name: 'x-zapgen-cache',
        given: { ttlSeconds: 60, refreshParameter: 'a' },
        want: {
          problems: [
            { path: [], message: 'missing required field "scope" (it must be a list of strings)' },
            {
              path: ['refreshParameter'],
              message:
                'refreshParameter must be a parameter reference { in: path|query|header|cookie, name: string }',
            },
          ],
        },
      },
    ],
    [
      'page pagination: firstPage defaults to 1, fields in the runtime type’s order',
      {
        name: 'x-zapgen-pagination',
        given: { itemsField: 'items', pageParameter: 'page', kind: 'page', sizeParameter: 'size' },
        want: {
          read: {
            kind: 'page',
            pageParameter: 'page',
            sizeParameter: 'size',
            itemsField: 'items',
            firstPage: 1,
          },
        },
      },
    ],
    [
      'pagination of an unknown kind',
      {
        name: 'x-zapgen-pagination',
        given: { kind: 'token', itemsField: 'x' },
        want: {
          problems: [
            { path: ['kind'], message: 'kind must be one of page, offset, cursor (found "token")' },
          ],
        },
      },
    ],
    [
      'cursor pagination: the next cursor from a field',
      {
        name: 'x-zapgen-pagination',
        given: {
          kind: 'cursor',
          itemsField: 'data',
          nextCursorField: 'next_cursor',
          cursorParameter: 'cursor',
        },
        want: {
          read: {
            kind: 'cursor',
            cursorParameter: 'cursor',
            itemsField: 'data',
            nextCursorField: 'next_cursor',
          },
        },
      },
    ],
    [
      'cursor pagination: the last item id and has_more (cursor_id)',
      {
        name: 'x-zapgen-pagination',
        given: {
          kind: 'cursor',
          cursorParameter: 'starting_after',
          itemsField: 'data',
          cursorItemField: 'id',
          hasMoreField: 'has_more',
        },
        want: {
          read: {
            kind: 'cursor',
            cursorParameter: 'starting_after',
            itemsField: 'data',
            cursorItemField: 'id',
            hasMoreField: 'has_more',
          },
        },
      },
    ],
    [
      'cursor pagination: the next page in the Link header (GitHub)',
      {
        name: 'x-zapgen-pagination',
        given: { kind: 'cursor', cursorParameter: 'page', itemsField: '', nextLinkHeader: true },
        want: {
          read: { kind: 'cursor', cursorParameter: 'page', itemsField: '', nextLinkHeader: true },
        },
      },
    ],
    [
      'cursor pagination: nested fields as JSON Pointers (Slack)',
      {
        name: 'x-zapgen-pagination',
        given: {
          kind: 'cursor',
          cursorParameter: 'cursor',
          itemsField: '/result/members',
          nextCursorField: '/response_metadata/next_cursor',
        },
        want: {
          read: {
            kind: 'cursor',
            cursorParameter: 'cursor',
            itemsField: '/result/members',
            nextCursorField: '/response_metadata/next_cursor',
          },
        },
      },
    ],
    [
      'cursor pagination with the Link header and a next URL field',
      {
        name: 'x-zapgen-pagination',
        given: {
          kind: 'cursor',
          cursorParameter: 'page',
          itemsField: '',
          nextLinkHeader: true,
          nextUrlField: 'next',
        },
        want: {
          problems: [
            {
              path: [],
              message:
                'x-zapgen-pagination must name where the next cursor is: exactly one of nextCursorField, nextUrlField, nextLinkHeader: true, cursorItemField',
            },
          ],
        },
      },
    ],
    [
      'cursor pagination without where the next cursor is',
      {
        name: 'x-zapgen-pagination',
        given: { kind: 'cursor', cursorParameter: 'cursor', itemsField: 'data' },
        want: {
          problems: [
            {
              path: [],
              message:
                'x-zapgen-pagination must name where the next cursor is: exactly one of nextCursorField, nextUrlField, nextLinkHeader: true, cursorItemField',
            },
          ],
        },
      },
    ],
    [
      'cursor pagination with two places for the next cursor',
      {
        name: 'x-zapgen-pagination',
        given: {
          kind: 'cursor',
          cursorParameter: 'cursor',
          itemsField: 'data',
          nextCursorField: 'next',
          nextUrlField: 'next_url',
        },
        want: {
          problems: [
            {
              path: [],
              message:
                'x-zapgen-pagination must name where the next cursor is: exactly one of nextCursorField, nextUrlField, nextLinkHeader: true, cursorItemField',
            },
          ],
        },
      },
    ],
    [
      'pagination not an object',
      {
        name: 'x-zapgen-pagination',
        given: 'page',
        want: {
          problems: [{ path: [], message: 'x-zapgen-pagination must be an object with a kind' }],
        },
      },
    ],
    [
      'polling with a string interval',
      {
        name: 'x-zapgen-polling',
        given: { whileField: 'pending', intervalMs: '500' },
        want: {
          problems: [{ path: ['intervalMs'], message: 'intervalMs must be an integer >= 1' }],
        },
      },
    ],
    [
      'key prefix empty',
      {
        name: 'x-zapgen-key-prefix',
        given: '',
        want: {
          problems: [{ path: [], message: 'x-zapgen-key-prefix must be a non-empty string' }],
        },
      },
    ],
    [
      'mock list: predicates come out as the runtime types them (flag, notFlag, comparison)',
      {
        name: 'x-zapgen-mock',
        given: {
          kind: 'list',
          collection: 'pets',
          filters: [
            { field: '/kind', in: { parameter: a }, when: b },
            { notFlag: 'builtIn' },
            { some: '/steps', where: [{ field: '/app', equals: { caller: 'app' } }] },
          ],
        },
        want: {
          read: {
            kind: 'list',
            collection: 'pets',
            filters: [
              { field: '/kind', op: 'in', source: { parameter: a }, when: b },
              { flag: 'builtIn', present: false },
              {
                some: '/steps',
                where: [{ field: '/app', op: 'equals', source: { caller: 'app' } }],
              },
            ],
          },
        },
      },
    ],
    [
      'mock create: writes default to nothing; a property named __proto__ is just a name',
      {
        name: 'x-zapgen-mock',
        given: {
          kind: 'create',
          collection: 'pets',
          set: JSON.parse(
            '{"__proto__": { "value": { "x": 1 } }, "tags": { "body": "/tags", "each": "/name" }}',
          ),
        },
        want: {
          read: {
            kind: 'create',
            collection: 'pets',
            set: JSON.parse(
              '{"__proto__": { "value": { "x": 1 } }, "tags": { "body": "/tags", "each": "/name" }}',
            ),
            when: [],
            require: [],
          },
        },
      },
    ],
    [
      'mock: a source with two origins, a comparison with none, a pointer without a slash',
      {
        name: 'x-zapgen-mock',
        given: {
          kind: 'check',
          collection: 'auth',
          fails: [{ field: 'stale', like: { value: true } }],
          onFailure: { name: { body: '/name', caller: 'user' }, at: { body: 'name' } },
          passed: true,
        },
        want: {
          problems: [
            {
              path: ['fails', 0],
              message:
                'fails[0] must have field and exactly one of equals, notEquals, in, notIn, containsAll, includes',
            },
            {
              path: ['onFailure', 'name'],
              message: 'name must have exactly one of parameter, body, parent, caller, value',
            },
            {
              path: ['onFailure', 'at', 'body'],
              message: 'body must be a JSON pointer ("" or starting with /)',
            },
            { path: [], message: 'missing required field "failed" (it must be a value)' },
          ],
        },
      },
    ],
  ];

  it.each(cases)('%s', (_title, { name, given, want }) => {
    const schema = SCHEMAS[name];
    if ('read' in want) {
      expect(problemsOf(schema, given, name)).toEqual([]);
      const read = readWith<unknown>(schema, given);
      expect(read).toEqual(want.read);
      // Same keys in the same order: the definitions print them as read.
      expect(JSON.stringify(read)).toBe(JSON.stringify(want.read));
    } else {
      expect(problemsOf(schema, given, name)).toEqual(want.problems);
      expect(readWith<unknown>(schema, given)).toBeUndefined();
    }
  });

  it('the document mock: defaults filled, seeds as the runtime types them', () => {
    const schema = DOCUMENT_EXTENSIONS['x-zapgen-mock'];
    expect(
      readWith(schema, {
        collections: { pets: { schema: 'Pet', seed: [{ values: { name: 'pet-{n}' } }] } },
      }),
    ).toEqual({
      caller: {},
      collections: {
        pets: {
          schema: 'Pet',
          seed: [{ count: 1, values: { name: 'pet-{n}' }, sequence: {}, cycle: {}, flags: [] }],
        },
      },
    });
    expect(
      problemsOf(
        schema,
        { collections: { pets: { seed: [{ count: 0, cycle: { a: [] } }] } } },
        'x-zapgen-mock',
      ),
    ).toEqual([
      {
        path: ['collections', 'pets'],
        message: 'missing required field "schema" (it must be a non-empty string)',
      },
      {
        path: ['collections', 'pets', 'seed', 0, 'count'],
        message: 'count must be an integer from 1 to 100000',
      },
      {
        path: ['collections', 'pets', 'seed', 0, 'cycle', 'a'],
        message: 'a must be a non-empty list',
      },
    ]);
  });
});
