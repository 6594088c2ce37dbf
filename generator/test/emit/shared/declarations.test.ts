/**
 * The declarations printer of the client and the definitions: each kind as the formatter then
 * lays it out, and what a spec's text (or a zapgen bug) must never turn into code.
 */
import { describe, expect, test } from 'vitest';
import { printDeclaration, type Declaration } from '../../../src/emit/shared/declarations.js';

describe('printDeclaration', () => {
  const cases: [string, { given: Declaration; want: string }][] = [
    [
      'an exported type alias with a one-line doc',
      {
        given: { kind: 'type', name: 'PetArgs', exported: true, docs: ['Arguments.'], type: '{}' },
        want: '/** Arguments. */\nexport type PetArgs = {};',
      },
    ],
    [
      'a type alias of the module only, without a doc',
      {
        given: { kind: 'type', name: 'Flows', type: "Extract<X, { type: 'a' }>" },
        want: "type Flows = Extract<X, { type: 'a' }>;",
      },
    ],
    [
      'an interface: heritage, optional members with docs, a key that is not an identifier quoted',
      {
        given: {
          kind: 'interface',
          name: 'Options',
          exported: true,
          extends: ['ClientOptions'],
          docs: ['Options.', '', 'More.'],
          properties: [
            { name: 'apiKey', type: 'string', optional: true, docs: ['The key.'] },
            { name: 'x-key', type: 'string' },
          ],
        },
        want: '/**\n * Options.\n *\n * More.\n */\nexport interface Options extends ClientOptions {\n/** The key. */\napiKey?: string;\n"x-key": string;\n}',
      },
    ],
    [
      'an interface without members',
      {
        given: { kind: 'interface', name: 'Empty', extends: ['A', 'B'], properties: [] },
        want: 'interface Empty extends A, B {\n}',
      },
    ],
    [
      'an async function: type parameters, an optional parameter, a default, its statements',
      {
        given: {
          kind: 'function',
          name: 'getPet',
          exported: true,
          async: true,
          typeParameters: [{ name: 'O', constraint: 'CallOptions', default: 'CallOptions' }],
          parameters: [
            { name: 'client', type: 'Client' },
            { name: 'args', type: 'Args', initializer: '{}' },
            { name: 'callOptions', type: 'O', optional: true },
          ],
          returnType: 'Promise<R>',
          docs: ['Gets a pet.'],
          body: ['const a = 1;', 'return client.call(a);'],
        },
        want: '/** Gets a pet. */\nexport async function getPet<O extends CallOptions = CallOptions>(client: Client, args: Args = {}, callOptions?: O): Promise<R> {\nconst a = 1;\nreturn client.call(a);\n}',
      },
    ],
    [
      'an annotation before the doc; no return type',
      {
        given: {
          kind: 'function',
          name: 'make',
          annotation: '/* @__NO_SIDE_EFFECTS__ */',
          docs: ['Pure.'],
          parameters: [],
          body: ['return 1;'],
        },
        want: '/* @__NO_SIDE_EFFECTS__ */\n/** Pure. */\nfunction make() {\nreturn 1;\n}',
      },
    ],
    [
      'a const with and without a type',
      {
        given: { kind: 'const', name: 'api', exported: true, type: 'Api', initializer: 'x' },
        want: 'export const api: Api = x;',
      },
    ],
    [
      'a doc line that would end the comment, and one holding a line break',
      {
        given: {
          kind: 'const',
          name: 'x',
          docs: ['ends */ alert(1); /* here', 'two\nlines'],
          initializer: '1',
        },
        want: '/**\n * ends *\\/ alert(1); /\\* here\n * two\n * lines\n */\nconst x = 1;',
      },
    ],
  ];
  test.each(cases)('%s', (_name, { given, want }) => {
    expect(printDeclaration(given)).toBe(want);
  });

  const refused: [string, Declaration][] = [
    ['a name that is code', { kind: 'const', name: 'x = 1; evil()', initializer: '1' }],
    [
      'a parameter that is code',
      { kind: 'function', name: 'f', parameters: [{ name: 'a, b', type: 'T' }], body: [] },
    ],
    [
      'a type parameter that is code',
      {
        kind: 'function',
        name: 'f',
        typeParameters: [{ name: 'T>() {}; evil(); function g<U' }],
        parameters: [],
        body: [],
      },
    ],
    [
      'an annotation that is not one comment',
      {
        kind: 'function',
        name: 'f',
        annotation: '/* a */ evil(); /* b */',
        parameters: [],
        body: [],
      },
    ],
  ];
  test.each(refused)('refuses %s (a zapgen bug)', (_name, given) => {
    expect(() => printDeclaration(given)).toThrow(/^not /);
  });
});
