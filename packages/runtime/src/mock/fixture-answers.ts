/**
 * The answers of an operation the mock does not simulate or a handler answered: its fixture (the
 * lowest documented 2xx), a file, or the items of a streamed response.
 */
import type { OperationDefinition } from '../definition.js';
import { responseFor } from '../responses.js';
import { streamKindOf } from '../streaming/kinds.js';
import { isBinaryBody } from './form-bodies.js';
import type { OperationFixtures } from './options.js';
import { clone } from './state.js';
import { streamedAnswer, type StreamedAnswer } from './streams.js';

/** The status and body of the fixture answer: the lowest documented 2xx, else `default`. */
export function fixtureAnswer(
  operation: OperationDefinition,
  fixtures: OperationFixtures | undefined,
): { status: number; body: unknown } {
  const statuses = operation.responses.map((response) => response.status);
  const success =
    statuses.filter((status) => /^2(\d\d|XX)$/i.test(status)).sort()[0] ??
    (statuses.includes('default') ? 'default' : undefined);
  if (!success) return { status: 204, body: undefined };
  const status = success === 'default' ? 200 : Number(success.replace(/X/gi, '0'));
  const response = operation.responses.find((candidate) => candidate.status === success);
  if (!response?.mediaTypes.length)
    return { status: status === 200 ? 204 : status, body: undefined };
  return { status, body: clone(fixtures?.responses[success] ?? null) };
}

/** The file media type of the response answering `status`, when it answers with a file only. */
export function fileType(operation: OperationDefinition, status: number): string | undefined {
  const types = responseFor(operation, status)?.mediaTypes ?? [];
  return types.length > 0 && types.every((type) => isBinaryBody(type.toLowerCase()))
    ? types[0]
    : undefined;
}

/** A handler's body that is bytes (a `Blob`, a buffer), sent as the response's file type. */
export function rawAnswerOf(
  operation: OperationDefinition,
  status: number,
  body: unknown,
): { contentType: string; data: Blob } | undefined {
  const bytes =
    body instanceof Blob
      ? body
      : body instanceof ArrayBuffer || ArrayBuffer.isView(body)
        ? new Blob([body as ArrayBufferView<ArrayBuffer>])
        : undefined;
  if (bytes === undefined) return undefined;
  const declared = responseFor(operation, status)?.mediaTypes.find((type) =>
    isBinaryBody(type.toLowerCase()),
  );
  return {
    contentType: (bytes.type || declared) ?? 'application/octet-stream',
    data: bytes,
  };
}

/** The fixture item of the streamed response answering `status`, when it is one. */
export function fixtureItem(
  operation: OperationDefinition,
  status: number,
  fixtures: OperationFixtures | undefined,
): { value: unknown } | undefined {
  const response = responseFor(operation, status);
  if (response?.stream === undefined || fixtures?.items === undefined) return undefined;
  return Object.hasOwn(fixtures.items, response.status)
    ? { value: fixtures.items[response.status] }
    : undefined;
}

/** Items streamed in the streamed media type of the response answering `status`, if it has one. */
export function streamedAnswerOf(options: {
  operation: OperationDefinition;
  status: number;
  items: readonly unknown[];
  lastEventId: string | null;
  intervalMs: number;
}): StreamedAnswer | undefined {
  const response = responseFor(options.operation, options.status);
  const mediaType = response?.mediaTypes.find((type) => streamKindOf(type) !== undefined);
  if (response === undefined || mediaType === undefined) return undefined;
  return streamedAnswer({ ...options, mediaType, stream: response.stream });
}
