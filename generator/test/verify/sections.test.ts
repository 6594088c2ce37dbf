/**
 * The sections of types.ts (issue 24): with a memo, the verify phase checks only the sections an
 * edit reached and what they refer to. A section is known clean only while its own tokens and
 * those of everything it refers to are unchanged; the verdicts (types replaced, warnings) are the
 * ones a check of the whole module without a memo gives.
 */
import { describe, expect, it } from 'vitest';
import { buildModel } from '../../src/model/index.js';
import { Memo } from '../../src/memo/index.js';
import { FIXTURES_MODULE } from '../../src/emit/fixtures/index.js';
import { TYPES_MODULE } from '../../src/emit/typescript-types/index.js';
import { verifyPackage } from '../../src/verify/index.js';
import { reducedTypes, referencesIn, typesSections } from '../../src/verify/sections.js';

/** Where the package has the verified files: the emitters' declarations. */
const PATHS = { types: TYPES_MODULE.file, fixtures: FIXTURES_MODULE.file };

/** A types module of the printer's shape, with the component schemas given. */
function typesModule(schemas: Record<string, string>): string {
  const members = Object.entries(schemas).map(
    ([name, type]) => `/** ${name}, documented */\n${name}: ${type};`,
  );
  return [
    'export interface paths {\n"/pets": {\nget: operations["listPets"];\n};\n}',
    'export type webhooks = Record<string, never>;',
    `export interface components {\nschemas: {\n${members.join('\n')}\n};\nresponses: never;\n}`,
    'export type $defs = Record<string, never>;',
    'export interface operations {\nlistPets: {\nresponses: { 200: components["schemas"]["Pets"] };\n};\n}',
    "export type Pet = components['schemas']['Pet'];",
    '',
  ].join('\n');
}

const START = {
  Pet: "{ name: string; tag?: components['schemas']['Tag'] }",
  Tag: '{ label: string }',
  Pets: "components['schemas']['Pet'][]",
  Other: '{ size: number }',
};

describe('typesSections', () => {
  const sections = typesSections(typesModule(START))!;

  it('cuts the module into its members, each with what it refers to', () => {
    expect(sections).toBeDefined();
    const refers = Object.fromEntries(
      [...sections.sections.values()].map(({ id, refers }) => [
        id.replaceAll('\0', '.'),
        [...refers].map((ref) => ref.replaceAll('\0', '.')).sort(),
      ]),
    );
    expect(refers).toEqual({
      'paths./pets': ['operations.listPets'],
      'top.webhooks': [],
      'components.schemas.Pet': ['components.schemas.Tag'],
      'components.schemas.Tag': [],
      'components.schemas.Pets': ['components.schemas.Pet'],
      'components.schemas.Other': [],
      'components.responses': [],
      'top.$defs': [],
      'operations.listPets': ['components.schemas.Pets'],
      'top.Pet': ['components.schemas.Pet'],
    });
  });

  const closureAfter = (schemas: Record<string, string>, id: string) =>
    typesSections(typesModule(schemas))!.closure(id);
  const pets = 'operations\0listPets';

  it.each([
    ['a schema it reaches through two references changes', { Tag: '{ label: number }' }, true],
    ['a schema it does not reach changes', { Other: '{ size: string }' }, false],
    ['only a comment changes', {}, false],
  ])('the closure of an operation changes when %s: %s', (_name, edit, changes) => {
    const edited = { ...START, ...edit };
    const text = typesModule(edited).replace('Tag, documented', 'Tag, documented again');
    expect(typesSections(text)!.closure(pets) !== sections.closure(pets)).toBe(changes);
    expect(closureAfter(edited, pets) !== sections.closure(pets)).toBe(changes);
  });

  it('keeps in a reduced module what the kept sections refer to, and the structure around them', () => {
    const reduced = reducedTypes(sections, sections.reach([pets]));
    expect(reduced).toContain('listPets: {');
    expect(reduced).toContain('Pets: components');
    expect(reduced).toContain('Tag: { label: string }');
    expect(reduced).not.toContain('Other');
    expect(reduced).not.toContain('"/pets"');
    expect(typesSections(reduced)!.sections.size).toBe(4);
  });

  it('reads what a slice of fixtures names', () => {
    const named = referencesIn(
      "const X = { name: 'a' } satisfies components['schemas']['Pet'] as components['schemas']['Pet'];",
      sections,
    );
    expect([...named]).toEqual(['components\0schemas\0Pet']);
    // A bare root names every section under it.
    expect(referencesIn('type Y = components;', sections).size).toBe(5);
  });

  it('has no sections for a module of another shape or one that speaks to the checker', () => {
    expect(typesSections('export const x = 1;')).toBeUndefined();
    expect(typesSections(typesModule(START).replace('{ size', '{ /* @ts-ignore */ size'))).toBe(
      undefined,
    );
    expect(typesSections(typesModule({ ...START, Other: '`a${string}`' }))).toBeUndefined();
  });
});

describe('verifyPackage with a memo of sections', () => {
  const model = buildModel({
    openapi: '3.1.0',
    info: { title: 'T', version: '1' },
    paths: {},
    components: { schemas: { Pet: { type: 'object' }, Tag: { type: 'object' } } },
  });
  const verify = (types: string, memo?: Memo) =>
    verifyPackage({
      runtimePackage: '@zapgen/runtime',
      paths: PATHS,
      model,
      files: [{ path: 'src/types.ts', contents: types }],
      ...(memo && { memo }),
    });

  it.each([
    [
      'a section of its own stops compiling',
      { Other: "{ size: components['schemas']['Missing'] }" },
      ['components.schemas.Other.size'],
    ],
    [
      'a section it refers to changes, its own text unchanged',
      { Pet: "{ name: string; tag?: components['schemas']['Tag']['label'] }", Tag: '{ id: 1 }' },
      ['components.schemas.Pet.tag'],
    ],
    ['a section nothing broken refers to changes', { Other: '{ size: string }' }, []],
  ])(
    'after an edit where %s, finds what a check of the whole module finds',
    async (_name, edit, want) => {
      const memo = new Memo();
      const before = {
        ...START,
        Pet: "{ name: string; tag?: components['schemas']['Tag']['label'] }",
      };
      expect((await verify(typesModule(before), memo)).warnings).toEqual([]);
      const edited = typesModule({ ...before, ...edit });
      const reused = await verify(edited, memo);
      expect(reused).toEqual(await verify(edited));
      expect(reused.warnings.map((warning) => /`([^`]+)`/.exec(warning.message)?.[1])).toEqual(
        want,
      );
      // The sections the edit did not reach were not checked again.
      expect(memo.hits.get('verify-section')).toBeGreaterThan(0);
    },
  );
});
