/**
 * Swagger 2.0 input, converted on the way in. The bundled 2.0 document (a multi-file 2.0 spec is
 * bundled first, as 2.0) is validated against the Swagger 2.0 schema (errors located in its
 * files), then converted to OpenAPI 3.0 by swagger2openapi, the converter orval and kubb (through
 * oas-normalize) use, and every later phase reads the 3.0 document. Positions still point into
 * the 2.0 files: a pointer of the 3.0 document (`/components/schemas/Pet`,
 * `/paths/~1pets/post/requestBody`) is translated into the 2.0 node it came from
 * (`/definitions/Pet`, the body parameter), which the bundle's source map locates.
 *
 * swagger2openapi is asynchronous and the loader is not (validation, generation and diff all
 * read specs synchronously): it runs in a worker thread that the loader waits for.
 */
import { createRequire } from 'node:module';
import { MessageChannel, receiveMessageOnPort, Worker } from 'node:worker_threads';
import { getAt, isObject } from '../json/pointer.js';

const require = createRequire(import.meta.url);

/** The converter's time limit: a 2.0 document of tens of megabytes converts in seconds. */
const TIMEOUT_MS = 120_000;

/** A Swagger 2.0 document (and not an OpenAPI one that also says `swagger`). */
export function isSwagger2(data: unknown): data is Record<string, unknown> {
  return isObject(data) && data.swagger === '2.0' && data.openapi === undefined;
}

/**
 * The bundled Swagger 2.0 `document` converted to OpenAPI 3.0, with the translation of the
 * converted document's pointers into the 2.0 document's; or why it cannot be converted.
 */
export function convertSwagger2(
  document: Record<string, unknown>,
):
  | { document: Record<string, unknown>; translate: (segments: readonly string[]) => string[] }
  | { error: string } {
  const result = convertSync(document);
  if ('error' in result) return result;
  const converted = result.openapi;
  return {
    document: converted,
    translate: (segments) => originalSegments({ segments, original: document, converted }),
  };
}

/** Where the node at `segments` of the converted document came from in the 2.0 document. */
export function originalSegments({
  segments,
  original,
  converted,
}: {
  segments: readonly string[];
  original: Record<string, unknown>;
  converted: Record<string, unknown>;
}): string[] {
  const [first, second, third, ...rest] = segments;
  if (first === 'components' && second !== undefined) {
    const kind = COMPONENT_KINDS[second];
    if (kind === undefined || third === undefined) return kind ? [kind] : [];
    if (second === 'responses') return [kind, third, ...response(rest)];
    if (second === 'schemas' || second === 'securitySchemes') return [kind, third, ...rest];
    return [kind, third, ...parameter(rest)];
  }
  if (first === 'servers')
    return isObject(original) && 'host' in original ? ['host'] : ['basePath'];
  if (first === 'paths' && second !== undefined && third !== undefined) {
    const [key, index, ...after] = rest;
    if (third === 'parameters' && key !== undefined)
      return [
        'paths',
        second,
        'parameters',
        ...parameterAt({
          original: ['paths', second],
          index: key,
          after: [index, ...after].filter((s): s is string => s !== undefined),
        }),
      ];
    if (key === 'requestBody')
      return [
        'paths',
        second,
        third,
        'parameters',
        ...bodyParameter({
          original,
          at: ['paths', second, third],
          after: [index, ...after].filter((s): s is string => s !== undefined),
        }),
      ];
    if (key === 'parameters' && index !== undefined)
      return [
        'paths',
        second,
        third,
        'parameters',
        ...parameterAt({ original: ['paths', second, third], index, after }),
      ];
    if (key === 'responses' && index !== undefined)
      return ['paths', second, third, 'responses', index, ...response(after)];
    return segments.slice();
  }
  return segments.slice();

  /** The i-th parameter of the converted list is the i-th 2.0 parameter that is neither `body` nor `formData`. */
  function parameterAt({
    original: at,
    index,
    after,
  }: {
    original: string[];
    index: string;
    after: string[];
  }): string[] {
    const list = getAt(original, [...at, 'parameters']);
    const convertedList = getAt(converted, [...at, 'parameters']);
    if (!Array.isArray(list) || !Array.isArray(convertedList)) return [index, ...parameter(after)];
    const wanted = convertedList[Number(index)] as Record<string, unknown> | undefined;
    const found = list.findIndex((candidate) => {
      const resolved = resolveParameter(candidate);
      return wanted !== undefined && resolved?.name === wanted.name && resolved?.in === wanted.in;
    });
    return [String(found < 0 ? index : found), ...parameter(after)];
  }

  function bodyParameter({
    at,
    after,
  }: {
    original: unknown;
    at: string[];
    after: string[];
  }): string[] {
    const list = getAt(original, [...at, 'parameters']);
    if (!Array.isArray(list)) return [];
    const found = list.findIndex((candidate) => {
      const where = resolveParameter(candidate)?.in;
      return where === 'body' || where === 'formData';
    });
    if (found < 0) return [];
    // requestBody/content/<type>/schema/... → the body parameter's schema/...
    const [content, , schema, ...inside] = after;
    return content === 'content' && schema === 'schema'
      ? [String(found), 'schema', ...inside]
      : [String(found)];
  }

  function resolveParameter(candidate: unknown): Record<string, unknown> | undefined {
    if (!isObject(candidate)) return undefined;
    if (typeof candidate.$ref === 'string' && candidate.$ref.startsWith('#/parameters/')) {
      const target = getAt(original, ['parameters', candidate.$ref.slice('#/parameters/'.length)]);
      return isObject(target) ? target : undefined;
    }
    return candidate;
  }
}

/** 3.0's `components` maps and the 2.0 maps they come from. */
const COMPONENT_KINDS: Record<string, string | undefined> = {
  schemas: 'definitions',
  parameters: 'parameters',
  requestBodies: 'parameters',
  responses: 'responses',
  securitySchemes: 'securityDefinitions',
};

/** Inside a parameter: 3.0's `schema` holds what 2.0 writes on the parameter itself. */
function parameter(after: readonly string[]): string[] {
  const [first, ...rest] = after;
  if (first === 'schema') return rest;
  if (first === 'content') return rest.slice(2);
  return after.slice();
}

/** Inside a response: `content/<type>/schema/...` → `schema/...`; a header's `schema/...` → the header. */
function response(after: readonly string[]): string[] {
  const [first, , third, ...rest] = after;
  if (first === 'content') return third === 'schema' ? ['schema', ...rest] : ['examples'];
  if (first === 'headers' && after[1] !== undefined)
    return ['headers', after[1], ...(after[2] === 'schema' ? after.slice(3) : after.slice(2))];
  return after.slice();
}

/** swagger2openapi in a worker thread, waited for: the converted document, or why not. */
function convertSync(
  document: Record<string, unknown>,
): { openapi: Record<string, unknown> } | { error: string } {
  const shared = new SharedArrayBuffer(4);
  const state = new Int32Array(shared);
  const { port1, port2 } = new MessageChannel();
  const worker = new Worker(WORKER_SOURCE, {
    eval: true,
    workerData: { module: require.resolve('swagger2openapi'), document, shared, port: port2 },
    transferList: [port2],
    stdout: true,
    stderr: true,
  });
  worker.unref();
  try {
    if (Atomics.wait(state, 0, 0, TIMEOUT_MS) === 'timed-out')
      return { error: `the conversion took more than ${TIMEOUT_MS / 1000} s` };
    const message = receiveMessageOnPort(port1)?.message as
      { openapi: Record<string, unknown> } | { error: string } | undefined;
    return message ?? { error: 'the converter stopped without an answer' };
  } finally {
    port1.close();
    void worker.terminate();
  }
}

/** The worker: CommonJS, given the converter's resolved path. Its console output is dropped. */
const WORKER_SOURCE = `
const { workerData } = require('node:worker_threads');
const state = new Int32Array(workerData.shared);
const done = (message) => {
  workerData.port.postMessage(message);
  Atomics.store(state, 0, 1);
  Atomics.notify(state, 0);
};
try {
  const { convertObj } = require(workerData.module);
  convertObj(workerData.document, { patch: true, warnOnly: true, direct: true, resolve: false })
    .then(
      (openapi) => done({ openapi }),
      (error) => done({ error: String((error && error.message) || error) }),
    );
} catch (error) {
  done({ error: String((error && error.message) || error) });
}
`;
