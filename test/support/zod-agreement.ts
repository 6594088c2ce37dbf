import type { ApiModel } from '../../generator/src/model/types.js';
import { commentText } from '../../generator/src/emit/shared/jsdoc.js';
import { stringLiteral } from '../../generator/src/emit/shared/identifiers.js';
import { agreements, type Agreement, type Direction } from './zod-disagreements.js';
import { zodNames } from '../../generator/src/emit/zod/module.js';

/**
 * A test of the generator, not package code: `zod-agreement.ts`, which the tests write into a
 * generated package and compile with it, so that a zod schema whose output type drifts from
 * openapi-typescript's type of the same component schema is reported. It never ships: a
 * disagreement must not break a user's build.
 */
const PREAMBLE = `/*
 * Type-level test of the generator, compiled with the package in zapgen's tests only: the output type of each
 * zod schema in \`zod.ts\` agrees with openapi-typescript's type of the same component schema in
 * \`types.ts\`. Where openapi-typescript types a construct differently, the check is weaker (one
 * way, or without the discriminator property, or only that zod names every property), with the reason above it.
 */
import type * as z from 'zod';
import type { components } from './types.js';
import type * as zod from './zod.js';

type Expect<T extends true> = T;
type Assignable<From, To> = [From] extends [To] ? true : false;
type MutuallyAssignable<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
/** \`T\` without property \`K\`; unlike \`Omit\`, keeps the other properties next to an index signature. */
type Without<T, K extends PropertyKey> = { [P in keyof T as P extends K ? never : P]: T[P] };
/** The named keys of an object type (or of each member of a union), without index signatures. */
type KnownKeys<T> = keyof { [K in keyof T as string extends K ? never : number extends K ? never : K]: T[K] };`;

function assignability({
  direction,
  zodType,
  specType,
}: {
  direction: Direction;
  zodType: string;
  specType: string;
}): string {
  if (direction === 'mutual') return `MutuallyAssignable<${zodType}, ${specType}>`;
  return direction === 'specToZod'
    ? `Assignable<${specType}, ${zodType}>`
    : `Assignable<${zodType}, ${specType}>`;
}

function check({
  agreement,
  zodType,
  specType,
}: {
  agreement: Agreement;
  zodType: string;
  specType: string;
}): string {
  switch (agreement.kind) {
    case 'whole':
      return assignability({ direction: agreement.direction, zodType, specType });
    // Both without null: openapi-typescript writes a nullable schema that a discriminator maps as
    // `{ type: "a" } & (T | null)`, in which null is gone, and `Without`/`KnownKeys` of a union
    // with null have no keys at all (stream-io's nullable events).
    case 'omit': {
      const key = stringLiteral(agreement.property);
      return assignability({
        direction: agreement.direction,
        zodType: `Without<NonNullable<${zodType}>, ${key}>`,
        specType: `Without<NonNullable<${specType}>, ${key}>`,
      });
    }
    case 'keys':
      return `Assignable<KnownKeys<NonNullable<${specType}>>, KnownKeys<NonNullable<${zodType}>>>`;
  }
}

/** Where the tests write the agreement test in a generated package. */
export const AGREEMENT_FILE = 'src/zod-agreement.ts';

/** The source of `src/zod-agreement.ts`. */
export function agreementModule(model: ApiModel): string {
  const { constNames } = zodNames(model);
  const found = agreements(model);
  const checks = model.schemas.map(({ name }) => {
    const constName = constNames.get(name)!;
    const agreement = found.get(name)!;
    const why = agreement.reasons.map((reason) => `// ${commentText(reason)}\n`).join('');
    const assertion = check({
      agreement,
      zodType: `z.output<typeof zod.${constName}>`,
      specType: `components['schemas'][${stringLiteral(name)}]`,
    });
    return `${why}type _${constName} = Expect<${assertion}>;`;
  });
  return `${PREAMBLE}\n\n${checks.join('\n')}\n`;
}

/** `files` (a generated package's) with the agreement test added. */
export function withAgreement<F extends { path: string; contents: string }>({
  files,
  model,
}: {
  files: readonly F[];
  model: ApiModel;
}): (F | { path: string; contents: string })[] {
  return [...files, { path: AGREEMENT_FILE, contents: agreementModule(model) }];
}
