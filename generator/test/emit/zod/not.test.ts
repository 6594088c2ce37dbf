/**
 * JSON Schema's `not` as the generated zod reads it, from the smallest specs: the model narrows
 * `not: {enum|const}` (see `model/not.ts`), so zod rejects the listed values and a `oneOf` of a
 * narrowed variant and a variant for the excluded value accepts that value once (Rebilly's
 * `{method: "cash"}`, rejected by `z.xor` while the `not` was dropped).
 */
import { afterAll, describe, expect, it } from 'vitest';
import { buildModel } from '../../../src/model/index.js';
import { document } from '../../model/support.js';
import { importZod, removeScratchDirs } from './support.js';

const methods = { type: 'string', enum: ['cash', 'check', 'paypal'] };
const byMethod = (method: unknown) => ({
  type: 'object',
  required: ['method'],
  properties: { method },
});

type Case = [string, { schemas: Record<string, unknown>; accepts: unknown[]; rejects: unknown[] }];

describe('zod: not', () => {
  afterAll(removeScratchDirs);

  const cases: Case[] = [
    [
      'oneOf [Cash, Other], Other the enum without cash (Rebilly)',
      {
        schemas: {
          Methods: methods,
          Cash: byMethod({ const: 'cash' }),
          Other: byMethod({
            allOf: [{ $ref: '#/components/schemas/Methods' }, { not: { enum: ['cash'] } }],
          }),
          Subject: {
            oneOf: [{ $ref: '#/components/schemas/Cash' }, { $ref: '#/components/schemas/Other' }],
          },
        },
        accepts: [{ method: 'cash' }, { method: 'check' }],
        rejects: [{ method: 'card' }, {}],
      },
    ],
    [
      'an open string without the listed values',
      {
        schemas: { Subject: { type: 'string', not: { enum: ['none', 'null'] } } },
        accepts: ['some', ''],
        rejects: ['none', 'null', 1],
      },
    ],
    [
      'an open number without the listed value, through allOf',
      {
        schemas: { Subject: { type: 'number', allOf: [{ not: { const: 0 } }] } },
        accepts: [1, -0.5],
        rejects: [0, '1'],
      },
    ],
  ];

  it.each(cases)('%s', async (_name, { schemas, accepts, rejects }) => {
    const { componentSchemas } = await importZod(buildModel(document({ components: { schemas } })));
    const subject = componentSchemas.Subject!;
    for (const value of accepts)
      expect(subject.safeParse(value), JSON.stringify(value)).toMatchObject({ success: true });
    for (const value of rejects)
      expect(subject.safeParse(value), JSON.stringify(value)).toMatchObject({ success: false });
  });
});
