import { emitters, ModuleRegistry } from '../../../src/emit/index.js';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import type { SchemaModel } from '../../../src/model/types.js';
import { zodEmitter } from '../../../src/emit/zod/index.js';
import { RUNTIME_PACKAGE } from '../../../src/pipeline.js';
import { apiModel, importZod, operation, s, typecheck, removeScratchDirs } from './support.js';

const CANARY = 'globalThis.__pwned = 1';
/** Strings that would run the canary if printed raw in various syntactic positions. */
const HOSTILE = [
  `*/ ${CANARY}; /*`,
  `"; ${CANARY}; "`,
  `'); ${CANARY}; ('`,
  `\`; ${CANARY}; \``,
  `\u2028${CANARY}\u2029`,
  `</script>${CANARY}`,
  `]); ${CANARY}; //`,
  `\n${CANARY}\n`,
];

const str = s({ kind: 'string' });

function hostileModel() {
  const schemas: Record<string, SchemaModel> = {};
  HOSTILE.forEach((text, index) => {
    schemas[text] = s({
      kind: 'object',
      title: text,
      description: text,
      properties: [
        {
          name: text,
          required: false,
          schema: s({ kind: 'string', pattern: text, description: text }),
        },
        { name: '__proto__', required: false, schema: s({ kind: 'enum', values: [text, ''] }) },
        {
          name: `p${index}`,
          required: false,
          schema: s({ kind: 'string', default: { value: text } }),
        },
      ],
      additionalProperties: s({ kind: 'const', value: { [text]: text } }),
      propertyNames: s({
        kind: 'string',
        pattern: `^(?:${text.replace(/[\\^$.*+?()[\]{}|]/g, '\\$&')})?`,
      }),
    });
  });
  schemas['Self'] = s({
    kind: 'object',
    properties: HOSTILE.map((text) => ({
      name: text,
      required: false,
      schema: s({ kind: 'ref', name: 'Self' }),
    })),
    additionalProperties: false,
  });
  return apiModel({
    schemas,
    operations: HOSTILE.map((text) =>
      operation({
        operationId: text,
        description: text,
        parameters: [
          {
            name: text,
            in: 'query',
            required: false,
            deprecated: false,
            style: 'form',
            explode: true,
            allowReserved: false,
            allowEmptyValue: false,
            schema: str,
            pointer: '#',
          },
          {
            name: 'b',
            in: 'query',
            required: false,
            deprecated: false,
            style: 'form',
            explode: true,
            allowReserved: false,
            allowEmptyValue: false,
            schema: str,
            pointer: '#',
          },
        ],
        extensions: {
          rules: [
            {
              kind: 'mutuallyExclusive',
              parameters: [
                { in: 'query', name: text },
                { in: 'query', name: 'b' },
              ],
              description: text,
            },
            {
              kind: 'requiredWith',
              if: { in: 'query', name: text },
              then: [{ in: 'query', name: 'b' }],
            },
          ],
        },
        responses: [
          {
            status: text,
            description: text,
            content: [
              {
                mediaType: 'application/json',
                schema: s({ kind: 'ref', name: text }),
                pointer: '#',
                examples: [],
              },
            ],
            headers: [],
          },
        ],
      }),
    ),
  });
}

describe('zod emitter: spec strings never become code', () => {
  afterAll(removeScratchDirs);

  afterEach(() => {
    delete (globalThis as { __pwned?: number }).__pwned;
  });

  it('loads and validates without running any canary', async () => {
    const { componentSchemas, operationSchemas } = await importZod(hostileModel());
    expect((globalThis as { __pwned?: number }).__pwned).toBeUndefined();
    const text = HOSTILE[1]!;
    const subject = componentSchemas[text]!;
    expect(subject.safeParse({ [text]: text, p1: undefined })).toMatchObject({
      success: true,
      data: { p1: text },
    });
    expect(subject.safeParse({ [text]: 'x' }).success).toBe(false);
    expect(subject.safeParse({ extra: { [text]: text } }).success).toBe(true);
    // zod skips `__proto__` keys altogether (prototype pollution guard): the property is declared
    // without changing the schema's prototype, and parsing never pollutes one.
    const parsed = subject.safeParse(JSON.parse('{"__proto__": {"polluted": 1}}'));
    expect(Object.getPrototypeOf(parsed.data)).toBe(Object.prototype);
    expect(({} as { polluted?: number }).polluted).toBeUndefined();
    expect(Object.keys(operationSchemas).sort()).toEqual([...HOSTILE].sort());
    expect(
      operationSchemas[text]!.parameters!.safeParse({ query: { [text]: 'a', b: 'b' } }),
    ).toMatchObject({
      success: false,
      error: { issues: [expect.objectContaining({ path: ['query', 'b'] })] },
    });
    expect((globalThis as { __pwned?: number }).__pwned).toBeUndefined();
  });

  it('type-checks', async () => {
    const files = await zodEmitter.emit(hostileModel(), {
      apiName: 'x',
      packageName: 'x',
      runtimePackage: RUNTIME_PACKAGE,
      specLabel: 'x',
      specHash: '',
      modules: ModuleRegistry.of(emitters),
      release: { version: '1.0.0', changelog: '' },
    });
    const zodFile = files.find((file) => file.path === 'src/zod.ts')!;
    expect(typecheck([zodFile])).toEqual([]);
  });

  it('is deterministic', async () => {
    const context = {
      apiName: 'x',
      packageName: 'x',
      runtimePackage: RUNTIME_PACKAGE,
      specLabel: 'x',
      specHash: '',
      modules: ModuleRegistry.of(emitters),
      release: { version: '1.0.0', changelog: '' },
    };
    expect(await zodEmitter.emit(hostileModel(), context)).toEqual(
      await zodEmitter.emit(hostileModel(), context),
    );
  });
});
