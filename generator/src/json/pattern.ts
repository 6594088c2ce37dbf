/**
 * A spec's `pattern` as JavaScript reads it with the `u` flag, the one reading every emitter and
 * check uses (ajv compiles JSON Schema patterns with `u`; zod and the fixtures do the same).
 *
 * Real specs are written for other regex engines. Two cases:
 * - an identity escape of punctuation (`\:`, `\-` outside a class, `\@`) means that character
 *   everywhere, but `u` refuses it: it is rewritten to the bare character;
 * - anything JavaScript cannot read even so (PCRE-only `\p{XDigit}`, lookbehind in old engines,
 *   plain mistakes) gives undefined: the pattern is not checked, and that is said where it is used.
 *
 * A pattern JavaScript reads may still take super-linear time on some strings (ReDoS:
 * `^\$\{(\w+.)+\w+\}$` on a long run of word characters backtracks exponentially). zapgen never
 * runs such a pattern itself (`compilePattern` refuses it): its own checks of a value (fixtures,
 * examples, defaults) then ignore the pattern, as they ignore one JavaScript cannot read, and the
 * spec gets a located warning (the `pattern-backtracking` lint rule). A fixture's string is made
 * to match it all the same: made from the pattern, or a format's value that RE2's linear-time
 * engine finds it matches (`linearMatcher`).
 */
import { createRequire } from 'node:module';
import type { RE2JS as RE2JSClass } from 're2js';
import { analyser } from './backtracking-analysis.js';

/** re2js, loaded when a pattern first needs it (about 80 ms of import a run without one does not pay). */
let re2js: typeof RE2JSClass | undefined;
function loadRe2js(): typeof RE2JSClass {
  re2js ??= (createRequire(import.meta.url)('re2js') as { RE2JS: typeof RE2JSClass }).RE2JS;
  return re2js;
}

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

/**
 * The pattern compiled with `u`, for zapgen to run itself: undefined when JavaScript cannot read
 * it (see `unicodePattern`) or when it can backtrack super-linearly (see `backtracking`).
 */
export function compilePattern(pattern: string): RegExp | undefined {
  const source = unicodePattern(pattern);
  return source === undefined || backtracking(pattern) ? undefined : new RegExp(source, 'u');
}

const linearCache = new Map<string, ((value: string) => boolean) | undefined>();

/**
 * Whether a string matches the pattern (as `unicodePattern` reads it), decided by RE2's engine
 * (re2js), which runs in time linear in the string whatever the pattern: the way zapgen checks a
 * value against a pattern it does not run with JavaScript's backtracking engine (`backtracking`).
 * Undefined when RE2 cannot read the pattern (lookaround, backreferences): no check then.
 * RE2 and JavaScript differ at the edges (RE2's `.` matches `\r` and U+2028, its `\s` is ASCII
 * only); the values checked here are formats' values, which hold none of those characters.
 */
export function linearMatcher(pattern: string): ((value: string) => boolean) | undefined {
  if (linearCache.has(pattern)) return linearCache.get(pattern);
  const source = unicodePattern(pattern);
  let matcher: ((value: string) => boolean) | undefined;
  if (source !== undefined) {
    try {
      const compiled = loadRe2js().compile(source);
      matcher = (value) => compiled.matcher(value).find();
    } catch {
      matcher = undefined;
    }
  }
  linearCache.set(pattern, matcher);
  return matcher;
}

/** How a pattern can take super-linear time on a string that repeats `character`. */
export interface Backtracking {
  /** `unknown`: the analysis could not read the pattern, so it is not known to be linear. */
  growth: 'exponential' | 'polynomial' | 'unknown';
  /** A character whose long run, then a character the pattern rejects, makes it backtrack ('' if unknown). */
  character: string;
}

const backtrackingCache = new Map<string, Backtracking | undefined>();

/**
 * Whether the pattern (as `unicodePattern` reads it) can backtrack super-linearly, found
 * statically by scslre (the analysis behind eslint-plugin-regexp's no-super-linear-backtracking;
 * deterministic and quick, with no time limit to make its answer depend on the machine). Its
 * trade and self reports (quantifiers that can match the same characters) count: polynomial or
 * exponential, on inputs of a few hundred characters either can run for minutes. Its move
 * reports (an unanchored pattern retried at each position) stay quadratic and do not.
 * Undefined for a pattern JavaScript cannot read (it is never run).
 */
export function backtracking(pattern: string): Backtracking | undefined {
  if (backtrackingCache.has(pattern)) return backtrackingCache.get(pattern);
  const source = unicodePattern(pattern);
  let result: Backtracking | undefined;
  if (source !== undefined) {
    // Loaded outside the try: a missing scslre is a broken installation, not a pattern's growth.
    const analyse = analyser();
    try {
      const reports = analyse(
        { source, flags: 'u' },
        { reportTypes: { Move: false, Self: true, Trade: true } },
      ).reports;
      const [first] = reports;
      if (first)
        result = {
          growth: reports.some((report) => report.exponential) ? 'exponential' : 'polynomial',
          character: first.character.pick,
        };
    } catch {
      // A pattern the analysis cannot parse is not known to be linear: it is not run either.
      result = { growth: 'unknown', character: '' };
    }
  }
  backtrackingCache.set(pattern, result);
  return result;
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

/**
 * The pattern as `unicodePattern` reads it, for a copy of the schema that zapgen checks values
 * against itself (the fixtures' ajv document): undefined when zapgen does not run it.
 */
export function checkedPattern(pattern: string): string | undefined {
  return compilePattern(pattern) ? unicodePattern(pattern) : undefined;
}
