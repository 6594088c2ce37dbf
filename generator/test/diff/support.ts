/**
 * A small pets API written as a user would (split nowhere, one YAML file), and helpers to edit a
 * copy of it and generate the package parts that carry the release (openapi.json, package.json,
 * CHANGELOG.md) without the slower emitters.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { stringify } from 'yaml';
import { bundleEmitter } from '../../src/emit/bundle/index.js';
import { packageEmitter } from '../../src/emit/package/index.js';
import { generate, type GenerateOptions, type GenerateSummary } from '../../src/pipeline.js';

export type Doc = Record<string, any>;

/** The base version of the spec: every class of change edits a copy of it. */
export function petsSpec(): Doc {
  return {
    openapi: '3.1.0',
    info: { title: 'Pets', version: '1.0.0' },
    servers: [{ url: 'https://pets.example.com/v1' }],
    security: [{ ApiKey: [] }],
    paths: {
      '/pets': {
        get: {
          operationId: 'listPets',
          summary: 'List pets',
          parameters: [
            {
              name: 'limit',
              in: 'query',
              schema: { type: 'integer', minimum: 1, maximum: 100, default: 20 },
            },
            { name: 'offset', in: 'query', schema: { type: 'integer', minimum: 0 } },
            { name: 'status', in: 'query', schema: { $ref: '#/components/schemas/Status' } },
          ],
          'x-zapgen-pagination': {
            kind: 'offset',
            offsetParameter: 'offset',
            limitParameter: 'limit',
            itemsField: '',
          },
          responses: {
            '200': {
              description: 'The pets',
              headers: {
                'x-next': {
                  description: 'The next page',
                  required: true,
                  schema: { type: 'string' },
                },
              },
              content: {
                'application/json': {
                  schema: { type: 'array', items: { $ref: '#/components/schemas/Pet' } },
                },
              },
            },
          },
        },
        post: {
          operationId: 'createPet',
          requestBody: {
            required: true,
            content: {
              'application/json': { schema: { $ref: '#/components/schemas/NewPet' } },
              'application/x-www-form-urlencoded': {
                schema: { $ref: '#/components/schemas/NewPet' },
              },
            },
          },
          responses: {
            '201': {
              description: 'Created',
              content: { 'application/json': { schema: { $ref: '#/components/schemas/Pet' } } },
            },
            '400': {
              description: 'Bad request',
              content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
            },
          },
        },
      },
      '/pets/{petId}': {
        parameters: [{ name: 'petId', in: 'path', required: true, schema: { type: 'string' } }],
        get: {
          operationId: 'getPet',
          security: [{ ApiKey: [] }, { OAuth: ['read'] }],
          parameters: [
            { name: 'X-Request-Id', in: 'header', required: true, schema: { type: 'string' } },
          ],
          responses: {
            '200': {
              description: 'The pet',
              content: { 'application/json': { schema: { $ref: '#/components/schemas/Pet' } } },
            },
            '404': {
              description: 'Not found',
              content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
            },
          },
        },
        delete: {
          operationId: 'deletePet',
          security: [{ OAuth: ['write'] }],
          responses: { '204': { description: 'Deleted' } },
        },
      },
    },
    components: {
      securitySchemes: {
        ApiKey: { type: 'apiKey', in: 'header', name: 'X-Api-Key' },
        OAuth: {
          type: 'oauth2',
          flows: {
            clientCredentials: {
              tokenUrl: 'https://pets.example.com/token',
              scopes: { read: 'Read pets', write: 'Change pets' },
            },
          },
        },
      },
      schemas: {
        Status: { type: 'string', enum: ['available', 'sold'] },
        Pet: {
          type: 'object',
          required: ['id', 'name'],
          properties: {
            id: { type: 'integer' },
            name: { type: 'string', maxLength: 50 },
            tag: { type: 'string' },
            status: { $ref: '#/components/schemas/Status' },
          },
        },
        NewPet: {
          type: 'object',
          required: ['name'],
          properties: {
            name: { type: 'string', maxLength: 50 },
            tag: { type: 'string' },
            kind: { type: 'string', enum: ['cat', 'dog'] },
          },
        },
        Error: { type: 'object', properties: { message: { type: 'string' } } },
      },
    },
  };
}

/** A deep copy of `doc` edited by `edit`. */
export function edited(doc: Doc, edit: (doc: Doc) => void): Doc {
  const copy = structuredClone(doc);
  edit(copy);
  return copy;
}

export function writeSpec({ dir, doc }: { dir: string; doc: Doc }): string {
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, 'openapi.yaml');
  writeFileSync(file, stringify(doc, { lineWidth: 0 }));
  return file;
}

/** The options of every generation here: the package parts that carry the release, fast. */
export const RELEASE_OPTIONS = {
  packageName: '@acme/pets',
  apiName: 'pets',
  specLabel: 'spec/pets',
  emitters: [bundleEmitter, packageEmitter],
};

/** Generates openapi.json, package.json and CHANGELOG.md (and the other package files) of `spec` into `out`. */
export function generateRelease({
  spec,
  out,
  options = {},
}: {
  spec: string;
  out: string;
  /** More options of the run (a config's names, namespaces, readWrite). */
  options?: Partial<GenerateOptions>;
}): Promise<GenerateSummary> {
  return generate({ spec, out, ...RELEASE_OPTIONS, ...options });
}

export function readPackage(out: string): { version: string; changelog: string } {
  return {
    version: (
      JSON.parse(readFileSync(path.join(out, 'package.json'), 'utf8')) as { version: string }
    ).version,
    changelog: readFileSync(path.join(out, 'CHANGELOG.md'), 'utf8'),
  };
}
