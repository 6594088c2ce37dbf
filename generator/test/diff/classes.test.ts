/**
 * Every class of spec change, as a user makes it: edit the spec, generate, read the report, the
 * new version and the changelog. Each case edits the same base spec (support.ts), generated
 * once at 1.0.0.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { formatChange } from '../../src/diff/index.js';
import { edited, generateRelease, petsSpec, readPackage, writeSpec, type Doc } from './support.js';

const op = (doc: Doc, route: string, method: string) => doc.paths[route][method];
const schema = (doc: Doc, name: string) => doc.components.schemas[name];

interface Want {
  /** Each report line without its `file:line:col  ` prefix. */
  lines: string[];
  /** Text found on the line each report line points at, in the same order. */
  at: string[];
  version: string;
}

const BREAKING: [string, { edit: (doc: Doc) => void; want: Want }][] = [
  [
    'an operation removed',
    {
      edit: (doc) => delete doc.paths['/pets/{petId}'].delete,
      want: {
        lines: ['breaking  operation-removed  deletePet (DELETE /pets/{petId}) removed'],
        at: ['/pets/{petId}:'],
        version: '2.0.0',
      },
    },
  ],
  [
    'a parameter removed',
    {
      edit: (doc) => op(doc, '/pets', 'get').parameters.splice(2, 1),
      want: {
        lines: ['breaking  parameter-removed  listPets query parameter `status`: removed'],
        at: ['parameters:'],
        version: '2.0.0',
      },
    },
  ],
  [
    'a request property removed',
    {
      edit: (doc) => delete schema(doc, 'NewPet').properties.tag,
      want: {
        lines: [
          'breaking  request-property-removed  NewPet: property `tag` removed (used by createPet)',
        ],
        at: ['NewPet:'],
        version: '2.0.0',
      },
    },
  ],
  [
    'a response property removed',
    {
      edit: (doc) => delete schema(doc, 'Pet').properties.tag,
      want: {
        lines: [
          'breaking  response-property-removed  Pet: property `tag` removed (used by createPet, getPet, listPets)',
        ],
        at: ['Pet:'],
        version: '2.0.0',
      },
    },
  ],
  [
    'an enum value removed, in a schema both sent and read',
    {
      edit: (doc) => (schema(doc, 'Status').enum = ['available']),
      want: {
        lines: [
          'breaking  request-enum-value-removed  Status: 1 value removed: "sold" (used by listPets)',
          'non-breaking  response-enum-value-removed  Status: 1 value removed: "sold" (used by createPet, getPet, listPets)',
        ],
        at: ['enum:', 'enum:'],
        version: '2.0.0',
      },
    },
  ],
  [
    'a request media type removed',
    {
      edit: (doc) =>
        delete op(doc, '/pets', 'post').requestBody.content['application/x-www-form-urlencoded'],
      want: {
        lines: [
          'breaking  request-media-type-removed  createPet request body: media type application/x-www-form-urlencoded removed',
        ],
        at: ['content:'],
        version: '2.0.0',
      },
    },
  ],
  [
    'a response media type replaced',
    {
      edit: (doc) =>
        (op(doc, '/pets/{petId}', 'get').responses['200'].content = {
          'application/xml': { schema: { $ref: '#/components/schemas/Pet' } },
        }),
      want: {
        lines: [
          'breaking  response-media-type-removed  getPet response 200: media type application/json removed',
          'non-breaking  response-media-type-added  getPet response 200: media type application/xml added',
        ],
        at: ['content:', 'application/xml:'],
        version: '2.0.0',
      },
    },
  ],
  [
    'a parameter became required',
    {
      edit: (doc) => (op(doc, '/pets', 'get').parameters[0].required = true),
      want: {
        lines: [
          'breaking  parameter-became-required  listPets query parameter `limit`: became required',
        ],
        at: ['- name: limit'],
        version: '2.0.0',
      },
    },
  ],
  [
    'a required parameter added',
    {
      edit: (doc) =>
        op(doc, '/pets', 'get').parameters.push({
          name: 'owner',
          in: 'query',
          required: true,
          schema: { type: 'string' },
        }),
      want: {
        lines: [
          'breaking  required-parameter-added  listPets query parameter `owner`: required parameter added',
        ],
        at: ['- name: owner'],
        version: '2.0.0',
      },
    },
  ],
  [
    'a body property became required',
    {
      edit: (doc) => schema(doc, 'NewPet').required.push('tag'),
      want: {
        lines: [
          'breaking  request-property-became-required  NewPet: property `tag` became required (used by createPet)',
        ],
        at: ['tag:'],
        version: '2.0.0',
      },
    },
  ],
  [
    'a required body property added',
    {
      edit: (doc) => {
        schema(doc, 'NewPet').properties.age = { type: 'integer' };
        schema(doc, 'NewPet').required.push('age');
      },
      want: {
        lines: [
          'breaking  request-required-property-added  NewPet: required property `age` added (used by createPet)',
        ],
        at: ['age:'],
        version: '2.0.0',
      },
    },
  ],
  [
    'a required request body added',
    {
      edit: (doc) =>
        (op(doc, '/pets/{petId}', 'delete').requestBody = {
          required: true,
          content: { 'application/json': { schema: { type: 'object' } } },
        }),
      want: {
        lines: [
          'breaking  required-request-body-added  deletePet request body: required body added',
        ],
        at: ['requestBody:'],
        version: '2.0.0',
      },
    },
  ],
  [
    'a string narrowed to an enum',
    {
      edit: (doc) =>
        (schema(doc, 'NewPet').properties.tag = { type: 'string', enum: ['indoor', 'outdoor'] }),
      want: {
        lines: [
          'breaking  request-type-narrowed  NewPet.tag: string → enum ("indoor", "outdoor") (used by createPet)',
        ],
        at: ['tag:'],
        version: '2.0.0',
      },
    },
  ],
  [
    'a number range narrowed',
    {
      edit: (doc) => (op(doc, '/pets', 'get').parameters[0].schema.maximum = 50),
      want: {
        lines: [
          'breaking  request-constraint-narrowed  listPets query parameter `limit`: maximum 100 → maximum 50',
        ],
        at: ['maximum: 50'],
        version: '2.0.0',
      },
    },
  ],
  [
    'a maxLength lowered',
    {
      edit: (doc) => (schema(doc, 'NewPet').properties.name.maxLength = 20),
      want: {
        lines: [
          'breaking  request-constraint-narrowed  NewPet.name: maxLength 50 → 20 (used by createPet)',
        ],
        at: ['maxLength: 20'],
        version: '2.0.0',
      },
    },
  ],
  [
    'a checked format added to a request string',
    {
      edit: (doc) => (schema(doc, 'NewPet').properties.tag.format = 'email'),
      want: {
        lines: [
          'breaking  request-constraint-narrowed  NewPet.tag: format none → "email" (used by createPet)',
        ],
        at: ['format: email'],
        version: '2.0.0',
      },
    },
  ],
  [
    'a type changed',
    {
      edit: (doc) => (schema(doc, 'Pet').properties.id = { type: 'string' }),
      want: {
        lines: [
          'breaking  response-type-changed  Pet.id: integer → string (used by createPet, getPet, listPets)',
        ],
        at: ['id:'],
        version: '2.0.0',
      },
    },
  ],
  [
    'a response property made optional',
    {
      edit: (doc) => (schema(doc, 'Pet').required = ['id']),
      want: {
        lines: [
          'breaking  response-property-became-optional  Pet: property `name` became optional (used by createPet, getPet, listPets)',
        ],
        at: ['name:'],
        version: '2.0.0',
      },
    },
  ],
  [
    'a response property made nullable (3.1 type array)',
    {
      edit: (doc) => (schema(doc, 'Pet').properties.tag = { type: ['string', 'null'] }),
      want: {
        lines: [
          'breaking  response-became-nullable  Pet.tag: null is now allowed (used by createPet, getPet, listPets)',
        ],
        at: ['type:'],
        version: '2.0.0',
      },
    },
  ],
  [
    'an enum value added to what responses carry',
    {
      edit: (doc) => schema(doc, 'Status').enum.push('pending'),
      want: {
        lines: [
          'breaking  response-enum-value-added  Status: 1 value added: "pending" (used by createPet, getPet, listPets)',
          'non-breaking  request-enum-value-added  Status: 1 value added: "pending" (used by listPets)',
        ],
        at: ['enum:', 'enum:'],
        version: '2.0.0',
      },
    },
  ],
  [
    'a response maxLength raised',
    {
      edit: (doc) => (schema(doc, 'Pet').properties.name.maxLength = 100),
      want: {
        lines: [
          'breaking  response-constraint-widened  Pet.name: maxLength 50 → 100 (used by createPet, getPet, listPets)',
        ],
        at: ['maxLength: 100'],
        version: '2.0.0',
      },
    },
  ],
  [
    'security tightened: one alternative dropped',
    {
      edit: (doc) => (op(doc, '/pets/{petId}', 'get').security = [{ ApiKey: [] }]),
      want: {
        lines: [
          'breaking  security-tightened  getPet: security ApiKey or OAuth [read] → ApiKey (OAuth [read] no longer enough)',
        ],
        at: ['security:'],
        version: '2.0.0',
      },
    },
  ],
  [
    'security tightened: a scope added',
    {
      edit: (doc) => (op(doc, '/pets/{petId}', 'delete').security = [{ OAuth: ['write', 'read'] }]),
      want: {
        lines: [
          'breaking  security-tightened  deletePet: security OAuth [write] → OAuth [read, write] (OAuth [write] no longer enough)',
        ],
        at: ['security:'],
        version: '2.0.0',
      },
    },
  ],
  [
    'a path changed',
    {
      edit: (doc) => {
        doc.paths['/pet/{petId}'] = doc.paths['/pets/{petId}'];
        delete doc.paths['/pets/{petId}'];
      },
      want: {
        lines: [
          'breaking  operation-path-changed  getPet: path /pets/{petId} → /pet/{petId}',
          'breaking  operation-path-changed  deletePet: path /pets/{petId} → /pet/{petId}',
        ],
        at: ['get:', 'delete:'],
        version: '2.0.0',
      },
    },
  ],
  [
    'a method changed',
    {
      edit: (doc) => {
        const item = doc.paths['/pets/{petId}'];
        item.post = item.delete;
        delete item.delete;
      },
      want: {
        lines: ['breaking  operation-method-changed  deletePet: method DELETE → POST'],
        at: ['post:'],
        version: '2.0.0',
      },
    },
  ],
  [
    'an operationId changed (the client method is renamed)',
    {
      edit: (doc) => (op(doc, '/pets/{petId}', 'get').operationId = 'fetchPet'),
      want: {
        lines: ['breaking  operation-id-changed  fetchPet: operationId `getPet` → `fetchPet`'],
        at: ['get:'],
        version: '2.0.0',
      },
    },
  ],
  [
    'a default changed',
    {
      edit: (doc) => (op(doc, '/pets', 'get').parameters[0].schema.default = 10),
      want: {
        lines: [
          'breaking  request-default-changed  listPets query parameter `limit`: default 20 → 10',
        ],
        at: ['default: 10'],
        version: '2.0.0',
      },
    },
  ],
  [
    'a success response replaced by another',
    {
      edit: (doc) => {
        const responses = op(doc, '/pets', 'post').responses;
        responses['200'] = responses['201'];
        delete responses['201'];
      },
      want: {
        lines: [
          'breaking  success-response-removed  createPet response 201: removed',
          'non-breaking  response-added  createPet response 200: added',
        ],
        at: ['responses:', '"200":'],
        version: '2.0.0',
      },
    },
  ],
  [
    'a response header removed',
    {
      edit: (doc) => delete op(doc, '/pets', 'get').responses['200'].headers,
      want: {
        lines: [
          'breaking  response-header-removed  listPets response 200 header `x-next`: removed',
        ],
        at: ['"200":'],
        version: '2.0.0',
      },
    },
  ],
  [
    'a component schema removed',
    {
      edit: (doc) => {
        delete doc.components.schemas.Error;
        op(doc, '/pets', 'post').responses['400'].content['application/json'].schema = {
          type: 'object',
          properties: { message: { type: 'string' } },
        };
        op(doc, '/pets/{petId}', 'get').responses['404'].content['application/json'].schema = {
          type: 'object',
          properties: { message: { type: 'string' } },
        };
      },
      want: {
        lines: ['breaking  schema-removed  schema `Error` removed'],
        at: ['schemas:'],
        version: '2.0.0',
      },
    },
  ],
  [
    'an API key renamed (the createClient option changes)',
    {
      edit: (doc) => (doc.components.securitySchemes.ApiKey.name = 'X-Token'),
      want: {
        lines: [
          'breaking  security-scheme-changed  security scheme `ApiKey`: name `X-Api-Key` → `X-Token`',
        ],
        at: ['ApiKey:'],
        version: '2.0.0',
      },
    },
  ],
  [
    'x-zapgen-pagination removed (client.paginate.listPets is gone)',
    {
      edit: (doc) => delete op(doc, '/pets', 'get')['x-zapgen-pagination'],
      want: {
        lines: ['breaking  pagination-removed  listPets: x-zapgen-pagination removed'],
        at: ['get:'],
        version: '2.0.0',
      },
    },
  ],
  [
    'an x-zapgen-rules rule added',
    {
      edit: (doc) =>
        (op(doc, '/pets', 'get')['x-zapgen-rules'] = [
          {
            kind: 'requiredWith',
            if: { in: 'query', name: 'offset' },
            then: [{ in: 'query', name: 'limit' }],
          },
        ]),
      want: {
        lines: [
          'breaking  parameter-rule-added  listPets: 1 x-zapgen-rules rule added: offset needs limit',
        ],
        at: ['get:'],
        version: '2.0.0',
      },
    },
  ],
];

const NON_BREAKING: [string, { edit: (doc: Doc) => void; want: Want }][] = [
  [
    'an operation added',
    {
      edit: (doc) =>
        (doc.paths['/pets/{petId}'].put = {
          operationId: 'replacePet',
          requestBody: {
            required: true,
            content: { 'application/json': { schema: { $ref: '#/components/schemas/NewPet' } } },
          },
          responses: {
            '200': {
              description: 'Replaced',
              content: { 'application/json': { schema: { $ref: '#/components/schemas/Pet' } } },
            },
          },
        }),
      want: {
        lines: ['non-breaking  operation-added  replacePet (PUT /pets/{petId}) added'],
        at: ['put:'],
        version: '1.1.0',
      },
    },
  ],
  [
    'an optional parameter added',
    {
      edit: (doc) =>
        op(doc, '/pets', 'get').parameters.push({
          name: 'sort',
          in: 'query',
          schema: { type: 'string' },
        }),
      want: {
        lines: [
          'non-breaking  optional-parameter-added  listPets query parameter `sort`: optional parameter added',
        ],
        at: ['- name: sort'],
        version: '1.1.0',
      },
    },
  ],
  [
    'an optional request property added',
    {
      edit: (doc) => (schema(doc, 'NewPet').properties.age = { type: 'integer' }),
      want: {
        lines: [
          'non-breaking  request-optional-property-added  NewPet: optional property `age` added (used by createPet)',
        ],
        at: ['age:'],
        version: '1.1.0',
      },
    },
  ],
  [
    'a response property added',
    {
      edit: (doc) => (schema(doc, 'Pet').properties.age = { type: 'integer' }),
      want: {
        lines: [
          'non-breaking  response-optional-property-added  Pet: optional property `age` added (used by createPet, getPet, listPets)',
        ],
        at: ['age:'],
        version: '1.1.0',
      },
    },
  ],
  [
    'a response code added',
    {
      edit: (doc) => (op(doc, '/pets/{petId}', 'get').responses['410'] = { description: 'Gone' }),
      want: {
        lines: ['non-breaking  response-added  getPet response 410: added'],
        at: ['"410":'],
        version: '1.1.0',
      },
    },
  ],
  [
    'an enum value added to a request',
    {
      edit: (doc) => schema(doc, 'NewPet').properties.kind.enum.push('bird'),
      want: {
        lines: [
          'non-breaking  request-enum-value-added  NewPet.kind: 1 value added: "bird" (used by createPet)',
        ],
        at: ['enum:'],
        version: '1.1.0',
      },
    },
  ],
  [
    'a request media type added',
    {
      edit: (doc) =>
        (op(doc, '/pets', 'post').requestBody.content['multipart/form-data'] = {
          schema: { $ref: '#/components/schemas/NewPet' },
        }),
      want: {
        lines: [
          'non-breaking  request-media-type-added  createPet request body: media type multipart/form-data added',
        ],
        at: ['multipart/form-data:'],
        version: '1.1.0',
      },
    },
  ],
  [
    'a component schema added',
    {
      edit: (doc) => {
        doc.components.schemas.Owner = { type: 'object', properties: { name: { type: 'string' } } };
        schema(doc, 'Pet').properties.owner = { $ref: '#/components/schemas/Owner' };
      },
      want: {
        lines: [
          'non-breaking  response-optional-property-added  Pet: optional property `owner` added (used by createPet, getPet, listPets)',
          'non-breaking  schema-added  schema `Owner` added',
        ],
        at: ['owner:', 'Owner:'],
        version: '1.1.0',
      },
    },
  ],
  [
    'a request maxLength raised (widened)',
    {
      edit: (doc) => (schema(doc, 'NewPet').properties.name.maxLength = 100),
      want: {
        lines: [
          'non-breaking  request-constraint-widened  NewPet.name: maxLength 50 → 100 (used by createPet)',
        ],
        at: ['maxLength: 100'],
        version: '1.0.1',
      },
    },
  ],
  [
    'a request enum widened to a string',
    {
      edit: (doc) => (schema(doc, 'NewPet').properties.kind = { type: 'string' }),
      want: {
        lines: [
          'non-breaking  request-type-widened  NewPet.kind: enum ("cat", "dog") → string (used by createPet)',
        ],
        at: ['kind:'],
        version: '1.0.1',
      },
    },
  ],
  [
    'a request integer widened to a number',
    {
      edit: (doc) => (op(doc, '/pets', 'get').parameters[0].schema.type = 'number'),
      want: {
        lines: [
          'non-breaking  request-type-widened  listPets query parameter `limit`: integer → number',
        ],
        at: ['schema:'],
        version: '1.0.1',
      },
    },
  ],
  [
    'a parameter became optional',
    {
      edit: (doc) => (op(doc, '/pets/{petId}', 'get').parameters[0].required = false),
      want: {
        lines: [
          'non-breaking  parameter-became-optional  getPet header parameter `X-Request-Id`: became optional',
        ],
        at: ['- name: X-Request-Id'],
        version: '1.0.1',
      },
    },
  ],
  [
    'a request body became optional',
    {
      edit: (doc) => (op(doc, '/pets', 'post').requestBody.required = false),
      want: {
        lines: [
          'non-breaking  request-body-became-optional  createPet request body: became optional',
        ],
        at: ['requestBody:'],
        version: '1.0.1',
      },
    },
  ],
  [
    'a format nothing checks added (an annotation)',
    {
      edit: (doc) => (schema(doc, 'NewPet').properties.tag.format = 'slug'),
      want: {
        lines: [
          'non-breaking  documentation-changed  NewPet.tag: format none → slug (not checked)',
        ],
        at: ['format: slug'],
        version: '1.0.1',
      },
    },
  ],
  [
    'a response property became required',
    {
      edit: (doc) => schema(doc, 'Pet').required.push('tag'),
      want: {
        lines: [
          'non-breaking  response-property-became-required  Pet: property `tag` became required (used by createPet, getPet, listPets)',
        ],
        at: ['tag:'],
        version: '1.0.1',
      },
    },
  ],
  [
    'a request property became nullable',
    {
      edit: (doc) => (schema(doc, 'NewPet').properties.tag = { type: ['string', 'null'] }),
      want: {
        lines: [
          'non-breaking  request-became-nullable  NewPet.tag: null is now allowed (used by createPet)',
        ],
        at: ['type:'],
        version: '1.0.1',
      },
    },
  ],
  [
    'security loosened',
    {
      edit: (doc) =>
        (op(doc, '/pets/{petId}', 'delete').security = [{ OAuth: ['write'] }, { ApiKey: [] }]),
      want: {
        lines: [
          'non-breaking  security-loosened  deletePet: security OAuth [write] → ApiKey or OAuth [write]',
        ],
        at: ['security:'],
        version: '1.0.1',
      },
    },
  ],
  [
    'descriptions only',
    {
      edit: (doc) => {
        op(doc, '/pets', 'get').summary = 'List every pet';
        schema(doc, 'Pet').description = 'A pet';
      },
      want: {
        lines: [
          'non-breaking  documentation-changed  listPets: summary changed',
          'non-breaking  documentation-changed  Pet: description changed',
        ],
        at: ['get:', 'Pet:'],
        version: '1.0.1',
      },
    },
  ],
  [
    'an operation deprecated',
    {
      edit: (doc) => (op(doc, '/pets/{petId}', 'delete').deprecated = true),
      want: {
        lines: ['non-breaking  deprecated  deletePet: deprecated'],
        at: ['delete:'],
        version: '1.0.1',
      },
    },
  ],
  [
    'the server changed',
    {
      edit: (doc) => (doc.servers = [{ url: 'https://api.pets.example.com/v1' }]),
      want: {
        lines: [
          'non-breaking  server-changed  default server https://pets.example.com/v1 → https://api.pets.example.com/v1',
        ],
        at: ['servers:'],
        version: '1.0.1',
      },
    },
  ],
  [
    "the API's own version changed",
    {
      edit: (doc) => (doc.info.version = '1.1.0'),
      want: {
        lines: ['non-breaking  api-version-changed  info.version 1.0.0 → 1.1.0'],
        at: ['version: 1.1.0'],
        version: '1.0.1',
      },
    },
  ],
];

/**
 * Same meaning, other form: no change is reported, and the package makes a patch release (its
 * openapi.json differs). `base` edits the spec the package was generated from, `edit` the new one.
 */
const SAME_MEANING: [string, { base?: (doc: Doc) => void; edit: (doc: Doc) => void }][] = [
  [
    'a $ref replaced by a copy of its target',
    {
      edit: (doc) =>
        (op(doc, '/pets', 'get').responses['200'].content['application/json'].schema.items =
          structuredClone(petsSpec().components.schemas.Pet)),
    },
  ],
  [
    'an inline schema replaced by a $ref to an equal component',
    {
      base: (doc) =>
        (op(doc, '/pets', 'post').responses['400'].content['application/json'].schema = {
          type: 'object',
          properties: { message: { type: 'string' } },
        }),
      edit: () => undefined,
    },
  ],
  [
    'an object split into allOf members',
    {
      edit: (doc) =>
        (doc.components.schemas.Pet = {
          allOf: [
            { type: 'object', required: ['id'], properties: { id: { type: 'integer' } } },
            {
              type: 'object',
              required: ['name'],
              properties: {
                name: { type: 'string', maxLength: 50 },
                tag: { type: 'string' },
                status: { $ref: '#/components/schemas/Status' },
              },
            },
          ],
        }),
    },
  ],
  [
    'OpenAPI 3.0 nullable and boolean exclusiveMinimum rewritten in 3.1 form',
    {
      base: (doc) => {
        doc.openapi = '3.0.3';
        schema(doc, 'Pet').properties.tag = { type: 'string', nullable: true };
        op(doc, '/pets', 'get').parameters[1].schema = {
          type: 'integer',
          minimum: 0,
          exclusiveMinimum: true,
        };
      },
      edit: (doc) => {
        doc.openapi = '3.1.0';
        schema(doc, 'Pet').properties.tag = { type: ['string', 'null'] };
        op(doc, '/pets', 'get').parameters[1].schema = { type: 'integer', exclusiveMinimum: 0 };
      },
    },
  ],
  [
    'a nullable written as a oneOf with null',
    {
      base: (doc) => (schema(doc, 'Pet').properties.tag = { type: ['string', 'null'] }),
      edit: (doc) =>
        (schema(doc, 'Pet').properties.tag = { oneOf: [{ type: 'string' }, { type: 'null' }] }),
    },
  ],
  [
    'properties listed in another order',
    {
      edit: (doc) =>
        (schema(doc, 'NewPet').properties = Object.fromEntries(
          Object.entries(schema(doc, 'NewPet').properties).reverse(),
        )),
    },
  ],
];

let root: string;
let base: string;
beforeAll(async () => {
  root = mkdtempSync(path.join(tmpdir(), 'zapgen-classes-'));
  base = path.join(root, 'base');
  const summary = await generateRelease({
    spec: writeSpec({ dir: path.join(base, 'spec'), doc: petsSpec() }),
    out: path.join(base, 'pkg'),
  });
  expect(summary.release.version).toBe('1.0.0');
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

/**
 * Generates the package of the base spec (edited by `baseEdit`), then of the base spec edited by
 * `edit`; returns what the second run reported and wrote.
 */
async function release({
  name,
  edit,
  baseEdit,
}: {
  name: string;
  edit: (doc: Doc) => void;
  baseEdit?: (doc: Doc) => void;
}) {
  const dir = path.join(root, name.replace(/\W+/g, '-'));
  if (baseEdit) {
    await generateRelease({
      spec: writeSpec({ dir: path.join(dir, 'spec'), doc: edited(petsSpec(), baseEdit) }),
      out: path.join(dir, 'pkg'),
    });
  } else {
    cpSync(base, dir, { recursive: true });
  }
  const spec = writeSpec({ dir: path.join(dir, 'spec'), doc: edited(petsSpec(), edit) });
  const summary = await generateRelease({ spec, out: path.join(dir, 'pkg') });
  const source = readFileSync(spec, 'utf8').split('\n');
  return { summary, source, ...readPackage(path.join(dir, 'pkg')) };
}

describe.each([
  ['breaking', BREAKING],
  ['non-breaking', NON_BREAKING],
] as const)('a %s spec edit', (_kind, cases) => {
  test.each(cases)(
    '%s: the report, the version bump and the changelog entry',
    async (name, { edit, want }) => {
      const { summary, source, version, changelog } = await release({ name, edit });
      const lines = summary.release.changes.map((change) => formatChange(change));
      expect(lines.map((line) => line.replace(/^\S*\/openapi\.yaml:\d+:\d+ {2}/, ''))).toEqual(
        want.lines,
      );
      // Each line points at where the user wrote the change.
      const located = summary.release.changes.map(
        (change) => source[change.line - 1]?.trim() ?? '',
      );
      expect(located).toHaveLength(want.at.length);
      located.forEach((line, index) =>
        expect(
          line.startsWith(want.at[index]!),
          `line "${line}" should start with "${want.at[index]}"`,
        ).toBe(true),
      );

      expect(summary.release).toMatchObject({ previousVersion: '1.0.0', version: want.version });
      expect(version).toBe(want.version);
      const entry = changelog.slice(
        changelog.indexOf(`## ${want.version}`),
        changelog.indexOf('## 1.0.0'),
      );
      const section = want.version.endsWith('.0.0')
        ? '### Breaking changes'
        : want.version.endsWith('.0')
          ? '### Additions'
          : '### Other changes';
      expect(entry).toContain(section);
      for (const change of summary.release.changes) expect(entry).toContain(`(\`${change.rule}\`)`);
      // Breaking changes come first in the entry.
      const firstSection = /### (.+)/.exec(entry)?.[0];
      expect(firstSection).toBe(
        summary.release.changes.some((change) => change.severity === 'breaking')
          ? '### Breaking changes'
          : section,
      );
    },
  );
});

describe('a change of form only', () => {
  test.each(SAME_MEANING)(
    '%s: no change reported, a patch release',
    async (name, { base: baseEdit, edit }) => {
      const { summary, version, changelog } = await release({
        name,
        edit,
        ...(baseEdit && { baseEdit }),
      });
      expect(summary.release.changes.map((change) => change.rule)).toEqual(['document-changed']);
      expect(version).toBe('1.0.1');
      expect(changelog).toContain(
        'the spec was rewritten without changing a type or a behaviour of the package',
      );
    },
  );
});
