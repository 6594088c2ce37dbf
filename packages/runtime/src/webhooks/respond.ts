/**
 * A webhook endpoint in one line, for a fetch-style server (`(request) => Response`: Hono, Next.js
 * route handlers, Deno, Bun, workers) or Node's `http` server: 401 for a signature that does not
 * verify, 400 for a payload refused, 500 (nothing said) when the handler throws, 204 otherwise.
 */
import { WebhookError, WebhookSignatureError } from './errors.js';
import type { ReceiveOptions, WebhookHandler, WebhookHandlers } from './handler.js';
import type { NodeRequestLike } from './input.js';

/** The status and JSON body answering a webhook that failed with `error`. */
function failure(error: unknown): { status: number; body: { error: string; message: string } } {
  if (error instanceof WebhookSignatureError)
    // The reason only: which check failed is no help to a forger.
    return { status: 401, body: { error: 'invalid-signature', message: 'Invalid signature' } };
  if (error instanceof WebhookError)
    return { status: 400, body: { error: error.reason, message: error.message } };
  return { status: 500, body: { error: 'handler-failed', message: 'The webhook handler failed' } };
}

/** `(request: Request) => Promise<Response>` receiving the webhooks with `handlers`. */
export function webhookFetchHandler<Payloads>(
  receiver: WebhookHandler<Payloads>,
  handlers: WebhookHandlers<Payloads>,
  options?: ReceiveOptions<keyof Payloads & string> & { onError?: (error: unknown) => void },
): (request: Request) => Promise<Response> {
  return async (request) => {
    try {
      await receiver.handle(request, handlers, options);
      return new Response(null, { status: 204 });
    } catch (error) {
      options?.onError?.(error);
      const { status, body } = failure(error);
      return Response.json(body, { status });
    }
  };
}

/** What a Node `ServerResponse` offers that the handler uses. */
export interface NodeResponseLike {
  writeHead(status: number, headers: Record<string, string>): unknown;
  end(body?: string): unknown;
}

/** `(request, response) => void` for `http.createServer`, receiving the webhooks with `handlers`. */
export function webhookNodeHandler<Payloads>(
  receiver: WebhookHandler<Payloads>,
  handlers: WebhookHandlers<Payloads>,
  options?: ReceiveOptions<keyof Payloads & string> & { onError?: (error: unknown) => void },
): (request: NodeRequestLike, response: NodeResponseLike) => Promise<void> {
  return async (request, response) => {
    try {
      await receiver.handle(request, handlers, options);
      response.writeHead(204, {});
      response.end();
    } catch (error) {
      options?.onError?.(error);
      const { status, body } = failure(error);
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(body));
    }
  };
}
