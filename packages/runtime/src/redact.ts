/** Keeps credentials out of anything the runtime stores on errors or passes to logs. */
import { setOwn } from './own.js';

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

/**
 * Replaces every occurrence of each secret in a text, in every form it takes on the wire and in
 * a server's echo of it: raw; percent-encoded, character by character or not, in either case of
 * hex (`%2F`, `%2f`); form-encoded (a space as `+`); escaped in a JSON string; base64 and
 * base64url (a Basic header, a token echoed encoded). The user information of any URL in the
 * text (`https://user:password@host`, as `fetch` quotes a URL it refuses) goes too.
 */
export function scrub(text: string, secrets: readonly string[]): string {
  let result = text.replace(USER_INFO, `$1${REDACTED}@`);
  for (const secret of secrets)
    if (secret !== '') result = result.replace(patternOf(secret), REDACTED);
  return result;
}

/** The user information of a URL: `scheme://`, then anything but a slash, space, `?` or `#`, up to `@`. */
const USER_INFO = /\b([a-z][a-z0-9+.-]*:\/\/)[^\s/?#@]*@/gi;

/** True when `text` holds any of the secrets, in any form `scrub` knows. */
export function containsSecret(text: string, secrets: readonly string[]): boolean {
  return secrets.some((secret) => secret !== '' && patternOf(secret).test(text));
}

/** Patterns of the secrets seen lately (a client has a handful; the cap only bounds a leak). */
const patterns = new Map<string, RegExp>();

function patternOf(secret: string): RegExp {
  let pattern = patterns.get(secret);
  if (pattern === undefined) {
    if (patterns.size >= 256) patterns.clear();
    pattern = new RegExp(secretForms(secret).join('|'), 'g');
    patterns.set(secret, pattern);
  }
  pattern.lastIndex = 0;
  return pattern;
}

/** Regular expression sources of each form of `secret`: raw or percent-encoded first, then literal ones. */
function secretForms(secret: string): string[] {
  const bytes = new TextEncoder().encode(secret);
  const base64 = btoa(String.fromCharCode(...bytes));
  const literal = new Set([
    base64,
    base64.replace(/=+$/, ''),
    base64.replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_'),
    JSON.stringify(secret).slice(1, -1),
  ]);
  literal.delete(secret);
  // Each character as itself or as the percent-escapes of its UTF-8 bytes, in any case.
  const characters = [...secret].map((character) => {
    const escapes = [...new TextEncoder().encode(character)]
      .map((byte) => {
        const hex = byte.toString(16).toUpperCase().padStart(2, '0');
        return `%${[...hex].map((digit) => (/[A-F]/.test(digit) ? `[${digit}${digit.toLowerCase()}]` : digit)).join('')}`;
      })
      .join('');
    return `(?:${escapeRegExp(character)}|${escapes}${character === ' ' ? '|\\+' : ''})`;
  });
  return [
    characters.join(''),
    ...[...literal].filter((form) => form.length >= 4).map(escapeRegExp),
  ];
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
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

/**
 * The URL with the values of the given query parameters and its user information
 * (`https://user:pass@host`, `https://token@host`) replaced by `[REDACTED]`, and every secret
 * scrubbed.
 */
export function redactUrl(options: {
  url: string;
  queryNames: readonly string[];
  secrets: readonly string[];
}): string {
  const [base, query] = splitOnce(redactUserInfo(options.url), '?');
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

/** `scheme://user:password@host...` with the user information replaced by `[REDACTED]`. */
export function redactUserInfo(url: string): string {
  return url.replace(USER_INFO, `$1${REDACTED}@`);
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
