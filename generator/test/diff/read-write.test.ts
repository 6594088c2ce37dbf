/**
 * `zapgen diff` and the release under `readWrite`: with `'split'`, a readOnly property counts in
 * responses only and a writeOnly one in requests only (`presenceIn`, the rule every emitter
 * follows); with the default `'shared'`, both count everywhere, as the shared types have them.
 */
import { describe, expect, test } from 'vitest';
import { diffModels } from '../../src/diff/index.js';
import { buildModel } from '../../src/model/index.js';
import type { ReadWriteMode } from '../../src/model/read-write.js';

type Json = Record<string, any>;

/** A user sent and answered by one operation: readOnly id, writeOnly password. */
function users(): Json {
  const user = { $ref: '#/components/schemas/User' };
  return {
    openapi: '3.1.0',
    info: { title: 'Users', version: '1' },
    paths: {
      '/users': {
        post: {
          operationId: 'createUser',
          requestBody: { content: { 'application/json': { schema: user } } },
          responses: {
            '201': { description: 'ok', content: { 'application/json': { schema: user } } },
          },
        },
      },
    },
    components: {
      schemas: {
        User: {
          type: 'object',
          required: ['name'],
          properties: {
            id: { type: 'integer', readOnly: true },
            name: { type: 'string' },
            password: { type: 'string', writeOnly: true },
          },
        },
      },
    },
  };
}

/** `rule` of each change, sorted. */
function rules(edit: (doc: Json) => void, readWrite: ReadWriteMode): string[] {
  const revision = users();
  edit(revision);
  return diffModels({ base: buildModel(users()), revision: buildModel(revision), readWrite })
    .map((change) => change.rule)
    .sort();
}

const props = (doc: Json) => doc.components.schemas.User.properties as Json;

describe('which direction a readOnly or writeOnly change breaks', () => {
  const cases: [string, { edit: (doc: Json) => void; shared: string[]; split: string[] }][] = [
    [
      'a readOnly property changes type: only responses break under split',
      {
        edit: (doc) => (props(doc).id.type = 'string'),
        shared: ['request-type-changed', 'response-type-changed'],
        split: ['response-type-changed'],
      },
    ],
    [
      'a writeOnly property changes type: only requests break under split',
      {
        edit: (doc) => (props(doc).password.type = 'integer'),
        shared: ['request-type-changed', 'response-type-changed'],
        split: ['request-type-changed'],
      },
    ],
    [
      'a readOnly property removed: only responses lose it under split',
      {
        edit: (doc) => delete props(doc).id,
        shared: ['request-property-removed', 'response-property-removed'],
        split: ['response-property-removed'],
      },
    ],
    [
      'a required readOnly property added: no request needs it under split',
      {
        edit: (doc) => {
          props(doc).created = { type: 'string', readOnly: true };
          doc.components.schemas.User.required.push('created');
        },
        shared: ['request-required-property-added', 'response-required-property-added'],
        split: ['response-required-property-added'],
      },
    ],
    [
      'a property becomes readOnly: under split, requests can no longer send it',
      {
        edit: (doc) => (props(doc).name.readOnly = true),
        shared: ['documentation-changed'],
        split: ['documentation-changed', 'request-property-removed'],
      },
    ],
  ];
  test.each(cases)('%s', (_name, { edit, shared, split }) => {
    expect(rules(edit, 'shared')).toEqual(shared);
    expect(rules(edit, 'split')).toEqual(split);
  });
});
