/**
 * Request bodies the mock reads without decoding them as text: multipart forms and file bodies
 * (`application/octet-stream`, images...) as a `Blob`.
 *
 * Multipart is parsed by `@remix-run/multipart-parser` rather than the platform's `formData()`,
 * which drops each part's headers: the mock checks the headers the spec's `encoding` requires and
 * hands every part's headers to handlers. Fields stay as sent (text as strings, files as `File`s,
 * a part whose `Content-Type` is JSON parsed, a repeated field as an array), so that a schema-based
 * coercion of form values can run after this.
 */
import { parseMultipart, type MultipartPart } from '@remix-run/multipart-parser';
import type { BodyEncoding } from '../definition.js';
import { MockProblem } from './answer.js';

/** A media type whose body is bytes, not text: what the mock keeps as a `Blob`. */
export function isBinaryBody(mediaType: string): boolean {
  return (
    mediaType.includes('/') &&
    !mediaType.includes('*') &&
    !/json|xml|^text\/|form-urlencoded|^multipart\//.test(mediaType) &&
    mediaType !== ''
  );
}

/** One part of a multipart request as it came: its field name, file name and headers (lower-case names). */
export interface MultipartPartInfo {
  name: string;
  filename?: string;
  headers: Record<string, string>;
}

/** A multipart body: its fields by name, and its parts in order. */
export interface MultipartForm {
  fields: Record<string, unknown>;
  parts: MultipartPartInfo[];
}

/** The boundary of a `multipart/form-data` content type. */
function boundaryOf(contentType: string): string {
  const match = /;\s*boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(contentType);
  const boundary = match?.[1] ?? match?.[2];
  if (boundary === undefined)
    throw new MockProblem({
      status: 400,
      code: 'bad_request',
      message: 'The multipart Content-Type names no boundary.',
    });
  return boundary;
}

/** A field's value: a file as a `File`, a part typed JSON parsed, other text as it is. */
function valueOf(part: MultipartPart): unknown {
  const type = part.headers['content-type'] ?? '';
  if (part.filename !== undefined)
    return new File([part.bytes as Uint8Array<ArrayBuffer>], part.filename, {
      type: type || 'application/octet-stream',
    });
  if (/json/i.test(type)) {
    try {
      return JSON.parse(part.text) as unknown;
    } catch {
      throw new MockProblem({
        status: 400,
        code: 'invalid_body',
        message: `The part ${part.name ?? ''} says it is JSON but does not parse.`,
        issues: [{ path: part.name ?? '', message: 'is not valid JSON' }],
      });
    }
  }
  return part.text;
}

/** The parts of a multipart body, by name; 400 when it is not one or lacks a header the spec requires. */
export function multipartForm(
  contentType: string,
  bytes: Uint8Array,
  encoding: Record<string, BodyEncoding> | undefined,
  maxBytes: number,
): MultipartForm {
  const byName = new Map<string, unknown[]>();
  const parts: MultipartPartInfo[] = [];
  let parsed: MultipartPart[];
  try {
    parsed = [
      ...parseMultipart(bytes, {
        boundary: boundaryOf(contentType),
        maxFileSize: maxBytes,
        maxTotalSize: maxBytes,
      }),
    ];
  } catch (error) {
    if (error instanceof MockProblem) throw error;
    throw new MockProblem({
      status: 400,
      code: 'bad_request',
      message: 'The request body is not a valid multipart form.',
    });
  }
  for (const part of parsed) {
    const name = part.name ?? '';
    parts.push({
      name,
      ...(part.filename === undefined ? {} : { filename: part.filename }),
      headers: Object.fromEntries(
        Object.entries(part.headers).filter(
          (entry): entry is [string, string] => entry[1] !== undefined,
        ),
      ),
    });
    const values = byName.get(name) ?? [];
    values.push(valueOf(part));
    byName.set(name, values);
  }
  const issues = missingHeaders(parts, encoding);
  if (issues.length > 0)
    throw new MockProblem({
      status: 400,
      code: 'invalid_body',
      message: 'A multipart part lacks a header the spec requires.',
      issues,
    });
  const fields: Record<string, unknown> = {};
  for (const [name, values] of byName)
    Object.defineProperty(fields, name, {
      value: values.length === 1 ? values[0] : values,
      enumerable: true,
      writable: true,
      configurable: true,
    });
  return { fields, parts };
}

/** The required part headers of the spec's `encoding` that a sent part lacks. */
function missingHeaders(
  parts: MultipartPartInfo[],
  encoding: Record<string, BodyEncoding> | undefined,
): { path: string; message: string }[] {
  if (encoding === undefined) return [];
  return parts.flatMap((part) => {
    const declared = Object.hasOwn(encoding, part.name) ? encoding[part.name]?.headers : undefined;
    return (declared ?? [])
      .filter((header) => header.required && part.headers[header.name.toLowerCase()] === undefined)
      .map((header) => ({
        path: part.name,
        message: `the part lacks the header ${header.name}, which the spec's encoding requires`,
      }));
  });
}
