/**
 * The client and definitions emitters under the config's `transformers`: results typed by the
 * zod codecs' output, arguments wire or decoded, definitions carrying the runtime's codecs;
 * without the option, nothing of it. (Compiled and run over HTTP: test/contract/transformers.test.ts.)
 */
import { describe, expect, test } from 'vitest';
import type { ApiModel } from '../../../src/model/types.js';
import type { EmitContext } from '../../../src/emit/emitter.js';
import { clientSource } from '../../../src/emit/client/index.js';
import { definitionsSource } from '../../../src/emit/definitions/index.js';
import { context, jsonResponse, model, operation, parameter, string } from './model.js';

const dateTime = { kind: 'string', format: 'date-time', nullable: false } as const;

const getEvent = operation({
  operationId: 'getEvent',
  method: 'get',
  path: '/events/{id}',
  parameters: [
    parameter({ name: 'id', in: 'path' }),
    parameter({ name: 'since', in: 'query', schema: dateTime }),
  ],
  responses: [jsonResponse('200', dateTime), jsonResponse('404', string)],
});
const upload = operation({
  operationId: 'upload',
  method: 'post',
  path: '/files',
  requestBody: {
    required: true,
    content: [
      {
        mediaType: 'multipart/form-data',
        schema: { kind: 'object', nullable: false, properties: [], additionalProperties: true },
        pointer: '#/paths/~1files/post/requestBody/content/multipart~1form-data/schema',
        examples: [],
      },
    ],
  },
  responses: [{ status: '204', description: 'Stored', content: [], headers: [] }],
});

const on: EmitContext = { ...context, transformers: { dates: true } } as EmitContext;

describe('client and definitions under transformers', () => {
  const cases: [
    string,
    {
      given: ApiModel;
      ctx: EmitContext;
      client: string[];
      clientLacks: string[];
      definitions: string[];
      definitionsLack: string[];
    },
  ][] = [
    [
      'off: types.ts types and plain definitions',
      {
        given: model({ operations: [getEvent] }),
        ctx: context as EmitContext,
        client: [
          'export type GetEventResult = operations["getEvent"]["responses"]["200"]["content"]["application/json"];',
        ],
        clientLacks: ['z.output', 'operationSchemas', "from 'zod'"],
        definitions: ['withValidators(getEventRoute'],
        definitionsLack: ['codecs'],
      },
    ],
    [
      'on: results decoded, arguments wire or decoded, codecs in the definitions',
      {
        given: model({ operations: [getEvent] }),
        ctx: on,
        client: [
          'import type * as z from "zod";',
          'import type { operationSchemas } from "./zod.js";',
          'export type GetEventResult = z.output<(typeof operationSchemas)["getEvent"]["responses"]["200"]>;',
          'query?: z.output<(typeof operationSchemas)["getEvent"]["query"]>;',
          'query?: NonNullable<operations["getEvent"]["parameters"]["query"]>;',
        ],
        clientLacks: [],
        definitions: [
          'import { operationCodecs } from "@zapgen/runtime/codecs";',
          'codecs: operationCodecs',
        ],
        definitionsLack: [],
      },
    ],
    [
      'on: an operation without a date or int64 is as without the option',
      {
        given: model({ operations: [upload] }),
        ctx: on,
        client: ['export type UploadResult = undefined;', 'export type UploadArgs = {'],
        clientLacks: ['z.output'],
        definitions: [],
        definitionsLack: ['codecs'],
      },
    ],
  ];
  test.each(cases)(
    '%s',
    (_name, { given, ctx, client, clientLacks, definitions, definitionsLack }) => {
      const flat = (text: string) => text.replace(/\s+/g, ' ');
      const clientText = flat(clientSource(given, ctx));
      const definitionsText = flat(definitionsSource(given, ctx));
      for (const fragment of client) expect(clientText).toContain(flat(fragment));
      for (const fragment of clientLacks) expect(clientText).not.toContain(fragment);
      for (const fragment of definitions) expect(definitionsText).toContain(flat(fragment));
      for (const fragment of definitionsLack) expect(definitionsText).not.toContain(fragment);
    },
  );
});
