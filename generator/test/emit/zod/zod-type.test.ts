/**
 * The annotation of each component schema's const (`zod-type.ts`) is the very type zod infers
 * from its expression: one module per construct, checked by tsc in one run. For each case the
 * test writes the const's expression a second time without the annotation and asserts that the
 * two types are identical (and mutually assignable), as are `z.infer`/`z.input` of them, and for
 * objects what users derive from them: `.shape`, `.extend()`, `.pick()`, `.partial()`.
 * `zod.ts` carries the annotation only where it names another component schema (`typeof X`);
 * a leaf's is printed by `zodType` directly and checked the same way.
 */
import { afterAll, describe, expect, it } from 'vitest';
import type { SchemaModel } from '../../../src/model/types.js';
import { zodContext, zodModule, zodNames } from '../../../src/emit/zod/module.js';
import { zodType } from '../../../src/emit/zod/zod-type.js';
import { CLASSIC } from '../../../src/emit/zod/flavour.js';
import { RUNTIME_PACKAGE } from '../../../src/pipeline.js';
import type { TransformersConfig } from '../../../src/config/types.js';
import { apiModel, removeScratchDirs, s, typecheck } from './support.js';

afterAll(removeScratchDirs);

const str = s({ kind: 'string' });
const int = s({ kind: 'number', integer: true });
const ref = (name: string) => s({ kind: 'ref', name });
const prop = (name: string, schema: SchemaModel, required = false) => ({ name, schema, required });
const object = (
  properties: ReturnType<typeof prop>[],
  additionalProperties: boolean | SchemaModel = true,
  rest: Partial<Extract<SchemaModel, { kind: 'object' }>> = {},
) => s({ kind: 'object', properties, additionalProperties, ...rest });
const Label = object([prop('name', str, true)]);

interface Case {
  /** The component schemas; `Target` is the one whose annotation is asserted. */
  given: Record<string, SchemaModel>;
  /** Its type as `zodType` prints it, or `undefined`: left to inference. */
  want: string | undefined;
  /** The annotation in `zod.ts` where it differs from `want`: repeated literals named once. */
  written?: string;
  transformers?: TransformersConfig;
}

const CASES: [string, Case][] = [
  ['string', { given: { Target: str }, want: 'z.ZodString' }],
  [
    'string with checks',
    {
      given: { Target: s({ kind: 'string', minLength: 1, maxLength: 9, pattern: '^a' }) },
      want: 'z.ZodString',
    },
  ],
  ...(
    [
      ['uuid', 'z.ZodGUID'],
      ['date-time', 'z.ZodString'],
      ['date', 'z.ZodISODate'],
      ['time', 'z.ZodString'],
      ['email', 'z.ZodEmail'],
      ['uri', 'z.ZodURL'],
      ['ipv4', 'z.ZodIPv4'],
      ['ipv6', 'z.ZodIPv6'],
      ['byte', 'z.ZodBase64'],
      ['binary', 'z.ZodString'],
      ['hostname', 'z.ZodString'],
    ] as const
  ).map(([format, want]): [string, Case] => [
    `format ${format}`,
    { given: { Target: s({ kind: 'string', format, maxLength: 99 }) }, want },
  ]),
  [
    'number',
    { given: { Target: s({ kind: 'number', integer: false, minimum: 0 }) }, want: 'z.ZodNumber' },
  ],
  [
    'integer',
    {
      given: { Target: s({ kind: 'number', integer: true, maximum: 9, multipleOf: 3 }) },
      want: 'z.ZodInt',
    },
  ],
  [
    'int32',
    {
      given: { Target: s({ kind: 'number', integer: true, format: 'int32' }) },
      want: 'z.ZodInt32',
    },
  ],
  [
    'integer beyond 2^53',
    {
      given: { Target: s({ kind: 'number', integer: true, maximum: 2 ** 63 }) },
      want: 'z.ZodNumber',
    },
  ],
  [
    'boolean, nullable',
    {
      given: { Target: s({ kind: 'boolean', nullable: true }) },
      want: 'z.ZodNullable<z.ZodBoolean>',
    },
  ],
  ['null', { given: { Target: s({ kind: 'null', nullable: true }) }, want: 'z.ZodNull' }],
  ['unknown', { given: { Target: s({ kind: 'unknown' }) }, want: 'z.ZodUnknown' }],
  ['never', { given: { Target: s({ kind: 'never' }) }, want: 'z.ZodNever' }],
  [
    'scalar default',
    {
      given: { Target: s({ kind: 'string', default: { value: 'x' } }) },
      want: 'z.ZodDefault<z.ZodString>',
    },
  ],
  [
    'object default (prefault)',
    {
      given: {
        Target: object([prop('a', s({ kind: 'string', default: { value: 'a' } }))], true, {
          default: { value: {} },
        }),
      },
      want: 'z.ZodPrefault<z.ZodObject<{ a: z.ZodDefault<z.ZodString> }, z.core.$loose>>',
    },
  ],
  [
    'array with checks',
    {
      given: {
        Target: s({
          kind: 'array',
          items: ref('Label'),
          minItems: 1,
          maxItems: 3,
          uniqueItems: true,
        }),
        Label,
      },
      want: 'z.ZodArray<typeof LabelSchema>',
    },
  ],
  [
    'tuple',
    {
      given: {
        Target: s({
          kind: 'array',
          prefixItems: [str, int],
          items: s({ kind: 'never' }),
          minItems: 1,
        }),
      },
      want: 'z.ZodTuple<[z.ZodString, z.ZodInt], null>',
    },
  ],
  [
    'tuple with rest',
    {
      given: { Target: s({ kind: 'array', prefixItems: [str], items: ref('Label') }), Label },
      want: 'z.ZodTuple<[z.ZodString], typeof LabelSchema>',
    },
  ],
  [
    'loose object referring to others',
    {
      given: {
        Target: object([
          prop('id', int, true),
          prop('label', ref('Label')),
          prop('labels', s({ kind: 'array', items: ref('Label') }), true),
          prop('owner', s({ kind: 'ref', name: 'Label', nullable: true })),
          prop('kebab-case', str),
          prop('required default', s({ kind: 'string', default: { value: 'x' } }), true),
          prop('optional default', s({ kind: 'string', default: { value: 'x' } })),
        ]),
        Label,
      },
      want:
        'z.ZodObject<{ id: z.ZodInt; label: z.ZodOptional<typeof LabelSchema>; labels: z.ZodArray<typeof LabelSchema>; ' +
        'owner: z.ZodOptional<z.ZodNullable<typeof LabelSchema>>; "kebab-case": z.ZodOptional<z.ZodString>; ' +
        '"required default": z.ZodString; "optional default": z.ZodDefault<z.ZodString> }, z.core.$loose>',
    },
  ],
  [
    'a shape spelled twice is named once (shared-literals.ts)',
    {
      given: {
        Target: object([
          prop('label', ref('Label'), true),
          prop('head', object([prop('ref', str, true), prop('sha', str)]), true),
          prop(
            'base',
            s({
              kind: 'object',
              nullable: true,
              properties: [prop('ref', str, true), prop('sha', str)],
              additionalProperties: true,
            }),
            true,
          ),
        ]),
        Label,
      },
      want:
        'z.ZodObject<{ label: typeof LabelSchema; head: z.ZodObject<{ ref: z.ZodString; sha: z.ZodOptional<z.ZodString> }, z.core.$loose>; ' +
        'base: z.ZodNullable<z.ZodObject<{ ref: z.ZodString; sha: z.ZodOptional<z.ZodString> }, z.core.$loose>> }, z.core.$loose>',
      written:
        'z.ZodObject<{ label: typeof LabelSchema; head: z.ZodObject<TargetHeadShape, z.core.$loose>; ' +
        'base: z.ZodNullable<z.ZodObject<TargetHeadShape, z.core.$loose>> }, z.core.$loose>',
    },
  ],
  ['empty loose object', { given: { Target: object([]) }, want: 'z.ZodObject<{}, z.core.$loose>' }],
  [
    'strict object with property counts',
    {
      given: { Target: object([prop('a', str)], false, { minProperties: 1, maxProperties: 2 }) },
      want: 'z.ZodObject<{ a: z.ZodOptional<z.ZodString> }, z.core.$strict>',
    },
  ],
  [
    'catchall',
    {
      given: { Target: object([prop('a', str)], ref('Label')), Label },
      want: 'z.ZodObject<{ a: z.ZodOptional<z.ZodString> }, z.core.$catchall<typeof LabelSchema>>',
    },
  ],
  [
    'record',
    {
      given: { Target: object([], int, { propertyNames: s({ kind: 'string', pattern: '^a' }) }) },
      want: 'z.ZodRecord<z.ZodString, z.ZodInt>',
    },
  ],
  [
    'patternProperties',
    {
      given: {
        Target: object([prop('a', str)], false, {
          patternProperties: [{ pattern: '^x-', schema: int }],
        }),
      },
      want: 'z.ZodObject<{ a: z.ZodOptional<z.ZodString> }, z.core.$loose>',
    },
  ],
  [
    'patternProperties that JavaScript cannot compile',
    {
      given: {
        Target: object([prop('a', str)], false, {
          patternProperties: [{ pattern: '(?<', schema: int }],
        }),
      },
      want: 'z.ZodObject<{ a: z.ZodOptional<z.ZodString> }, z.core.$strict>',
    },
  ],
  [
    'anyOf',
    {
      given: { Target: s({ kind: 'union', mode: 'anyOf', variants: [str, ref('Label')] }), Label },
      want: 'z.ZodUnion<readonly [z.ZodString, typeof LabelSchema]>',
    },
  ],
  [
    'oneOf',
    {
      given: { Target: s({ kind: 'union', mode: 'oneOf', variants: [str, int] }) },
      want: 'z.ZodXor<readonly [z.ZodString, z.ZodInt]>',
    },
  ],
  [
    'union of one',
    { given: { Target: s({ kind: 'union', mode: 'anyOf', variants: [int] }) }, want: 'z.ZodInt' },
  ],
  [
    'union of none',
    { given: { Target: s({ kind: 'union', mode: 'anyOf', variants: [] }) }, want: 'z.ZodNever' },
  ],
  [
    'discriminated union',
    {
      given: {
        Target: s({
          kind: 'union',
          mode: 'oneOf',
          variants: [
            ref('Cat'),
            object([prop('kind', s({ kind: 'enum', values: ['dog'] }), true)]),
          ],
          discriminator: { propertyName: 'kind', mapping: {} },
        }),
        Cat: object([prop('kind', s({ kind: 'const', value: 'cat' }), true)]),
      },
      want: 'z.ZodDiscriminatedUnion<[typeof CatSchema, z.ZodObject<{ kind: z.ZodEnum<{ dog: "dog" }> }, z.core.$loose>], "kind">',
    },
  ],
  [
    'allOf',
    {
      given: {
        Target: s({
          kind: 'intersection',
          parts: [ref('Label'), object([prop('b', int)]), object([prop('c', str)])],
        }),
        Label,
      },
      want:
        'z.ZodIntersection<z.ZodIntersection<typeof LabelSchema, z.ZodObject<{ b: z.ZodOptional<z.ZodInt> }, z.core.$loose>>, ' +
        'z.ZodObject<{ c: z.ZodOptional<z.ZodString> }, z.core.$loose>>',
    },
  ],
  [
    'allOf of closed parts (a refinement)',
    {
      given: {
        Target: s({
          kind: 'intersection',
          parts: [object([prop('a', str)], false), object([prop('b', int)], false)],
        }),
      },
      want: 'z.ZodIntersection<z.ZodObject<{ a: z.ZodOptional<z.ZodString> }, z.core.$strict>, z.ZodObject<{ b: z.ZodOptional<z.ZodInt> }, z.core.$strict>>',
    },
  ],
  [
    'allOf of nothing',
    { given: { Target: s({ kind: 'intersection', parts: [] }) }, want: 'z.ZodUnknown' },
  ],
  [
    'string enum with odd values',
    {
      given: { Target: s({ kind: 'enum', values: ['a', 'a b', '__proto__', '1', 'a'] }) },
      want: 'z.ZodEnum<{ a: "a"; "a b": "a b"; __proto__: "__proto__"; "1": "1" }>',
    },
  ],
  [
    'enum of numbers and booleans',
    {
      given: { Target: s({ kind: 'enum', values: [1, -2.5, true] }) },
      want: 'z.ZodLiteral<1 | -2.5 | true>',
    },
  ],
  [
    'const number',
    { given: { Target: s({ kind: 'const', value: 1e21 }) }, want: 'z.ZodLiteral<1e+21>' },
  ],
  [
    'const object (JSON equality)',
    { given: { Target: s({ kind: 'const', value: { a: [1] } }) }, want: 'z.ZodUnknown' },
  ],
  ['empty enum', { given: { Target: s({ kind: 'enum', values: [] }) }, want: 'z.ZodNever' }],
  ['dangling reference', { given: { Target: ref('Missing') }, want: 'z.ZodNever' }],
  // Left to inference: the const is written as before.
  [
    'a property named like an Object member (z.preprocess)',
    { given: { Target: object([prop('constructor', str)]) }, want: undefined },
  ],
  [
    'an object nested 40 deep with a reference at the bottom (tsc: TS2321 excessive stack depth)',
    {
      given: {
        Label,
        Target: Array.from({ length: 40 }).reduce<SchemaModel>(
          (inner) => object([prop('n', inner)]),
          ref('Label'),
        ),
      },
      want: undefined,
    },
  ],
  [
    'allOf with defaults (z.preprocess)',
    {
      given: {
        Target: s({
          kind: 'intersection',
          parts: [
            object([prop('a', s({ kind: 'string', default: { value: 'x' } }))]),
            object([prop('a', s({ kind: 'string', default: { value: 'y' } }))]),
          ],
        }),
      },
      want: undefined,
    },
  ],
  [
    'date-time codec',
    {
      given: { Target: s({ kind: 'string', format: 'date-time', nullable: true }) },
      want: 'z.ZodNullable<z.ZodCodec<z.ZodString, z.ZodDate>>',
      transformers: { dates: true },
    },
  ],
  [
    'int64 codec with a default, in an object',
    {
      given: {
        Target: object([
          prop('at', s({ kind: 'string', format: 'date' }), true),
          prop('n', s({ kind: 'number', integer: true, format: 'int64', default: { value: 1 } })),
        ]),
      },
      want: 'z.ZodObject<{ at: z.ZodCodec<z.ZodISODate, z.ZodDate>; n: z.ZodPrefault<z.ZodCodec<z.ZodUnion<readonly [z.ZodInt, z.ZodBigInt]>, z.ZodBigInt>> }, z.core.$loose>',
      transformers: { dates: true, bigint: true },
    },
  ],
];

const EQUAL = `
type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
type Mutual<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
function assertTrue<T extends true>(): T | undefined { return undefined; }
`;

/**
 * Checks appended to a case's module: the annotated const against its expression inferred.
 * `object`: how to reach the `ZodObject` of an object schema (`.unwrap()` through a prefault).
 */
function checks(expression: string, object: string | undefined): string {
  const derived =
    object === undefined
      ? ''
      : `
const objectA = Annotated${object};
const objectI = Inferred${object};
assertTrue<Equal<typeof objectA.shape, typeof objectI.shape>>();
const extendedA = objectA.extend({ added: z.number() });
const extendedI = objectI.extend({ added: z.number() });
assertTrue<Equal<typeof extendedA, typeof extendedI>>();
assertTrue<Equal<z.infer<typeof extendedA>, z.infer<typeof extendedI>>>();
const partialA = objectA.partial();
const partialI = objectI.partial();
assertTrue<Equal<typeof partialA, typeof partialI>>();`;
  return `
${EQUAL}
const Annotated = TargetSchema;
const Inferred = ${expression};
assertTrue<Equal<typeof Annotated, typeof Inferred>>();
assertTrue<Mutual<typeof Annotated, typeof Inferred>>();
assertTrue<Equal<z.infer<typeof Annotated>, z.infer<typeof Inferred>>>();
assertTrue<Equal<z.input<typeof Annotated>, z.input<typeof Inferred>>>();
const parsed: z.infer<typeof Inferred> | undefined = Annotated.safeParse(null).data;
void parsed;${derived}
`;
}

describe('zod emitter: each component schema const is annotated with the type zod infers', () => {
  const modules = CASES.map(([name, { given, transformers }], index) => {
    const model = apiModel({ schemas: given });
    const source = zodModule({
      model,
      runtimePackage: RUNTIME_PACKAGE,
      flavour: CLASSIC,
      ...(transformers && { transformers }),
    });
    const line = source.split('\n').find((text) => text.startsWith('export const TargetSchema'));
    const names = zodNames(model);
    const context = zodContext({
      names,
      flavour: CLASSIC,
      transformers,
      // Every other schema is declared before `Target` (no case is recursive).
      declared: new Set(model.schemas.map((entry) => entry.name).filter((n) => n !== 'Target')),
    });
    const printed = zodType(
      names.ordered.find((entry) => entry.name === 'Target')!.schema,
      context,
    );
    return { name, index, source, line: line ?? '', printed };
  });

  it.each(CASES.map(([name, entry], index) => [name, { ...entry, index }] as const))(
    '%s',
    (_name, { want, written, index }) => {
      const { line, printed } = modules[index]!;
      expect(printed).toBe(want);
      // In zod.ts: annotated only where the type names another component schema.
      const annotation = /^export const TargetSchema(?:: (.*?))? = /.exec(line);
      expect(annotation, line).not.toBeNull();
      expect(annotation![1]).toBe(want?.includes('typeof ') ? (written ?? want) : undefined);
    },
  );

  // One tsc run over every case (about 15 s on an idle machine).
  it('every annotation is identical to the inferred type, for users too (tsc)', () => {
    const files = modules.map(({ source, index, printed }) => {
      const [declaration, written, expression] =
        /^export const TargetSchema(?:: (.*?))? = ([\s\S]*?);$/m.exec(source)!;
      const path = `src/case${index}.ts`;
      const type = written ?? printed;
      if (type === undefined) return { path, contents: source };
      // A leaf's const is inferred in zod.ts: the test writes its printed annotation in.
      const annotated = source.replace(
        declaration,
        () => `export const TargetSchema: ${type} = ${expression};`,
      );
      const object = type.startsWith('z.ZodObject<')
        ? ''
        : type.startsWith('z.ZodPrefault<z.ZodObject<')
          ? '.unwrap()'
          : undefined;
      return { path, contents: `${annotated}\n${checks(expression!, object)}` };
    });
    const errors = typecheck(files);
    // Name each failing case.
    expect(
      errors.map((error) => {
        const index = /case(\d+)\.ts/.exec(error)?.[1];
        return index === undefined ? error : `${CASES[Number(index)]![0]}: ${error}`;
      }),
    ).toEqual([]);
  }, 180_000);
});
