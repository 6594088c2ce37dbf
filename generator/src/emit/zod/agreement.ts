import type { ApiModel } from '../../model/types.js';
import { commentText } from '../shared/jsdoc.js';
import { stringLiteral } from '../shared/identifiers.js';
import { agreements, type Agreement, type Direction } from './disagreements.js';
import { zodNames } from './module.js';

const PREAMBLE = `/*
 * Type-level test, compiled with the package and not exported from it: the output type of each
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

function assignability({ direction, zodType, specType }: { direction: Direction; zodType: string; specType: string }): string {
  if (direction === 'mutual') return `MutuallyAssignable<${zodType}, ${specType}>`;
  return direction === 'specToZod' ? `Assignable<${specType}, ${zodType}>` : `Assignable<${zodType}, ${specType}>`;
}

function check({ agreement, zodType, specType }: { agreement: Agreement; zodType: string; specType: string }): string {
  switch (agreement.kind) {
    case 'whole':
      return assignability({ direction: agreement.direction, zodType, specType });
    case 'omit': {
      const key = stringLiteral(agreement.property);
      return assignability({ direction: agreement.direction, zodType: `Without<${zodType}, ${key}>`, specType: `Without<${specType}, ${key}>` });
    }
    case 'keys':
      return `Assignable<KnownKeys<${specType}>, KnownKeys<${zodType}>>`;
  }
}

/** The source of `src/zod-agreement.ts`. */
export function agreementModule(model: ApiModel): string {
  const { constNames } = zodNames(model);
  const found = agreements(model);
  const checks = model.schemas.map(({ name }) => {
    const constName = constNames.get(name)!;
    const agreement = found.get(name)!;
    const why = agreement.reasons.map((reason) => `// ${commentText(reason)}\n`).join('');
    const assertion = check({ agreement, zodType: `z.output<typeof zod.${constName}>`, specType: `components['schemas'][${stringLiteral(name)}]` });
    return `${why}type _${constName} = Expect<${assertion}>;`;
  });
  return `${PREAMBLE}\n\n${checks.join('\n')}\n`;
}
