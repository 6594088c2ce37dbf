/** The subpath exports: zod validators, fixtures and the openapi-typescript types. */
import { operationFixtures } from '@zapgen/partner-v1/fixtures';
import type { components } from '@zapgen/partner-v1/types';
import { componentSchemas } from '@zapgen/partner-v1/zod';

type Zap = components['schemas']['Zap'];

/** A Zap read from untrusted JSON, or undefined when it does not match the spec. */
export function parseZap(value: unknown): Zap | undefined {
  const result = componentSchemas.Zap.safeParse(value);
  return result.success ? result.data : undefined;
}

/** The fixture answer of `GET /v1/zaps`, as a test double would serve it. */
export const sampleZaps = operationFixtures.listZaps.responses['200'];
