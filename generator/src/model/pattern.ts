/**
 * A spec's `pattern` as JavaScript reads it with the `u` flag, the one reading every emitter and
 * check uses (ajv compiles JSON Schema patterns with `u`; zod and the fixtures do the same).
 *
 * Real specs are written for other regex engines. Two cases:
 * - an identity escape of punctuation (`\:`, `\-` outside a class, `\@`) means that character
 *   everywhere, but `u` refuses it: it is rewritten to the bare character;
 * - anything JavaScript cannot read even so (PCRE-only `\p{XDigit}`, lookbehind in old engines,
 *   plain mistakes) gives undefined: the pattern is not checked, and that is said where it is used.
 */

const SYNTAX = new Set([
  '^',
  '$',
  '\\',
  '.',
  '*',
  '+',
  '?',
  '(',
  ')',
  '[',
  ']',
  '{',
  '}',
  '|',
  '/',
]);

const cache = new Map<string, string | undefined>();

/** The pattern in a form `new RegExp(pattern, 'u')` compiles to the same meaning, or undefined. */
export function unicodePattern(pattern: string): string | undefined {
  if (cache.has(pattern)) return cache.get(pattern);
  const result = compiles(pattern) ? pattern : rewritten(pattern);
  cache.set(pattern, result);
  return result;
}

/** The pattern compiled with `u`, or undefined (see `unicodePattern`). */
export function compilePattern(pattern: string): RegExp | undefined {
  const source = unicodePattern(pattern);
  return source === undefined ? undefined : new RegExp(source, 'u');
}

function compiles(pattern: string): boolean {
  try {
    new RegExp(pattern, 'u');
    return true;
  } catch {
    return false;
  }
}

/** Identity escapes of punctuation without their backslash, if that makes the pattern compile. */
function rewritten(pattern: string): string | undefined {
  let result = '';
  let inClass = false;
  for (let index = 0; index < pattern.length; index += 1) {
    const char = pattern[index]!;
    if (char === '\\' && index + 1 < pattern.length) {
      const next = pattern[index + 1]!;
      const punctuation = !/[\p{L}\p{N}_\s]/u.test(next) && !SYNTAX.has(next);
      // Inside a class `\-` is valid with `u`; elsewhere a `-` needs no escape.
      result += punctuation && !(inClass && next === '-') ? next : `\\${next}`;
      index += 1;
      continue;
    }
    if (char === '[' && !inClass) inClass = true;
    else if (char === ']' && inClass) inClass = false;
    result += char;
  }
  return result !== pattern && compiles(result) ? result : undefined;
}
