/**
 * Which discriminator property an `allOf` part leaves out in the types (openapi-typescript's
 * `Omit<Parent, "kind">`), read by the types printer and by the fixtures' proofs alike.
 */
import type { NamedSchema, SchemaModel } from '../../model/types.js';

/**
 * The `allOf` schemas of components whose discriminator property the types narrow, with that
 * property. Only there does a part leave the property out: the component's literal takes its
 * place. Elsewhere `Omit` would drop a property the value has, with nothing in its place
 * (britbox: `ItemDetail` extends the discriminated `ItemSummary` but its name is no value of the
 * enum `type`, so nothing narrows it and it keeps `type: "movie" | …`).
 */
export function narrowedIntersections(
  components: ReadonlyMap<string, NamedSchema>,
): Map<SchemaModel, string> {
  const narrowed = new Map<SchemaModel, string>();
  for (const named of components.values())
    if (named.typeDiscriminator && named.schema.kind === 'intersection')
      narrowed.set(named.schema, named.typeDiscriminator.propertyName);
  return narrowed;
}

/**
 * The property that `part`, a part of an intersection whose component narrows `narrowed`, leaves
 * out: a discriminated member's, or that of a member itself narrowed on it (to its own name), or
 * `{ kind: "child" } & { kind: "parent" } & …` would be never (velopayments:
 * PaymentRejectedOrReturned extends PaymentStatusChanged, both targets of one mapping).
 * Not a union: `Omit` of a union keeps only the keys common to its variants.
 */
export function omittedDiscriminator(
  part: SchemaModel,
  components: ReadonlyMap<string, NamedSchema>,
  narrowed: string | undefined,
): string | undefined {
  if (narrowed === undefined || part.kind !== 'ref' || part.nullable) return undefined;
  const target = components.get(part.name);
  return target?.discriminatorProperty === narrowed ||
    (target?.typeDiscriminator?.propertyName === narrowed && target.schema.kind !== 'union')
    ? narrowed
    : undefined;
}
