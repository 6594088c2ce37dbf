/**
 * The reduced ES5 library of the verify check (`verify/library.ts`): a `types.ts` that fits it is
 * checked against it, and finds what a check against the whole library finds, diagnostic for
 * diagnostic; one that names what it left out is checked against the whole library.
 */
import { describe, expect, it } from 'vitest';
import { checkSources } from '../../src/verify/check.js';

const PATHS = { types: 'src/types.ts', fixtures: 'src/fixtures.ts' };

function check(types: string, wholeLibrary = false) {
  return checkSources({ runtimePackage: '@zapgen/runtime', paths: PATHS, types, wholeLibrary });
}

const cases: [string, { types: string; library: 'reduced' | 'whole'; problems: number }][] = [
  [
    "openapi-typescript's shape: interfaces, indexed access, arrays, Record, Omit, intersections",
    {
      types: `export interface paths { '/a': { get: operations['getA']; put?: never } }
export type webhooks = Record<string, never>;
export interface components { schemas: {
  A: { id: number; tags?: string[]; kind: 'a' | 'b' } & { [key: string]: unknown };
  B: Omit<components['schemas']['A'], 'kind'> & { kind: 'b' };
  C: readonly components['schemas']['A'][] | null;
} }
export interface operations { getA: { responses: { 200: { content: { 'application/json': components['schemas']['B'] } } } } }
export type A = components['schemas']['A'];`,
      library: 'reduced',
      problems: 0,
    },
  ],
  [
    'a component named as a global the reduction leaves out (Error): the module declares its own',
    {
      types: `export interface components { schemas: { Error: { message: string } } }
export type Error = components['schemas']['Error'];
export type Errors = Error[];`,
      library: 'reduced',
      problems: 0,
    },
  ],
  [
    "array and string properties beside an index signature they fit only by Array's and String's members",
    {
      types: `export interface A { [key: string]: { length: number }; list: string[]; name: string }
export interface B { [key: string]: { concat: unknown; charAt: unknown }; list: string[] }`,
      library: 'reduced',
      problems: 1,
    },
  ],
  [
    'a string property that does not fit the index signature',
    {
      types: `export interface B { [key: string]: { charAt: number }; name: string }`,
      library: 'reduced',
      problems: 1,
    },
  ],
  [
    'a name that is declared nowhere, an alias that refers to itself, a Record key that is no key',
    {
      types: `export type A = Missing;
export type B = B | string;
export type C = Record<boolean, string>;`,
      library: 'reduced',
      problems: 3,
    },
  ],
  [
    'a global the reduction leaves out (Partial, Promise): the whole library',
    {
      types: `export interface A { id: number }
export type B = Partial<A>;
export type C = { Promise: string };`,
      library: 'whole',
      problems: 0,
    },
  ],
  [
    'a value beside the types: the whole library',
    {
      types: `export interface A { id: number }
export const a: A = { id: 1 };`,
      library: 'whole',
      problems: 0,
    },
  ],
];

describe('the reduced ES5 library of the verify check', () => {
  // The first check parses the whole library and reduces it (kept for the later ones).
  check('export type A = string;', true);

  it.each(cases)('%s', (_name, { types, library, problems }) => {
    const whole = check(types, true);
    const result = check(types);
    expect(whole.library).toBe('whole');
    expect(result.library).toBe(library);
    expect(result.types).toHaveLength(problems);
    expect({ ...result, library: undefined }).toEqual({ ...whole, library: undefined });
  });

  it('is not used beside fixtures (values look up more globals)', () => {
    const result = checkSources({
      runtimePackage: '@zapgen/runtime',
      paths: PATHS,
      types: 'export interface A { id: number }',
      fixtures: "import type { A } from './types.js';\nexport const a = { id: 1 } satisfies A;",
    });
    expect(result.library).toBe('whole');
    expect(result.fixtures).toEqual([]);
  });
});
