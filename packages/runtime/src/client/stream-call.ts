/**
 * A streamed call's `ResponseStream`: its items checked as the call's body would be, and its
 * reconnection sent again through the same pipeline. Loaded with the first streamed response
 * (`send.ts` decides, at once, whether a response is one), so that a bundle whose operations
 * stream nothing leaves it, the stream reader and the SSE parser out. The pipeline's steps are
 * handed in: this module adds no second pipeline.
 */
import type { OperationDefinition, ResponseDefinition } from '../definition.js';
import { StreamError } from '../errors.js';
import { sleep as waitFor } from '../retry.js';
import type { StreamKind } from '../streaming/kinds.js';
import { streamKindOf } from '../streaming/kinds.js';
import { ResponseStream } from '../streaming/response-stream.js';
import { readBody } from './body.js';
import type { Call, CallContext } from './call.js';
import { requestIdOf } from './errors-from-response.js';
import { mergeHeaders } from './headers.js';
import type { Transmitted } from './transport.js';

/** The pipeline steps a stream needs again after its first response (`send.ts`'s own). */
export interface StreamPipeline {
  exchange(context: CallContext, call: Call): Promise<Transmitted>;
  withinAttempt<T>(exchanged: Transmitted, call: Call, reading: T | Promise<T>): Promise<T>;
  apiErrorOf(
    context: CallContext,
    operation: OperationDefinition,
    exchanged: Transmitted,
    body: unknown,
  ): Error;
  /** Checks one item as the call's response body would be (validation mode, warnings). */
  checkItem(item: unknown, from: Response, secrets: readonly string[]): void;
}

/**
 * The call's stream. Items are checked as they are read, at once: a validating client words their
 * failures with zod's English messages, loaded first (a failed load leaves zod/mini's own words).
 */
export async function openStream(options: {
  context: CallContext;
  call: Call;
  exchanged: Transmitted;
  kind: StreamKind;
  declared: ResponseDefinition;
  pipeline: StreamPipeline;
}): Promise<ResponseStream<unknown>> {
  const { context, call, exchanged, kind, declared, pipeline } = options;
  await context.validation?.wordsReady()?.catch(() => undefined);
  const { response } = exchanged;
  const { operation, callOptions } = call;
  const { secrets } = exchanged.credentials;
  return new ResponseStream({
    operationId: operation.operationId,
    kind,
    response,
    requestId: requestIdOf(response.headers, context.api.requestIdHeader),
    definition: declared.stream,
    signal: callOptions.signal,
    options: callOptions.stream,
    check: (item, from) => {
      pipeline.checkItem(item, from, secrets);
      // Validated as the wire value, then handed out as the user's (`Date`, `bigint`); the
      // drop-in keeps openapi-fetch's wire types throughout.
      const { codecs } = operation;
      return codecs && call.dropIn === undefined
        ? codecs.decodeItem(operation, from.status, item)
        : item;
    },
    // The same call again, through the same pipeline (credentials, middleware, retries).
    reopen: async (lastEventId) => {
      const resume: Record<string, string> =
        lastEventId === undefined ? {} : { 'last-event-id': lastEventId };
      const { dropIn } = call;
      // The drop-in client's headers travel as openapi-fetch's (`wire.headers`).
      const again = await pipeline.exchange(
        context,
        dropIn === undefined
          ? {
              ...call,
              callOptions: { ...callOptions, headers: { ...callOptions.headers, ...resume } },
            }
          : {
              ...call,
              dropIn: {
                ...dropIn,
                wire: { ...dropIn.wire, headers: mergeHeaders(dropIn.wire.headers, resume) },
              },
            },
      );
      const answer = again.response;
      if (answer.status === 204) {
        again.attempt.dispose();
        await answer.body?.cancel();
        return undefined;
      }
      if (!answer.ok) {
        const body = await pipeline.withinAttempt(again, call, readBody(answer, again.method));
        throw pipeline.apiErrorOf(context, operation, again, body);
      }
      again.attempt.dispose();
      if (streamKindOf(answer.headers.get('content-type')) !== kind) {
        await answer.body?.cancel();
        throw new StreamError({
          operationId: operation.operationId,
          reason: 'not-a-stream',
          detail: `the reconnection was answered with ${answer.headers.get('content-type') ?? 'no content type'}`,
          requestId: requestIdOf(answer.headers, context.api.requestIdHeader),
          lastEventId,
        });
      }
      return answer;
    },
    sleep: context.client.retry?.sleep ?? waitFor,
  });
}
