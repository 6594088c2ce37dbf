/**
 * Component schemas that no TypeScript type can say: a schema that is, through references,
 * unions, intersections and array items alone, itself (`A: B | null`, `B: A`,
 * `Json: string | Json[]`). TypeScript resolves such a member of `components["schemas"]` eagerly
 * and reports it as circular (TS2502); an object type in between defers it and is fine
 * (`Tree: { children: Tree[] }`). Each such schema is printed `unknown`, with a warning located at
 * the schema, and every other type still compiles. The zod module and the fixtures break the
 * narrower cycles without array items (`aliasCycles`), which z.lazy and values can follow.
 */
import { referenceCycles } from '../../model/cycles.js';
import type { NamedSchema } from '../../model/types.js';

/** The names of the component schemas on an eager reference cycle. */
export function circularAliases(schemas: readonly NamedSchema[]): Set<string> {
  return referenceCycles(schemas, { throughArrayItems: true });
}
