/**
 * Tool results: a successful call's body as structured content (and its JSON as text, for hosts
 * that read text only), a failure as a tool error (`isError: true`) whose text says what the API
 * answered. Every secret of the server is scrubbed from both, whatever the API echoed.
 */
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { scrub, scrubValue } from '../redact.js';
import { ApiError, ResponseValidationError } from '../errors.js';
import type { ToolDefinition } from './definition.js';

/** The longest body text a result shows: a page of JSON, not a whole export. */
const BODY_TEXT_LIMIT = 100_000;

/** The result of a successful call. */
export async function successResult(options: {
  tool: ToolDefinition;
  body: unknown;
  notes: readonly string[];
  secrets: readonly string[];
}): Promise<CallToolResult> {
  const { tool, secrets } = options;
  const notes = options.notes.map((text) => ({ type: 'text' as const, text }));
  if (tool.output !== undefined) {
    if (options.body === undefined)
      return errorResult(
        `${tool.name}: the API answered without a body, where its spec declares one`,
        secrets,
      );
    const structured = scrubValue(
      tool.output.wrapped ? { result: options.body } : options.body,
      secrets,
    ) as Record<string, unknown>;
    return {
      content: [{ type: 'text', text: JSON.stringify(structured) }, ...notes],
      structuredContent: structured,
    };
  }
  if (options.body instanceof Blob)
    return { content: [await blobContent(tool, options.body), ...notes] };
  const text =
    options.body === undefined
      ? `${tool.name}: done (the API answered without a body)`
      : typeof options.body === 'string'
        ? scrub(options.body, secrets)
        : JSON.stringify(scrubValue(options.body, secrets));
  return { content: [{ type: 'text', text: bounded(text) }, ...notes] };
}

/** A binary body: an image or audio content an agent can see or hear, else an embedded blob. */
async function blobContent(
  tool: ToolDefinition,
  body: Blob,
): Promise<CallToolResult['content'][number]> {
  const data = Buffer.from(await body.arrayBuffer()).toString('base64');
  const mimeType = body.type || 'application/octet-stream';
  if (mimeType.startsWith('image/')) return { type: 'image', data, mimeType };
  if (mimeType.startsWith('audio/')) return { type: 'audio', data, mimeType };
  return { type: 'resource', resource: { uri: `urn:zapgen:${tool.name}`, mimeType, blob: data } };
}

/** A tool error saying `message`, scrubbed. */
export function errorResult(message: string, secrets: readonly string[]): CallToolResult {
  return { isError: true, content: [{ type: 'text', text: bounded(scrub(message, secrets)) }] };
}

/**
 * What a failed call tells the agent: the runtime's message (the status, the API's own message,
 * the request id) and the body the API answered, scrubbed.
 */
export function failureText(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  if (error instanceof ApiError || error instanceof ResponseValidationError) {
    const { body } = error.toJSON();
    return body === undefined
      ? error.message
      : `${error.message}\nResponse body: ${JSON.stringify(body)}`;
  }
  return error.message;
}

function bounded(text: string): string {
  return text.length <= BODY_TEXT_LIMIT
    ? text
    : `${text.slice(0, BODY_TEXT_LIMIT)}… (${text.length - BODY_TEXT_LIMIT} more characters left out)`;
}
