/** Keeps credentials out of anything the runtime stores on errors or passes to logs. */
import { setOwn } from '../own.js';

const CREDENTIAL_HEADERS = new Set([
  'authorization',
  'proxy-authorization',
  'cookie',
  'set-cookie',
  'x-api-key',
  'api-key',
  'x-auth-token',
]);

export const REDACTED = '[REDACTED]';

/** Replaces every occurrence of each secret in a text. */
export function scrub(text: string, secrets: readonly string[]): string {
  let result = text;
  for (const secret of secrets) if (secret !== '') result = result.split(secret).join(REDACTED);
  return result;
}

/**
 * A copy of a parsed body with every secret scrubbed from its strings (keys included), for what
 * an error shows: its `toJSON()` and `util.inspect` view. Blobs and other non-JSON values are
 * shown by their kind only.
 */
export function scrubValue(value: unknown, secrets: readonly string[]): unknown {
  if (typeof value === 'string') return scrub(value, secrets);
  if (value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((item) => scrubValue(item, secrets));
  if (Object.getPrototypeOf(value) !== Object.prototype && Object.getPrototypeOf(value) !== null) {
    return `[${value.constructor?.name ?? 'object'}]`;
  }
  return Object.fromEntries(
    Object.entries(value).map(([key, item]) => [scrub(key, secrets), scrubValue(item, secrets)]),
  );
}

/** Header names that carry credentials whatever the API: never kept on errors, never sent across origins. */
export function isCredentialHeader(name: string): boolean {
  return CREDENTIAL_HEADERS.has(name.toLowerCase());
}

/** The URL with the values of the given query parameters replaced by `[REDACTED]`. */
export function redactUrl(options: {
  url: string;
  queryNames: readonly string[];
  secrets: readonly string[];
}): string {
  const [base, query] = splitOnce(options.url, '?');
  if (query === undefined) return scrub(base, options.secrets);
  const names = new Set(options.queryNames);
  const pairs = query.split('&').map((pair) => {
    const [name] = splitOnce(pair, '=');
    return names.has(safeDecode(name)) ? `${name}=${REDACTED}` : pair;
  });
  return scrub(`${base}?${pairs.join('&')}`, options.secrets);
}

/** Response headers as a record, with credential-like headers and secret values redacted. */
export function redactHeaders(options: {
  headers: Headers;
  extraNames: readonly string[];
  secrets: readonly string[];
}): Record<string, string> {
  const extra = new Set(options.extraNames.map((name) => name.toLowerCase()));
  const record: Record<string, string> = {};
  options.headers.forEach((value, name) => {
    setOwn(
      record,
      name,
      CREDENTIAL_HEADERS.has(name) || extra.has(name) ? REDACTED : scrub(value, options.secrets),
    );
  });
  return record;
}

/** A copy of a low-level failure (e.g. from `fetch`) that cannot carry a secret. */
export function scrubCause(cause: unknown, secrets: readonly string[]): Error | undefined {
  if (!(cause instanceof Error)) return undefined;
  const copy = new Error(scrub(cause.message, secrets));
  copy.name = cause.name;
  const code =
    (cause as { code?: unknown }).code ?? (cause.cause as { code?: unknown } | undefined)?.code;
  if (typeof code === 'string')
    Object.defineProperty(copy, 'code', { value: code, enumerable: true });
  const inner = (cause.cause as Error | undefined)?.message;
  if (typeof inner === 'string') copy.message += ` (${scrub(inner, secrets)})`;
  copy.stack = `${copy.name}: ${copy.message}`;
  return copy;
}

function splitOnce(text: string, separator: string): [string, string | undefined] {
  const index = text.indexOf(separator);
  return index === -1 ? [text, undefined] : [text.slice(0, index), text.slice(index + 1)];
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}
