/**
 * The verify phase: what depends on openapi-typescript's reading of a spec is type-checked before
 * it is written; a type that does not compile becomes `unknown`, a fixture the types reject loses
 * its `satisfies … as …`, each with a warning. Documents are built inline, so each case shows
 * the construct it is about.
 */
import { emitters, ModuleRegistry } from '../../src/emit/index.js';
import { describe, expect, it } from 'vitest';
import { TYPES_MODULE, typescriptTypesEmitter } from '../../src/emit/typescript-types/index.js';
import { FIXTURES_MODULE } from '../../src/emit/fixtures/index.js';
import type { EmittedFile } from '../../src/emit/index.js';
import { fixturesModule } from '../../src/emit/fixtures/module.js';
import { buildModel } from '../../src/model/index.js';
import type { JsonValue } from '../../src/model/types.js';
import { fixtureSlices, verifyPackage } from '../../src/verify/index.js';
import { checkSources, forgetTypes, type CheckRequest } from '../../src/verify/check.js';

/** Where the package has the verified files: the emitters' declarations. */
const PATHS = { types: TYPES_MODULE.file, fixtures: FIXTURES_MODULE.file };

const CONTEXT = {
  apiName: 'x',
  packageName: 'x',
  runtimePackage: '@zapgen/runtime',
  specLabel: 'x',
  specHash: '',
  modules: ModuleRegistry.of(emitters),
  release: { version: '1.0.0', changelog: '' },
};

function document(schemas: Record<string, unknown>): Record<string, unknown> {
  return {
    openapi: '3.1.0',
    info: { title: 'T', version: '1' },
    paths: {},
    components: { schemas },
  };
}

/** The types and a fixtures module whose component fixtures are the values given, typed with `satisfies`. */
async function emitted({
  schemas,
  fixtures,
}: {
  schemas: Record<string, unknown>;
  fixtures: Record<string, JsonValue>;
}) {
  const model = buildModel(document(schemas));
  const types = await typescriptTypesEmitter.emit(model, CONTEXT);
  const components = new Map(
    Object.entries(fixtures).map(([name, value]) => [
      name,
      { minimal: value, full: value, invalid: [] },
    ]),
  );
  const { text: module, unproven } = fixturesModule({
    model,
    runtimePackage: '@zapgen/runtime',
    typesSpecifier: './types.js',
    fixtures: { components, operations: new Map(), omitted: [], untyped: new WeakSet() },
  });
  return {
    model,
    files: [...types, { path: 'src/fixtures.ts', contents: module, unproven }] as EmittedFile[],
  };
}

const contents = (files: readonly EmittedFile[], path: string) =>
  files.find((file) => file.path === path)!.contents;

describe('verifyPackage', () => {
  const cases: [
    string,
    {
      schemas: Record<string, unknown>;
      fixtures: Record<string, JsonValue>;
      want: { rules: string[]; untyped: string[] };
    },
  ][] = [
    [
      'a fixture that fits its type keeps its type',
      {
        schemas: { Pet: { type: 'object', properties: { name: { type: 'string' } } } },
        fixtures: { Pet: { name: 'Rex' } },
        want: { rules: [], untyped: [] },
      },
    ],
    [
      'a property the schema does not declare (valid JSON Schema, an excess property to TypeScript)',
      {
        schemas: { Pet: { type: 'object', properties: { name: { type: 'string' } } } },
        fixtures: { Pet: { name: 'Rex', undeclared: 1 } },
        want: { rules: ['fixture-untyped', 'fixture-untyped'], untyped: ['minimal', 'full'] },
      },
    ],
    [
      'a schema that is itself through references alone is unknown in types.ts, with a warning',
      {
        schemas: {
          Json: { anyOf: [{ $ref: '#/components/schemas/Other' }, { type: 'string' }] },
          Other: { $ref: '#/components/schemas/Json' },
        },
        fixtures: { Json: 'text' },
        want: { rules: ['type-replaced', 'type-replaced'], untyped: [] },
      },
    ],
  ];

  it.each(cases)('%s', async (_name, { schemas, fixtures, want }) => {
    const { model, files } = await emitted({ schemas, fixtures });
    const result = await verifyPackage({
      runtimePackage: '@zapgen/runtime',
      paths: PATHS,
      model,
      files,
    });
    expect(result.warnings.map((warning) => warning.rule)).toEqual(want.rules);
    const module = contents(result.files, 'src/fixtures.ts');
    for (const kind of want.untyped)
      expect(module).toMatch(new RegExp(`${kind}: \\{[^}]*\\} /\\* not typed: TS\\d+ \\*/,`));
    if (!want.untyped.length) expect(module).not.toContain('not typed');
    if (want.rules.includes('type-replaced'))
      expect(contents(result.files, 'src/types.ts')).toMatch(/Json: unknown;/);
    // Checked one entry per program, the fixtures get the same verdicts.
    expect(
      await verifyPackage({
        runtimePackage: '@zapgen/runtime',
        paths: PATHS,
        model,
        files,
        sliceChars: 1,
      }),
    ).toEqual(result);
    // Checked as a run with a worker thread checks them, the types alone while the fixtures are
    // still being emitted, then the fixtures as they come: the same verdicts.
    const requests: CheckRequest[] = [];
    expect(
      await verifyPackage({
        runtimePackage: '@zapgen/runtime',
        paths: PATHS,
        model,
        files: files.filter((file) => file.path !== PATHS.fixtures),
        later: Promise.resolve(files.filter((file) => file.path === PATHS.fixtures)),
        pool: {
          check: async (request) => (requests.push(request), checkSources(request)),
          forget: async () => forgetTypes(),
        },
        pooledChars: 0,
      }),
    ).toEqual(result);
    expect(requests[0]).toMatchObject({ fixtures: undefined });
    const ofFixtures = requests.filter((request) => request.fixtures !== undefined);
    expect(ofFixtures.every((request) => request.typesKnown)).toBe(true);
    if (want.untyped.length) expect(ofFixtures.length).toBeGreaterThan(0);
    // What the phase hands on compiles: a second pass finds no fixture to untype.
    expect(
      (
        await verifyPackage({
          runtimePackage: '@zapgen/runtime',
          paths: PATHS,
          model,
          files: result.files,
        })
      ).warnings,
    ).toEqual(result.warnings.filter((warning) => warning.rule === 'type-replaced'));
  });

  it('a proven value is JSON data written `as T` (nothing to infer or relate in every build); an unproven one keeps `satisfies T as T`', async () => {
    const type = 'components["schemas"]["Pet"]';
    const proven = await emitted({
      schemas: { Pet: { type: 'object', properties: { name: { type: 'string' } } } },
      fixtures: { Pet: { name: 'Rex' } },
    });
    const provenModule = contents(proven.files, 'src/fixtures.ts');
    expect(provenModule).toContain(
      `minimal: JSON.parse(\`{\n    "name": "Rex"\n  }\`) as ${type},`,
    );
    expect(provenModule).not.toContain('satisfies');
    const unproven = await emitted({
      schemas: { Pet: { type: 'object', properties: { name: { type: 'string' } } } },
      fixtures: { Pet: { name: 'Rex', undeclared: 1 } },
    });
    expect(contents(unproven.files, 'src/fixtures.ts')).toContain(
      `} satisfies ${type} as ${type},`,
    );
  });

  it('replaces a type that does not compile outside any schema, located at its operation (the net under the printer)', async () => {
    const model = buildModel({
      openapi: '3.1.0',
      info: { title: 'T', version: '1' },
      paths: {
        '/pets': {
          get: { operationId: 'listPets', responses: { '204': { description: 'none' } } },
        },
      },
    });
    const files = await typescriptTypesEmitter.emit(model, CONTEXT);
    // What a printer bug would write: an index into a group that may be undefined (TS2339).
    const broken = files.map((file) => ({
      ...file,
      contents: file.contents.replace(
        /(listPets: \{\n\s*parameters: \{\n\s*query\?: never;)/,
        '$1\n      cookie2: { group?: { Accept?: string } }["group"]["Accept"];',
      ),
    }));
    expect(contents(broken, 'src/types.ts')).toContain('cookie2');
    const result = await verifyPackage({
      runtimePackage: '@zapgen/runtime',
      paths: PATHS,
      model,
      files: broken,
    });
    expect(result.warnings).toEqual([
      {
        pointer: '#/paths/~1pets/get',
        rule: 'type-replaced',
        message: expect.stringMatching(
          /^the type `operations\.listPets\.parameters\.cookie2` does not compile \(TS2339/,
        ),
      },
    ]);
    expect(contents(result.files, 'src/types.ts')).toMatch(/cookie2: unknown;/);
  });

  it('names where each warning points: the component schema', async () => {
    const { model, files } = await emitted({
      schemas: { Pet: { type: 'object', properties: { name: { type: 'string' } } } },
      fixtures: { Pet: { extra: true } },
    });
    expect(
      (await verifyPackage({ runtimePackage: '@zapgen/runtime', paths: PATHS, model, files }))
        .warnings[0],
    ).toMatchObject({
      pointer: '#/components/schemas/Pet',
      rule: 'fixture-untyped',
      message: expect.stringMatching(/componentFixtures\.Pet\.(minimal|full).*TS2353/),
    });
  });
});

describe('fixtureSlices', () => {
  const module = [
    "import type { components } from './types.js';",
    '',
    'const ASchemaFixture = {',
    '  minimal: { a: 1 },',
    '};',
    '',
    'const BCSchemaFixture = {',
    '  minimal: {},',
    '};',
    '',
    'const DSchemaFixture = {',
    '  invalid: [],',
    '};',
    '',
    '/** Doc. */',
    'export const componentFixtures: {',
    '  A: typeof ASchemaFixture;',
    "  'b-c': typeof BCSchemaFixture;",
    '  D: typeof DSchemaFixture;',
    '} = {',
    '  A: ASchemaFixture,',
    "  'b-c': BCSchemaFixture,",
    '  D: DSchemaFixture,',
    '};',
    '',
    'const opOperationFixture = {',
    '  request: {},',
    '};',
    '',
    'export const operationFixtures: {',
    '  op: typeof opOperationFixture;',
    '} = {',
    '  op: opOperationFixture,',
    '};',
    '',
  ].join('\n');
  const slices = (maxChars: number) =>
    fixtureSlices({ source: module, maxChars }).filter((part) => part.kind === 'slice');

  const cases: [string, { maxChars: number; want: string[][] }][] = [
    [
      'one slice per run of consts when each fits',
      {
        maxChars: 1e6,
        want: [['ASchemaFixture', 'BCSchemaFixture', 'DSchemaFixture'], ['opOperationFixture']],
      },
    ],
    [
      'one entry per slice',
      {
        maxChars: 1,
        want: [['ASchemaFixture'], ['BCSchemaFixture'], ['DSchemaFixture'], ['opOperationFixture']],
      },
    ],
    [
      'two entries per slice',
      {
        maxChars: 60,
        want: [['ASchemaFixture', 'BCSchemaFixture'], ['DSchemaFixture'], ['opOperationFixture']],
      },
    ],
  ];
  it.each(cases)('%s', (_name, { maxChars, want }) => {
    const got = slices(maxChars).map((part) =>
      part.kind === 'slice'
        ? [...part.entries.matchAll(/^const (\w+) = \{$/gm)].map((match) => match[1])
        : [],
    );
    expect(got).toEqual(want);
  });

  it('joins back into the module, and each slice is a module of its own', () => {
    for (const maxChars of [1, 60, 1e6]) {
      const parts = fixtureSlices({ source: module, maxChars });
      expect(parts.map((part) => (part.kind === 'text' ? part.text : part.entries)).join('')).toBe(
        module,
      );
      for (const part of parts) {
        if (part.kind !== 'slice') continue;
        expect(part.module).toMatch(
          /^import type \{ components \} from '.\/types.js';\nconst \w+ = \{\n/,
        );
        expect(part.module).not.toContain('export const');
        expect(part.module.slice(part.entriesStart, part.module.length - part.entriesEnd)).toBe(
          part.entries,
        );
      }
    }
  });

  it('keeps a module of another shape whole', () => {
    const other = 'export const fixtures = [1, 2];\n';
    expect(fixtureSlices({ source: other, maxChars: 1 })).toEqual([
      { kind: 'slice', entries: other, module: other, entriesStart: 0, entriesEnd: 0 },
    ]);
  });
});
