/**
 * Every third-party spec of `test/corpus/` builds, and the model accounts for every
 * operation and component schema of the document, with refs and pointers that resolve.
 */
import SwaggerParser from '@apidevtools/swagger-parser';
import { describe, expect, it } from 'vitest';
import { buildModel, PointerResolver } from '../../src/model/index.js';
import type { ApiModel } from '../../src/model/index.js';
import { corpusSpec, corpusSpecs } from '../../../test/support/corpus.js';

const specs = corpusSpecs();
const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

type Json = Record<string, any>;

/** Operations counted straight from the document, following path-item refs. */
function countOperations(document: Json): number {
  const resolver = new PointerResolver(document);
  let count = 0;
  for (const [path, item] of Object.entries<Json>(document.paths ?? {})) {
    const resolved = resolver.follow({
      node: item,
      pointer: `#/paths/${path.replace(/~/g, '~0').replace(/\//g, '~1')}`,
    })?.node as Json | undefined;
    count += METHODS.filter((method) => resolved?.[method]).length;
  }
  return count;
}

/** Names of every `ref` node anywhere in the model's schemas. */
function referencedNames(model: ApiModel): Set<string> {
  const names = new Set<string>();
  const seen = new Set<object>();
  const visit = (value: unknown): void => {
    if (typeof value !== 'object' || value === null || seen.has(value)) return;
    seen.add(value);
    if (!Array.isArray(value) && (value as Json).kind === 'ref') names.add((value as Json).name);
    for (const child of Object.values(value)) visit(child);
  };
  visit(model.schemas);
  visit(model.operations);
  return names;
}

/** Pointers the model hands to emitters, for schemas that the document states. */
function statedPointers(model: ApiModel): string[] {
  const pointers = model.schemas.map((schema) => schema.pointer);
  for (const operation of model.operations) {
    pointers.push(...operation.parameters.map((parameter) => parameter.pointer));
    const media = [
      ...(operation.requestBody?.content ?? []),
      ...operation.responses.flatMap((response) => response.content),
    ];
    pointers.push(
      ...media.filter((entry) => entry.schema.kind !== 'unknown').map((entry) => entry.pointer),
    );
  }
  return pointers;
}

describe('corpus', () => {
  it.each(specs)('%s', async (file) => {
    const document = (await SwaggerParser.bundle(corpusSpec(file))) as Json;
    const model = buildModel(document);

    expect(model.operations).toHaveLength(countOperations(document));
    expect(model.schemas.map((schema) => schema.name).sort()).toEqual(
      Object.keys(document.components?.schemas ?? {}).sort(),
    );
    expect(new Set(model.operations.map((operation) => operation.operationId)).size).toBe(
      model.operations.length,
    );

    const names = new Set(model.schemas.map((schema) => schema.name));
    expect([...referencedNames(model)].filter((name) => !names.has(name))).toEqual([]);

    const resolver = new PointerResolver(document);
    expect(
      statedPointers(model).filter((pointer) => resolver.resolve(pointer)?.node === undefined),
    ).toEqual([]);
  });
});
