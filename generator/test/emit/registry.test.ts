/** The module registry: what emitters declare fits together, and imports are resolved from it. */
import { describe, expect, test } from 'vitest';
import { emitters, ModuleRegistry } from '../../src/emit/index.js';

describe('module registry', () => {
  const registry = ModuleRegistry.of(emitters);

  const cases: [string, { from: string; to: string; names?: string[]; want: string }][] = [
    [
      'types from the client',
      { from: 'client', to: 'types', names: ['paths'], want: './types.js' },
    ],
    [
      'validators from the definitions',
      { from: 'definitions', to: 'validators', want: './validators.js' },
    ],
    [
      'definitions from the mock',
      { from: 'mock', to: 'definitions', names: ['api'], want: './definitions.js' },
    ],
    ['the client from the index', { from: 'index', to: 'client', want: './client.js' }],
  ];
  test.each(cases)('%s', (_name, { from, to, names, want }) => {
    expect(registry.specifier({ from, to, ...(names && { names }) })).toBe(want);
  });

  test('every product module is written by one emitter, and every need is met', () => {
    expect(
      emitters.flatMap((emitter) => emitter.provides.map((module) => module.file)).sort(),
    ).toEqual([
      'CHANGELOG.md',
      'README.md',
      'openapi.json',
      'package.json',
      'src/bin.ts',
      'src/client.ts',
      'src/definitions.ts',
      'src/fetch.ts',
      'src/fixtures.ts',
      'src/index.ts',
      'src/mcp.ts',
      'src/mock.ts',
      'src/react-query.ts',
      'src/routes.ts',
      'src/swr.ts',
      'src/tanstack-query.ts',
      'src/types.ts',
      'src/validators.ts',
      'src/webhooks.ts',
      'src/zod.ts',
      'tsconfig.json',
    ]);
  });

  test('a need no emitter meets, a module written twice, an undeclared name: refused', () => {
    const types = { id: 'types', file: 'src/types.ts', exports: ['paths'] };
    expect(() => ModuleRegistry.of([{ name: 'a', provides: [], needs: ['types'] }])).toThrow(
      /needs module types/,
    );
    expect(() =>
      ModuleRegistry.of([
        { name: 'a', provides: [types], needs: [] },
        { name: 'b', provides: [types], needs: [] },
      ]),
    ).toThrow(/declared twice/);
    expect(() =>
      ModuleRegistry.of([{ name: 'a', provides: [types], needs: [] }]).specifier({
        from: 'types',
        to: 'types',
        names: ['components'],
      }),
    ).toThrow(/does not declare the export components/);
  });

  test('a module imports only what its emitter declares it needs, or writes itself', () => {
    const types = { id: 'types', file: 'src/types.ts', exports: [] };
    const zod = { id: 'zod', file: 'src/zod.ts', exports: [] };
    const client = { id: 'client', file: 'src/client.ts', exports: [] };
    const registry = ModuleRegistry.of([
      { name: 'types', provides: [types, zod], needs: [] },
      { name: 'client', provides: [client], needs: ['types'] },
    ]);
    expect(registry.specifier({ from: 'client', to: 'types' })).toBe('./types.js');
    expect(registry.specifier({ from: 'zod', to: 'types' })).toBe('./types.js');
    expect(() => registry.specifier({ from: 'client', to: 'zod' })).toThrow(
      /emitter client does not declare it needs/,
    );
  });
});
