/**
 * Names of the MCP server: tools, their arguments, and the environment variables of credentials.
 *
 * Tool names are unique and match `^[a-zA-Z0-9_-]{1,64}$`: the MCP specification (2025-11-25)
 * asks for 1 to 128 characters of letters, digits, `_`, `-` and `.`, but hosts reject more than
 * that (Claude's and OpenAI's tool names, VS Code, Windsurf: no dot, at most 64), so the names
 * keep to what every one of them accepts. Argument names match `^[a-zA-Z0-9_.-]{1,64}$`, which
 * the same hosts require of the input's property names.
 */
import { createHash } from 'node:crypto';
import type { ApiModel, SecuritySchemeModel } from '../../model/types.js';

export const TOOL_NAME = /^[a-zA-Z0-9_-]{1,64}$/;
export const ARGUMENT_NAME = /^[a-zA-Z0-9_.-]{1,64}$/;
const MAX_LENGTH = 64;

/** `text` within `length` characters: cut, with a short hash of the whole so that cut names stay apart. */
function fitted(text: string, length: number): string {
  if (text.length <= length) return text;
  const hash = createHash('sha256').update(text).digest('hex').slice(0, 6);
  return `${text.slice(0, length - hash.length - 1).replace(/[_.-]+$/, '')}_${hash}`;
}

/**
 * Unique names for `names` (in order), each `clean(name)` cut to 64 characters, and numbered
 * `_2`, `_3`, ... when an earlier one took it. `taken` holds names that are already used.
 */
function uniqueWithin(
  names: readonly string[],
  clean: (name: string) => string,
  taken: Set<string> = new Set(),
): Map<string, string> {
  const result = new Map<string, string>();
  for (const name of names) {
    if (result.has(name)) continue;
    const base = fitted(clean(name), MAX_LENGTH);
    let candidate = base;
    for (let suffix = 2; taken.has(candidate); suffix += 1)
      candidate = `${fitted(base, MAX_LENGTH - String(suffix).length - 1)}_${suffix}`;
    taken.add(candidate);
    result.set(name, candidate);
  }
  return result;
}

/** The characters outside `allowed` as `_`, runs of them as one, none at either end. */
function cleaned(name: string, allowed: RegExp, fallback: string): string {
  const text = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(allowed, '_')
    .replace(/_+/g, '_')
    .replace(/^_+|_+$/g, '');
  return text || fallback;
}

/** The tool name of each operation, by operationId (`repos/get-content` → `repos_get-content`). */
export function toolNames(model: ApiModel): Map<string, string> {
  return uniqueWithin(
    model.operations.map((operation) => operation.operationId),
    (operationId) => cleaned(operationId, /[^a-zA-Z0-9_-]/g, 'operation'),
  );
}

/** The argument names of one tool, for its parameter and property names in order. */
export function argumentNames(names: readonly string[], taken: Set<string>): Map<string, string> {
  return uniqueWithin(names, (name) => cleaned(name, /[^a-zA-Z0-9_.-]/g, 'argument'), taken);
}

/** `AccessPointOAuth` → `ACCESS_POINT_OAUTH`, `HTTPBasic` → `HTTP_BASIC`, `actions-v2` → `ACTIONS_V2`: part of a POSIX variable name. */
function constantCase(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/([a-z\d])([A-Z])/g, '$1_$2')
    .replace(/([A-Z]{2,})([A-Z][a-z])/g, '$1_$2')
    .replace(/[^A-Za-z\d]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .toUpperCase();
}

/**
 * The environment variables of the server: `<API>_<SCHEME>` for the credential of each security
 * scheme (`ACTIONS_V2_ACCESS_POINT_API_KEY_HEADER`), and `<API>_BASE_URL`.
 */
export function environmentNames(options: {
  apiName: string;
  schemes: readonly SecuritySchemeModel[];
}): { baseUrl: string; credentials: Map<string, string> } {
  const api = constantCase(options.apiName) || 'API';
  const prefix = /^\d/.test(api) ? `API_${api}` : api;
  const baseUrl = `${prefix}_BASE_URL`;
  const taken = new Set([baseUrl]);
  const credentials = new Map<string, string>();
  for (const scheme of options.schemes) {
    const base = `${prefix}_${constantCase(scheme.name) || 'CREDENTIAL'}`;
    let name = base;
    for (let suffix = 2; taken.has(name); suffix += 1) name = `${base}_${suffix}`;
    taken.add(name);
    credentials.set(scheme.name, name);
  }
  return { baseUrl, credentials };
}
