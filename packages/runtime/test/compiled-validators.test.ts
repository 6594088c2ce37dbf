import { describe, expect, it, vi } from 'vitest';
import * as z from 'zod/mini';
import { compiledValidator } from '../src/compiled-validators.js';
import type { OperationDefinition, Validator } from '../src/definition.js';
import { validateRequest, validateResponse } from '../src/validation.js';

/** The validator once zod's compiler has loaded (it loads in the background with the first use). */
async function compiledOnceLoaded(validator: Validator): Promise<Validator> {
  compiledValidator(validator);
  await vi.waitFor(() => expect(compiledValidator(validator)).not.toBe(validator));
  return compiledValidator(validator);
}

// Spelled as the generated `validators.ts` spells them (zod/mini).
const Owner = z.looseObject({ name: z.optional(z.nullable(z.string())), email: z.string() });
const App = z.looseObject({
  id: z.int(),
  tags: z.array(z.string().check(z.minLength(1))),
  owner: Owner,
  kind: z.optional(z.enum(['public', 'private'])),
});
const Closed = z.strictObject({ id: z.int() });
const Either = z.union([z.string(), z.looseObject({ code: z.int() })]);

const cases: [string, { given: { schema: Validator; value: unknown } }][] = [
  [
    'an open object with unknown keys, kept',
    {
      given: { schema: App, value: { id: 1, tags: ['a'], owner: { email: 'e' }, extra: { x: 1 } } },
    },
  ],
  [
    'a nested field of the wrong type',
    { given: { schema: App, value: { id: 1, tags: ['a'], owner: { email: 3 } } } },
  ],
  ['a missing required field', { given: { schema: App, value: { id: 1, tags: [] } } }],
  [
    'an array item failing a check',
    { given: { schema: App, value: { id: 1, tags: ['a', ''], owner: { email: 'e' } } } },
  ],
  [
    'a value outside an enum',
    { given: { schema: App, value: { id: 1.5, tags: [], owner: { email: 'e' }, kind: 'x' } } },
  ],
  [
    'a closed object with an unknown key',
    { given: { schema: Closed, value: { id: 1, other: true } } },
  ],
  ['a closed object as it should be', { given: { schema: Closed, value: { id: 1 } } }],
  ['a union, neither member', { given: { schema: Either, value: { code: 'x' } } }],
  ['a union, the second member', { given: { schema: Either, value: { code: 2, more: [] } } }],
  ['not an object at all', { given: { schema: App, value: 'text' } }],
];

describe('compiledValidator', () => {
  it.each(cases)(
    '%s: the compiled validator answers as zod/mini does, issue for issue',
    async (_name, { given }) => {
      const compiled = await compiledOnceLoaded(given.schema);
      const want = given.schema.safeParse(given.value);
      const got = compiled.safeParse(given.value);
      expect(got.success).toBe(want.success);
      if (!got.success && !want.success) expect(got.error.issues).toEqual(want.error.issues);
    },
  );

  it('compiles a validator once, and hands the same compiled one to every later call', async () => {
    const compiled = await compiledOnceLoaded(Owner);
    expect(compiledValidator(Owner)).toBe(compiled);
  });

  it.each([
    [
      'a validator that is not a zod schema',
      { safeParse: (value: unknown) => ({ success: true as const, data: value }) },
    ],
    // zod's compiler refuses a reference cycle: the runtime parser keeps it.
    [
      'a recursive schema',
      (() => {
        const Node: z.ZodMiniType = z.looseObject({ children: z.array(z.lazy(() => Node)) });
        return Node;
      })(),
    ],
  ])('%s is used as it is', async (_name, validator) => {
    await compiledOnceLoaded(Owner);
    expect(compiledValidator(validator as Validator)).toBe(validator);
  });
});

describe('validation with compiled validators', () => {
  const operation = {
    operationId: 'getApp',
    method: 'GET',
    path: '/apps/{app}',
    parameters: [{ name: 'app', in: 'path', required: true }],
    parameterValidator: z.object({ path: z.object({ app: z.string().check(z.minLength(2)) }) }),
    responses: [{ status: '200', mediaTypes: ['application/json'], body: App }],
  } as unknown as OperationDefinition;

  it('reports a response and a request the same before and after the compiler loads', async () => {
    const response = { operation, status: 200, body: { id: 'one', tags: [3], owner: {} } };
    const request = { path: { app: 'a' } };
    const before = [validateResponse(response), validateRequest(operation, request)];
    await compiledOnceLoaded(App);
    await compiledOnceLoaded(operation.parameterValidator!);
    const after = [validateResponse(response), validateRequest(operation, request)];
    expect(after).toEqual(before);
    expect(before[0]).toMatchObject({
      issues: [
        { path: ['id'], message: 'Invalid input: expected number, received string' },
        { path: ['tags', 0], message: 'Invalid input: expected string, received number' },
        { path: ['owner', 'email'], message: 'Invalid input: expected string, received undefined' },
      ],
    });
    expect(before[1]).toMatchObject([{ parameter: 'app', in: 'path', path: ['path', 'app'] }]);
    expect(
      validateResponse({ ...response, body: { id: 1, tags: [], owner: { email: 'e' }, more: 1 } }),
    ).toBeUndefined();
  });
});
