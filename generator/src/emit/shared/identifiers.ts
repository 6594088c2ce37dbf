/**
 * Turning spec strings (schema names, operationIds, property names) into safe TypeScript.
 * Nothing from a spec reaches the output unescaped: names go through these functions, strings
 * through `stringLiteral`, prose through `jsDoc` (see `jsdoc.ts`).
 */

const RESERVED = new Set(
  (
    'break case catch class const continue debugger default delete do else enum export extends false ' +
    'finally for function if import in instanceof new null return super switch this throw true try ' +
    'typeof var void while with as implements interface let package private protected public static ' +
    'yield any boolean constructor declare get module require number set string symbol type from of ' +
    'await async undefined unknown never object bigint arguments eval NaN Infinity'
  ).split(' '),
);

const IDENTIFIER = /^[$_\p{ID_Start}][$\u200c\u200d\p{ID_Continue}]*$/u;

/** True when `name` can be written as a bare property key or identifier. */
export function isIdentifier(name: string): boolean {
  return IDENTIFIER.test(name);
}

/** Splits `fooBar-baz_qux 1` into words, on case changes and any non-alphanumeric character. */
function words(name: string): string[] {
  return name
    .normalize('NFKC')
    .replace(/([\p{Ll}\d])(\p{Lu})/gu, '$1 $2')
    .replace(/(\p{Lu})(\p{Lu}\p{Ll})/gu, '$1 $2')
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
}

function capitalize(word: string): string {
  return word.charAt(0).toUpperCase() + word.slice(1);
}

/** A name that is a valid identifier and not a reserved word: prefixed with `_` when needed. */
function safeIdentifier(candidate: string, fallback: string): string {
  let name = candidate || fallback;
  if (!/^[$_\p{ID_Start}]/u.test(name)) name = `_${name}`;
  if (!IDENTIFIER.test(name)) name = name.replace(/[^$\u200c\u200d\p{ID_Continue}]/gu, '_');
  if (RESERVED.has(name)) name = `${name}_`;
  return name;
}

/** `list-apps.v2` → `ListAppsV2`, for type names. Always a valid identifier. */
export function pascalCase(name: string): string {
  return safeIdentifier(words(name).map(capitalize).join(''), 'Unnamed');
}

/** `List apps` → `listApps`, for functions and values. Always a valid identifier. */
export function camelCase(name: string): string {
  const parts = words(name);
  const joined = parts
    .map((word, index) =>
      index === 0 ? word.charAt(0).toLowerCase() + word.slice(1) : capitalize(word),
    )
    .join('');
  return safeIdentifier(joined, 'unnamed');
}

/** A property key: bare when it is an identifier, otherwise a quoted string. */
export function propertyKey(name: string): string {
  return isIdentifier(name) ? name : stringLiteral(name);
}

/**
 * A string literal that is safe anywhere in TS/JS source: JSON escaping plus the line and
 * paragraph separators, and `</` so that output embedded in HTML cannot close a script tag.
 */
export function stringLiteral(value: string): string {
  return JSON.stringify(value)
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029')
    .replace(/<\//g, '<\\/');
}

/**
 * Assigns unique identifiers to a list of names: the first keeps its name, later collisions get
 * `2`, `3`, ... in input order. Callers pass names in a deterministic order.
 *
 * `reserved` holds names the generated scope has of its own (imports, fixed exports, locals):
 * a name derived from the spec never takes one. When one name stands for several in the output
 * (`getApp` also writes `GetAppArgs`, `getAppQueryKey`, ...), `derived` lists them all: a
 * candidate is taken only if none of its derived names is reserved or derived from an earlier one.
 */
export function uniqueNames(
  names: readonly string[],
  transform: (name: string) => string,
  scope: {
    reserved?: ReadonlySet<string>;
    derived?: (candidate: string) => readonly string[];
  } = {},
): Map<string, string> {
  const { reserved = new Set<string>(), derived = (candidate: string) => [candidate] } = scope;
  const result = new Map<string, string>();
  const taken = new Set<string>();
  const free = (candidate: string) =>
    derived(candidate).every((name) => !taken.has(name) && !reserved.has(name));
  for (const name of names) {
    if (result.has(name)) continue;
    const base = transform(name);
    let candidate = base;
    for (let suffix = 2; !free(candidate); suffix += 1) candidate = `${base}${suffix}`;
    for (const taking of derived(candidate)) taken.add(taking);
    result.set(name, candidate);
  }
  return result;
}
