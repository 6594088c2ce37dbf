/**
 * The runtime compiles a client's validators with zod's `compile` (on servers): a compiled
 * validator must accept and refuse exactly what the generated one does, with the same issues.
 * Checked on every validator both generated packages carry (parameters, bodies, responses, in
 * zod/mini) and every component schema of `./zod` (classic), against the packages' own fixtures:
 * valid ones, the fixtures' invalid ones, and each value broken field by field.
 */
import { describe, expect, test } from 'vitest';
import * as actionsV2 from '@zapgen/actions-v2';
import * as partnerV1 from '@zapgen/partner-v1';
import * as actionsV2Fixtures from '@zapgen/actions-v2/fixtures';
import * as partnerV1Fixtures from '@zapgen/partner-v1/fixtures';
import * as actionsV2Zod from '@zapgen/actions-v2/zod';
import * as partnerV1Zod from '@zapgen/partner-v1/zod';
import type { OperationDefinition, Validator } from '@zapgen/runtime';
import { compileValidator } from '../../packages/runtime/src/validator-compiler.js';

interface Fixture {
  minimal?: unknown;
  full?: unknown;
  invalid?: { value: unknown }[];
}

interface OperationFixture {
  request?: Record<string, unknown>;
  responses?: Record<string, unknown>;
}

/** `value` and, for an object or array, the value with each member replaced by wrong types. */
function probes(value: unknown): unknown[] {
  const found: unknown[] = [value, 'not an object', null, {}];
  if (typeof value === 'object' && value !== null)
    for (const key of Object.keys(value))
      for (const wrong of ['x', 1.5, { nested: true }, [null], undefined])
        found.push(
          Array.isArray(value)
            ? value.map((item, index) => (String(index) === key ? wrong : item))
            : { ...value, [key]: wrong },
        );
  return found;
}

/** Every validator of a package with the values to try on it. */
function casesOf(options: {
  definitions: Record<string, OperationDefinition>;
  operationFixtures: Record<string, OperationFixture>;
  componentSchemas: Record<string, Validator>;
  componentFixtures: Record<string, Fixture>;
}): [string, Validator, unknown[]][] {
  const cases: [string, Validator, unknown[]][] = [];
  for (const [operationId, definition] of Object.entries(options.definitions)) {
    const fixture = options.operationFixtures[operationId] ?? {};
    const { body, ...parameters } = fixture.request ?? {};
    if (definition.parameterValidator)
      cases.push([`${operationId} parameters`, definition.parameterValidator, probes(parameters)]);
    if (definition.requestBody?.validator)
      cases.push([`${operationId} body`, definition.requestBody.validator, probes(body)]);
    for (const response of definition.responses)
      if (response.body)
        cases.push([
          `${operationId} response ${response.status}`,
          response.body,
          probes(fixture.responses?.[response.status]),
        ]);
  }
  for (const [name, schema] of Object.entries(options.componentSchemas)) {
    const fixture = options.componentFixtures[name] ?? {};
    cases.push([
      `component ${name}`,
      schema,
      [
        ...probes(fixture.full),
        ...probes(fixture.minimal),
        ...(fixture.invalid ?? []).map(({ value }) => value),
      ],
    ]);
  }
  return cases;
}

const packages = [
  [
    '@zapgen/actions-v2',
    casesOf({
      definitions: actionsV2.operationDefinitions,
      operationFixtures: actionsV2Fixtures.operationFixtures,
      componentSchemas: actionsV2Zod.componentSchemas,
      componentFixtures: actionsV2Fixtures.componentFixtures,
    }),
  ],
  [
    '@zapgen/partner-v1',
    casesOf({
      definitions: partnerV1.operationDefinitions,
      operationFixtures: partnerV1Fixtures.operationFixtures,
      componentSchemas: partnerV1Zod.componentSchemas,
      componentFixtures: partnerV1Fixtures.componentFixtures,
    }),
  ],
] as const;

describe.each(packages)('%s: compiled validators', (_name, cases) => {
  test('every validator of the package, compiled, agrees with it on every probe', () => {
    let compiledCount = 0;
    let refused = 0;
    const disagreements: string[] = [];
    const issuesOf = (result: ReturnType<Validator['safeParse']>) =>
      result.success ? undefined : JSON.stringify(result.error.issues);
    for (const [name, validator, values] of cases) {
      const compiled = compileValidator(validator);
      if (compiled !== validator) compiledCount += 1;
      for (const value of values) {
        const want = validator.safeParse(value);
        const got = compiled.safeParse(value);
        if (!want.success) refused += 1;
        if (got.success !== want.success || issuesOf(got) !== issuesOf(want))
          disagreements.push(`${name}: ${JSON.stringify(value)}`);
      }
    }
    expect(disagreements).toEqual([]);
    // The compiler took (nearly) all of them, and many probes are refused, issues compared:
    // a test of nothing would pass the loop above.
    expect(compiledCount).toBeGreaterThan(cases.length * 0.9);
    expect(refused).toBeGreaterThan(cases.length);
  });
});
