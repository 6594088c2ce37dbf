/**
 * What the mock answers: JSON (the default), HTML pages of the OAuth flows, redirects and errors.
 * Errors are JSON bodies in the API's error schema when it has one (see `MockErrorShape`).
 */
import type { MockErrorShape } from './definition.js';
import { setOwn } from '../own.js';
import { streamBody, type StreamedAnswer } from './streams.js';

/** An answer before it becomes a `Response`: `body` is sent as JSON unless `html` is given. */
export interface Answer {
  status: number;
  body?: unknown;
  html?: string;
  headers?: Record<string, string>;
  /** Items sent one after another (server-sent events, NDJSON, json-seq) instead of `body`. */
  stream?: StreamedAnswer;
  /** Bytes sent as they are (a file download) instead of `body`. */
  raw?: { contentType: string; data: Blob };
}

/** One reason a request was rejected, with where it was found. */
export interface Issue {
  path: string;
  message: string;
}

/** A request the mock refuses: answered with `status` and an error body; never logged as a failure. */
export class MockProblem extends Error {
  readonly status: number;
  readonly code: string;
  readonly issues: Issue[] | undefined;
  readonly headers: Record<string, string>;

  constructor(options: {
    status: number;
    code: string;
    message: string;
    issues?: Issue[];
    headers?: Record<string, string>;
  }) {
    super(options.message);
    this.status = options.status;
    this.code = options.code;
    this.issues = options.issues;
    this.headers = options.headers ?? {};
  }
}

/** The error body: in the API's error shape when there is one, else `{ error, message, issues }`. */
export function errorBody(
  problem: { status: number; code: string; message: string; issues?: Issue[] | undefined },
  shape: MockErrorShape | undefined,
): Record<string, unknown> {
  const issues = problem.issues ?? [];
  if (shape === undefined)
    return { error: problem.code, message: problem.message, ...(issues.length ? { issues } : {}) };
  const body: Record<string, unknown> = {};
  if (shape.messageField !== undefined) setOwn(body, shape.messageField, problem.message);
  if (shape.listField !== undefined)
    body[shape.listField] = [
      problem.message,
      ...issues.map((issue) => (issue.path ? `${issue.path}: ${issue.message}` : issue.message)),
    ];
  if (shape.detailsField !== undefined) setOwn(body, shape.detailsField, issues);
  if (shape.codeField !== undefined) setOwn(body, shape.codeField, problem.code);
  if (shape.statusField !== undefined) setOwn(body, shape.statusField, problem.status);
  if (shape.open) {
    if (!Object.hasOwn(body, 'code') && shape.codeField === undefined) body.code = problem.code;
    if (!Object.hasOwn(body, 'issues') && shape.detailsField === undefined && issues.length)
      body.issues = issues;
    if (
      shape.messageField === undefined &&
      shape.listField === undefined &&
      !Object.hasOwn(body, 'message')
    )
      body.message = problem.message;
  }
  return body;
}

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Text safe inside HTML content and attribute values. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => ESCAPES[character] ?? character);
}

/** A small HTML page of the mock (sign-in, consent, OAuth errors). */
export function page(options: { title: string; body: string; status?: number }): Answer {
  const html = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>${escapeHtml(options.title)}</title>
    <style>body{font:16px system-ui,sans-serif;max-width:28rem;margin:3rem auto;padding:0 1rem}button{font:inherit;padding:.5rem 1rem;margin-right:.5rem}code{background:#eee;padding:0 .2rem}</style>
  </head>
  <body>
    <h1>${escapeHtml(options.title)}</h1>
    ${options.body}
  </body>
</html>`;
  return { status: options.status ?? 200, html, headers: { 'cache-control': 'no-store' } };
}

export function redirect(location: string): Answer {
  return { status: 302, headers: { location, 'cache-control': 'no-store' } };
}

/** The Response of an answer; `head` keeps the headers and drops the body. */
export function toResponse(
  answer: Answer,
  options: {
    head: boolean;
    headers: Record<string, string>;
    /** How a JSON body is written; default `JSON.stringify`. */
    stringify?: (value: unknown) => string | undefined;
  },
): Response {
  const headers = new Headers(options.headers);
  for (const [name, value] of Object.entries(answer.headers ?? {})) headers.set(name, value);
  let payload: string | null = null;
  if (answer.stream !== undefined && !options.head) {
    headers.set('content-type', answer.stream.mediaType);
    headers.set('cache-control', 'no-cache');
    return new Response(streamBody(answer.stream), { status: answer.status, headers });
  }
  if (answer.raw !== undefined) {
    headers.set('content-type', answer.raw.contentType);
    headers.set('content-length', String(answer.raw.data.size));
    return new Response(options.head ? null : answer.raw.data, { status: answer.status, headers });
  }
  if (answer.html !== undefined) {
    payload = answer.html;
    headers.set('content-type', 'text/html; charset=utf-8');
  } else if (answer.body !== undefined && answer.status !== 204 && answer.status !== 304) {
    payload = (options.stringify ?? JSON.stringify)(answer.body) ?? null;
    if (!headers.has('content-type')) headers.set('content-type', 'application/json');
  }
  if (payload !== null)
    headers.set('content-length', String(new TextEncoder().encode(payload).byteLength));
  const noBody = options.head || answer.status === 204 || answer.status === 304;
  return new Response(noBody ? null : payload, { status: answer.status, headers });
}
