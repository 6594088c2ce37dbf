/**
 * Schemas that `$ref`s into other schemas share (`ApiModel.sharedSchemas`), in each emitter that
 * prints schemas: named once (a local alias, const or `$defs` entry) and referred to at every
 * use, through nesting, recursion and `readWrite: 'split'`. The spec is the generality battery's
 * (`test/fixtures/generality/shared-pointer-targets.yaml`), which also type-checks the package
 * and checks its fixtures under zod and ajv.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { parse } from 'yaml';
import { afterAll, describe, expect, test } from 'vitest';
import { inputSchemaOf, outputSchemaOf } from '@zapgen/runtime/mcp';
import type { JsonSchema, ToolDefinition } from '@zapgen/runtime/mcp';
import { buildModel } from '../../../src/model/index.js';
import { splitReadWrite } from '../../../src/model/read-write.js';
import type { ApiModel } from '../../../src/model/types.js';
import { typesSource } from '../../../src/emit/typescript-types/index.js';
import { zodModule } from '../../../src/emit/zod/module.js';
import { CLASSIC, MINI } from '../../../src/emit/zod/flavour.js';
import { referencedComponents, toolPlans } from '../../../src/emit/mcp/tools.js';
import { createFixtureValidator } from '../../../src/emit/fixtures/validator.js';
import { sharedSchemaNames } from '../../../src/emit/shared/shared-schemas.js';
import { RUNTIME_PACKAGE } from '../../../src/pipeline.js';
import { importZod, removeScratchDirs } from '../zod/support.js';

const SPEC = path.resolve(
  import.meta.dirname,
  '../../../../test/fixtures/generality/shared-pointer-targets.yaml',
);

function specModel({ split = false }: { split?: boolean } = {}): ApiModel {
  const model = buildModel(parse(readFileSync(SPEC, 'utf8')) as Record<string, unknown>);
  if (split) splitReadWrite(model);
  return model;
}

/** Components `L0..Ld`: `Lk.properties.inner` has two properties, each a `$ref` to `L(k-1)`'s. */
function nestedPointers(depth: number): ApiModel {
  const schemas: Record<string, unknown> = {
    L0: {
      type: 'object',
      properties: {
        inner: { type: 'object', properties: { x: { type: 'string' } }, required: ['x'] },
      },
    },
  };
  for (let k = 1; k <= depth; k += 1) {
    const inner = { $ref: `#/components/schemas/L${k - 1}/properties/inner` };
    schemas[`L${k}`] = {
      type: 'object',
      properties: { inner: { type: 'object', properties: { a: inner, b: inner } } },
    };
  }
  const answer = { $ref: `#/components/schemas/L${depth}` };
  return buildModel({
    openapi: '3.1.0',
    info: { title: 't', version: '1' },
    paths: {
      '/deep': {
        get: {
          operationId: 'deep',
          responses: {
            '200': { description: 'L', content: { 'application/json': { schema: answer } } },
          },
        },
      },
    },
    components: { schemas },
  });
}

const zodSource = (model: ApiModel) =>
  zodModule({ model, runtimePackage: RUNTIME_PACKAGE, flavour: CLASSIC });
const validatorsSource = (model: ApiModel) =>
  zodModule({ model, runtimePackage: RUNTIME_PACKAGE, flavour: MINI, client: true });
/** The JSON Schemas of the MCP tools and the `$defs` they reference, as `mcp.ts` prints them. */
function mcpSchemas(model: ApiModel): string {
  const plans = toolPlans(model);
  const schemas = plans.flatMap((plan) => [plan.properties, plan.output?.schema]);
  return JSON.stringify({ schemas, defs: referencedComponents(schemas, model) }, null, 1);
}

const count = (text: string, pattern: RegExp) => text.match(pattern)?.length ?? 0;
const lines = (text: string) => text.split('\n').length;

afterAll(removeScratchDirs);

describe('the names every emitter gives shared schemas', () => {
  test('one per target, from its pointer, apart from the component names', () => {
    const model = specModel();
    const names = [...sharedSchemaNames(model.sharedSchemas, ['$ref_Level3_allOf_0'])];
    expect(names.map(([, name]) => name).sort()).toEqual([
      '$ref_Catalog_properties_item',
      '$ref_Level0_properties_inner',
      '$ref_Level1_properties_inner',
      '$ref_Level2_properties_inner',
      '$ref_Level3_allOf_0_2',
      '$ref_Tree_properties_children',
      '$ref_Upload_properties_file',
    ]);
  });
});

describe('each emitter declares a shared target once and names it at every use', () => {
  type Emitter = (model: ApiModel) => string;
  /** `split`: the targets declared under `readWrite: 'split'` (a direction's shape has a name of its own). */
  const cases: [
    string,
    { emit: Emitter; declared: (name: string) => RegExp; used: string; split: string[] },
  ][] = [
    [
      'types.ts: a local alias',
      {
        emit: (model) => typesSource(model).text,
        declared: (name) => new RegExp(`\\ntype \\${name} = `, 'g'),
        used: 'left?: $ref_Level0_properties_inner;',
        split: ['$ref_Catalog_properties_item_2', '$ref_Catalog_properties_item_3'],
      },
    ],
    [
      'zod.ts: a local const annotated with its zod type',
      {
        emit: zodSource,
        declared: (name) => new RegExp(`\\nconst \\${name}: `, 'g'),
        used: 'left: $ref_Level0_properties_inner.optional()',
        split: ['$ref_Catalog_properties_item_2', '$ref_Catalog_properties_item_3'],
      },
    ],
    [
      'validators.ts: a local const of zod/mini',
      {
        emit: validatorsSource,
        declared: (name) => new RegExp(`\\nconst \\${name} = `, 'g'),
        used: 'left: z.optional($ref_Level0_properties_inner)',
        split: ['$ref_Catalog_properties_item_2', '$ref_Catalog_properties_item_3'],
      },
    ],
    [
      "mcp.ts: a `$defs` entry the tools' schemas refer to",
      {
        emit: mcpSchemas,
        declared: (name) => new RegExp(`"name": "\\${name}"`, 'g'),
        used: '"$ref": "#/$defs/%24ref_Level0_properties_inner"',
        // The request's body is spread into arguments: only the response's shape is named.
        split: ['$ref_Catalog_properties_item_3'],
      },
    ],
  ];

  test.each(cases)('%s', (_, { emit, declared, used }) => {
    const text = emit(specModel());
    for (const name of [
      '$ref_Catalog_properties_item',
      '$ref_Level0_properties_inner',
      '$ref_Level1_properties_inner',
      '$ref_Level2_properties_inner',
      '$ref_Tree_properties_children',
    ])
      expect(count(text, declared(name)), name).toBe(1);
    expect(text).toContain(used);
  });

  test.each(cases)('%s: nested twelve deep, the output grows linearly', (_, { emit }) => {
    // Each level doubles the uses: printed at each, L12 alone would be 2^12 copies of L0's.
    expect(lines(emit(nestedPointers(12)))).toBeLessThan(3 * lines(emit(nestedPointers(6))));
  });

  test.each(cases)(
    "%s: under readWrite: 'split', each direction's shape of a target is shared",
    (_, { emit, declared, split }) => {
      const text = emit(specModel({ split: true }));
      // The request's shape (no readOnly `id`) and the response's; the shape as the spec writes
      // it where a component still names it (not in mcp.ts: the tools name the derived ones).
      for (const name of split) expect(count(text, declared(name)), name).toBe(1);
      expect(count(text, declared('$ref_Catalog_properties_item'))).toBeLessThanOrEqual(1);
    },
  );
});

describe('zod.ts and validators.ts: the shared consts validate as the inline schemas did', () => {
  test('nested, recursive through a target, a multipart Blob, sent and answered', async () => {
    const zod = await importZod(specModel());
    const level3 = zod.componentSchemas.Level3!;
    const leaf = { x: 'a' };
    expect(level3.safeParse({ inner: { left: { left: { left: leaf } } } }).success).toBe(true);
    expect(level3.safeParse({ inner: { left: { left: { right: { x: 'c' } } } } }).success).toBe(
      false,
    );
    // `Node.children` is `Tree.properties.children`: an array of `Node`.
    const node = zod.componentSchemas.Node!;
    expect(node.safeParse({ children: [{ siblings: [{ value: 1 }] }] }).success).toBe(true);
    expect(node.safeParse({ children: [{ siblings: [{ value: 'one' }] }] }).success).toBe(false);
    const upload = zod.operationSchemas.upload!.body!;
    expect(upload.safeParse({ file: 'text' }).success).toBe(true);
    const createItem = zod.operationSchemas.createItem!;
    expect(createItem.body!.safeParse({ name: 'n' }).data).toEqual({ name: 'n', size: 1 });
    expect(createItem.responses['200']!.safeParse({ name: '' }).success).toBe(false);
    // A recursive component's spelled-out types name the shared const's types.
    expect(zod.source).toContain('children?: z.output<typeof $ref_Tree_properties_children>;');
    // The multipart body's reading (string or Blob) is a const of its own.
    expect(zod.source).toContain(
      'const $ref_Upload_properties_file = /* @__PURE__ */ z.union([z.string(), z.instanceof(Blob)]);',
    );
  });

  test("readWrite: 'split': the request's shape forbids the readOnly id, the response's keeps it", async () => {
    const zod = await importZod(specModel({ split: true }));
    const createItem = zod.operationSchemas.createItem!;
    expect(createItem.body!.safeParse({ name: 'n', id: 'i' }).success).toBe(false);
    expect(createItem.responses['200']!.safeParse({ name: 'n', id: 'i' }).success).toBe(true);
  });
});

describe("mcp.ts: the tools' schemas with their `$defs`", () => {
  const model = specModel();
  const plans = toolPlans(model);
  const schemas = Object.fromEntries(
    referencedComponents(
      plans.flatMap((plan) => [plan.properties, plan.output?.schema]),
      model,
    ).map(({ name, schema }) => [name, schema]),
  );
  const tool = (name: string) => {
    const plan = plans.find((entry) => entry.name === name)!;
    return {
      name: plan.name,
      input: { properties: plan.properties, required: plan.required },
      ...(plan.output && { output: plan.output }),
    } as unknown as ToolDefinition;
  };
  const ajv = new Ajv2020({ strict: false });

  const cases: [string, { schema: () => JsonSchema; valid: unknown; invalid: unknown }][] = [
    [
      'an output naming targets nested three deep and one on a cycle',
      {
        schema: () => outputSchemaOf(tool('listItems'), schemas)!,
        valid: { deep: { left: { left: { right: { x: 'b' } } } }, tree: [{ children: [] }] },
        invalid: { deep: { left: { left: { right: { x: 'c' } } } } },
      },
    ],
    [
      'an input whose body is a target',
      {
        schema: () => inputSchemaOf(tool('createItem'), schemas),
        valid: { name: 'n', size: 2 },
        invalid: { name: '' },
      },
    ],
  ];
  test.each(cases)('%s', (_, { schema, valid, invalid }) => {
    const validate = ajv.compile(schema());
    expect(validate(valid), JSON.stringify(validate.errors)).toBe(true);
    expect(validate(invalid)).toBe(false);
  });
});

describe('the fixture validator checks model nodes through the shared copies', () => {
  test("a derived (readWrite: 'split') body, nested targets and the recursive one", () => {
    const model = specModel({ split: true });
    const validator = createFixtureValidator(model);
    const listItems = model.operations.find((entry) => entry.operationId === 'listItems')!;
    const answer = listItems.responses[0]!.content[0]!.schema;
    expect(
      validator.matches(answer, { deep: { left: { left: { right: { x: 'a' } } } }, tree: [{}] }),
    ).toBe(true);
    expect(validator.matches(answer, { deep: { left: { left: { right: { x: 'c' } } } } })).toBe(
      false,
    );
    expect(validator.matches(answer, { tree: [{ children: [{ value: 'one' }] }] })).toBe(false);
  });
});
