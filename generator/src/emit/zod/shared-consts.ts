/**
 * One module-local const per schema that `$ref`s into other schemas share
 * (`ApiModel.sharedSchemas`, named by `sharedSchemaNames`): `const $ref_A_properties_b = z.object(…)`,
 * which every use names, instead of the schema printed at each use (nested sharing made
 * network-applicationGateway's zod.ts 471k lines, and too deep for tsc: TS2589).
 *
 * A const is declared on first use, and the module writes it right before the declaration that
 * first used it (`drain`): the component consts it names are then declared or deferred
 * (`z.lazy`) exactly as they would be inline, and a later use finds it declared. A multipart body
 * reads binary strings as `Blob`s too, so a schema printed there may get a second const.
 */
import type { SchemaModel } from '../../model/types.js';
import { sharedReadings } from '../shared/shared-schemas.js';
import type { ZodContext } from './context.js';
import { zodExpression } from './expression.js';
import { zodType } from './zod-type.js';

/** A const's declaration, from its name, its annotation (zod's type, when spelled) and its initializer. */
type Declare<T> = (declaration: {
  name: string;
  type: string | undefined;
  expression: string;
}) => T;

export function sharedConsts<T>({
  names,
  annotate,
  declare,
}: {
  /** The shared schemas' names (`sharedSchemaNames`). */
  names: ReadonlyMap<SchemaModel, string>;
  /** Whether consts are annotated with their zod type (classic zod's `zod.ts`). */
  annotate: boolean;
  declare: Declare<T>;
}): { sharedConst: NonNullable<ZodContext['sharedConst']>; drain(): T[] } {
  const readings = sharedReadings(names);
  /** The const of each shared schema, by how it is read (`binaryAsBlob`). */
  const consts = new Map<SchemaModel, Map<boolean, string>>();
  const declared = new Set<string>();
  /** The schemas whose initializer is being printed: there they are printed, not named. */
  const printing = new Set<SchemaModel>();
  let pending: T[] = [];
  const sharedConst = (schema: SchemaModel, context: ZodContext): string | undefined => {
    if (!names.has(schema) || printing.has(schema)) return undefined;
    const known = consts.get(schema)?.get(context.binaryAsBlob);
    if (known !== undefined) return known;
    // The model cuts cycles through shared schemas: a const's initializer never names itself.
    printing.add(schema);
    try {
      const expression = zodExpression(schema, context);
      const name = readings.name(schema, () => expression)!;
      if (!declared.has(name)) {
        const type = annotate ? zodType(schema, context) : undefined;
        declared.add(name);
        pending.push(declare({ name, type, expression }));
      }
      let byReading = consts.get(schema);
      if (!byReading) consts.set(schema, (byReading = new Map()));
      byReading.set(context.binaryAsBlob, name);
      return name;
    } finally {
      printing.delete(schema);
    }
  };
  return {
    sharedConst,
    /** The consts declared since the last call, in the order to write them (each after those it names). */
    drain() {
      const drained = pending;
      pending = [];
      return drained;
    },
  };
}
