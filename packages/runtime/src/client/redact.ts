/** Keeps credentials out of anything the runtime stores on errors or passes to logs. */

const CREDENTIAL_HEADERS = new Set(['authorization', 'proxy-authorization', 'cookie', 'set-cookie', 'x-api-key', 'api-key', 'x-auth-token']);

export const REDACTED = '[REDACTED]';

/** Replaces every occurrence of each secret in a text. */
export function scrub(text: string, secrets: readonly string[]): string {
  let result = text;
  for (const secret of secrets) if (secret !== '') result = result.split(secret).join(REDACTED);
  return result;
}

/** The URL with the values of the given query parameters replaced by `[REDACTED]`. */
export function redactUrl(options: { url: string; queryNames: readonly string[]; secrets: readonly string[] }): string {
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
export function redactHeaders(options: { headers: Headers; extraNames: readonly string[]; secrets: readonly string[] }): Record<string, string> {
  const extra = new Set(options.extraNames.map((name) => name.toLowerCase()));
  const record: Record<string, string> = {};
  options.headers.forEach((value, name) => {
    record[name] = CREDENTIAL_HEADERS.has(name) || extra.has(name) ? REDACTED : scrub(value, options.secrets);
  });
  return record;
}

/** A copy of a low-level failure (e.g. from `fetch`) that cannot carry a secret. */
export function scrubCause(cause: unknown, secrets: readonly string[]): Error | undefined {
  if (!(cause instanceof Error)) return undefined;
  const copy = new Error(scrub(cause.message, secrets));
  copy.name = cause.name;
  const code = (cause as { code?: unknown }).code ?? (cause.cause as { code?: unknown } | undefined)?.code;
  if (typeof code === 'string') Object.defineProperty(copy, 'code', { value: code, enumerable: true });
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
