/**
 * The config's `transformers` in the validators: a `date-time`/`date` string (`dates`) or an
 * `int64` integer (`bigint`) becomes a zod codec (`z.codec(wire, z.date(), dateTimeCodec)`)
 * whose input is the wire value, checked as before, and whose output is the `Date`/`bigint` the
 * user sees. The conversions are `@zapgen/runtime/codecs`'s, so that the client, the mock and
 * users' own `z.decode`/`z.encode` calls convert alike. Without the options nothing changes.
 */
import type { TransformersConfig } from '../../config/types.js';
import { childSchemas } from '../../model/children.js';
import type { ApiModel, NamedSchema, OperationModel, SchemaModel } from '../../model/types.js';
import type { CodecName, TypeMode, ZodContext } from './context.js';

interface CodecPlan {
  name: CodecName;
  /** zod's schema of the converted value, and classic zod's type of it (`zod-type.ts`). */
  output: string;
  outputType: string;
  /** The TypeScript types of the codec's output and input. */
  types: Record<TypeMode, string>;
}

const DATE_TIME: CodecPlan = {
  name: 'dateTimeCodec',
  output: 'z.date()',
  outputType: 'z.ZodDate',
  types: { output: 'Date', input: 'string' },
};
const DATE: CodecPlan = { ...DATE_TIME, name: 'dateCodec' };
const INT64: CodecPlan = {
  name: 'int64Codec',
  output: 'z.bigint()',
  outputType: 'z.ZodBigInt',
  types: { output: 'bigint', input: 'number | bigint' },
};

/** The codec a schema is written as under the context's transformers; `undefined`: none. */
export function codecOf(
  schema: SchemaModel,
  context: Pick<ZodContext, 'transformers'>,
): CodecPlan | undefined {
  const transformers = context.transformers;
  if (!transformers) return undefined;
  if (schema.kind === 'string' && transformers.dates) {
    if (schema.format === 'date-time') return DATE_TIME;
    if (schema.format === 'date') return DATE;
  }
  if (schema.kind === 'number' && schema.integer && schema.format === 'int64')
    return transformers.bigint ? INT64 : undefined;
  return undefined;
}

/**
 * `wire` (the schema's expression without the transformers) as the codec `plan`: the wire
 * side of an int64 also takes the exact `bigint` that `parseJson` reads beyond 2^53.
 */
export function codecExpression({
  plan,
  wire,
  context,
}: {
  plan: CodecPlan;
  wire: string;
  context: Pick<ZodContext, 'useCodec'>;
}): string {
  context.useCodec(plan.name);
  const input = plan.name === 'int64Codec' ? `z.union([${wire}, z.bigint()])` : wire;
  return `z.codec(${input}, ${plan.output}, ${plan.name})`;
}

/** Classic zod's type of `codecExpression`, given the type of its `wire` schema. */
export function codecType({ plan, wire }: { plan: CodecPlan; wire: string }): string {
  const input = plan.name === 'int64Codec' ? `z.ZodUnion<readonly [${wire}, z.ZodBigInt]>` : wire;
  return `z.ZodCodec<${input}, ${plan.outputType}>`;
}

/**
 * True when some parameter, request body or response body of `operation` reaches (through
 * references too) a schema the transformers convert: only such operations need the runtime's
 * codecs, the others are sent and read as without the option.
 */
export function operationConverts({
  operation,
  schemas,
  transformers,
}: {
  operation: OperationModel;
  schemas: readonly NamedSchema[];
  transformers: TransformersConfig;
}): boolean {
  const byName = new Map(schemas.map((entry) => [entry.name, entry.schema]));
  const seen = new Set<string>();
  const converts = (node: SchemaModel): boolean => {
    if (codecOf(node, { transformers })) return true;
    if (node.kind === 'ref') {
      if (seen.has(node.name)) return false;
      seen.add(node.name);
      const target = byName.get(node.name);
      return target !== undefined && converts(target);
    }
    return childSchemas(node).some(converts);
  };
  return [
    ...operation.parameters.map((parameter) => parameter.schema),
    ...(operation.requestBody?.content ?? []).map((media) => media.schema),
    ...operation.responses.flatMap((response) => response.content.map((media) => media.schema)),
  ].some((schema) => schema !== undefined && converts(schema));
}

/**
 * The options of `transformers` that convert something in `model` (each on its own: `dates`
 * when some operation reaches a `date-time`/`date`, `bigint` when one reaches an `int64`);
 * `undefined` when none does. An option that converts nothing leaves the package as it was.
 */
export function transformersActing(
  model: ApiModel,
  transformers: TransformersConfig | undefined,
): TransformersConfig | undefined {
  const acting: TransformersConfig = {};
  for (const option of ['dates', 'bigint'] as const) {
    if (!transformers?.[option]) continue;
    const alone: TransformersConfig = { [option]: true };
    if (
      model.operations.some((operation) =>
        operationConverts({ operation, schemas: model.schemas, transformers: alone }),
      )
    )
      acting[option] = true;
  }
  return Object.keys(acting).length ? acting : undefined;
}
