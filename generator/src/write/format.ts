/**
 * Formatting of generated files with oxfmt, the oxc project's native formatter, which keeps
 * prettier's style (on this repo's specs, byte for byte). Prettier took most of the time and
 * memory of a big spec (GitHub's 44 MB of output: 25–32 s and 2.2 GB); oxfmt formats the same in
 * about 1.5 s and 0.4 GB. The version is pinned (a formatter's layout is part of the output's
 * bytes) and the options are passed explicitly: oxfmt reads no configuration file, so the output
 * never depends on the directory zapgen runs in. The repo's hand-written code keeps prettier.
 */
import { platform, arch } from 'node:process';

/** Same values as the repo's `.prettierrc.json` (a test keeps them in sync). */
export const FORMAT_OPTIONS = {
  singleQuote: true,
  printWidth: 100,
  trailingComma: 'all',
  endOfLine: 'lf',
} as const;

/**
 * Prettier's defaults for everything `.prettierrc.json` leaves out, spelled out so that a change
 * of oxfmt's defaults cannot change the output. Imports are not sorted (prettier does not).
 */
const PRETTIER_DEFAULTS = {
  semi: true,
  tabWidth: 2,
  useTabs: false,
  bracketSpacing: true,
  bracketSameLine: false,
  arrowParens: 'always',
  quoteProps: 'as-needed',
  jsxSingleQuote: false,
  objectWrap: 'preserve',
  proseWrap: 'preserve',
  embeddedLanguageFormatting: 'auto',
} as const;

const FORMATTED_EXTENSIONS = new Set(['ts', 'mts', 'cts', 'js', 'mjs', 'cjs', 'md']);

/**
 * Nesting (of brackets, braces and parentheses) beyond which a file is not formatted. oxfmt's
 * parser and printer are recursive and native: too deep, and the process dies of a stack
 * overflow instead of throwing (measured: nested calls crash at about 1,200 levels, object types
 * at about 2,000). Prettier gave up before either (a RangeError at under 1,000 levels of object
 * types). No real schema comes near this; a pathological one is written as emitted.
 */
export const MAX_FORMAT_NESTING = 400;

/**
 * Whether a path is formatted. JSON is not: the emitters write it with
 * `JSON.stringify(value, null, 2)`, npm's own layout, which needs no second pass.
 */
export function isFormatted(filePath: string): boolean {
  const extension = /\.([^./]+)$/.exec(filePath)?.[1]?.toLowerCase();
  return extension !== undefined && FORMATTED_EXTENSIONS.has(extension);
}

const charCode = (char: string): number => char.charCodeAt(0);
const SLASH = charCode('/');
const STAR = charCode('*');
const BACKSLASH = charCode('\\');
const SINGLE_QUOTE = charCode("'");
const DOUBLE_QUOTE = charCode('"');
const BACKTICK = charCode('`');
const DOLLAR = charCode('$');
const OPEN_PAREN = charCode('(');
const OPEN_BRACKET = charCode('[');
const OPEN_BRACE = charCode('{');
const CLOSE_PAREN = charCode(')');
const CLOSE_BRACKET = charCode(']');
const CLOSE_BRACE = charCode('}');

/** The characters `nestingDepth` acts on, outside strings and template text. */
const SIGNIFICANT = /[/'"`()[\]{}]/g;
/** Where a template's text may end or open a substitution. */
const TEMPLATE_TEXT = /[\\`$]/g;
/** Where a quoted string may end (its quote, or the line's end) or escape a character. */
const SINGLE_QUOTED = /['\\\n]/g;
const DOUBLE_QUOTED = /["\\\n]/g;

/**
 * The index after a string literal whose text starts at `index`: after its closing quote, or
 * after the line's end for an unterminated one (as a tokenizer recovers), skipping escapes.
 */
function stringEnd(source: string, index: number, stops: RegExp): number {
  let at = index;
  for (;;) {
    stops.lastIndex = at;
    if (!stops.test(source)) return source.length + 1;
    at = stops.lastIndex - 1;
    if (source.charCodeAt(at) !== BACKSLASH) return at + 1;
    at += 2;
  }
}

/**
 * The deepest nesting of `(`, `[` and `{` in JavaScript/TypeScript source, outside strings,
 * template text and comments. Brackets inside a template's `${...}` count. Read by character
 * code (a run scans every formatted file: 44 MB on GitHub's spec, where reading characters as
 * strings took longer than formatting them).
 */
export function nestingDepth(source: string): number {
  let depth = 0;
  let deepest = 0;
  // Each open template literal, by the depth its `${` opened at.
  const templates: number[] = [];
  let index = 0;
  const length = source.length;
  const skipTemplateText = (): void => {
    // From inside a template's text to its end (`) or to the next `${`.
    while (index < length) {
      TEMPLATE_TEXT.lastIndex = index;
      if (!TEMPLATE_TEXT.test(source)) {
        index = length;
        return;
      }
      index = TEMPLATE_TEXT.lastIndex - 1;
      const code = source.charCodeAt(index);
      if (code === BACKSLASH) index += 2;
      else if (code === BACKTICK) {
        index += 1;
        return;
      } else if (code === DOLLAR && source.charCodeAt(index + 1) === OPEN_BRACE) {
        index += 2;
        depth += 1;
        if (depth > deepest) deepest = depth;
        templates.push(depth);
        return;
      } else index += 1;
    }
  };
  while (index < length) {
    // Straight to the next character that matters (a regular expression scans far faster than a
    // loop over the characters between).
    SIGNIFICANT.lastIndex = index;
    if (!SIGNIFICANT.test(source)) break;
    index = SIGNIFICANT.lastIndex - 1;
    const code = source.charCodeAt(index);
    switch (code) {
      case SLASH: {
        const next = source.charCodeAt(index + 1);
        if (next === SLASH) {
          const end = source.indexOf('\n', index);
          index = end === -1 ? length : end + 1;
        } else if (next === STAR) {
          const end = source.indexOf('*/', index + 2);
          index = end === -1 ? length : end + 2;
        } else index += 1;
        break;
      }
      case SINGLE_QUOTE:
      case DOUBLE_QUOTE:
        index = stringEnd(source, index + 1, code === SINGLE_QUOTE ? SINGLE_QUOTED : DOUBLE_QUOTED);
        break;
      case BACKTICK:
        index += 1;
        skipTemplateText();
        break;
      case OPEN_PAREN:
      case OPEN_BRACKET:
      case OPEN_BRACE:
        depth += 1;
        if (depth > deepest) deepest = depth;
        index += 1;
        break;
      case CLOSE_PAREN:
      case CLOSE_BRACKET:
        index += 1;
        depth -= 1;
        break;
      case CLOSE_BRACE:
        index += 1;
        if (templates.length > 0 && templates[templates.length - 1] === depth) {
          templates.pop();
          depth -= 1;
          skipTemplateText();
        } else depth -= 1;
        break;
      default:
        index += 1;
    }
  }
  return deepest;
}

/**
 * oxfmt's native binary is an optional dependency per platform (`@oxfmt/binding-<platform>`);
 * installing with optional dependencies omitted leaves it out. Its own message blames npm: this
 * one says what zapgen needs and how to get it.
 */
export class FormatterMissingError extends Error {
  constructor(cause: unknown) {
    super(
      `zapgen formats generated code with oxfmt, whose native binary for ${platform}-${arch} is not installed ` +
        `(npm installs it as an optional dependency, @oxfmt/binding-${platform}-${arch}...): reinstall without ` +
        `--omit=optional / --no-optional, e.g. \`npm ci\`; if oxfmt publishes no binary for this platform, zapgen cannot format here`,
      { cause },
    );
    this.name = 'FormatterMissingError';
  }
}

/** `error`, or a `FormatterMissingError` when it says oxfmt's native binding could not be loaded. */
export function explainFormatterError(error: unknown): unknown {
  const message = error instanceof Error ? error.message : String(error);
  return /cannot find native binding|cannot find module '@oxfmt\/binding/i.test(message)
    ? new FormatterMissingError(error)
    : error;
}

/** LF line endings and exactly one trailing newline. */
function normalise(text: string): string {
  // Without regular expressions for the common case: `/\n*$/` tries every position of the text
  // (0.15 s of CPU over GitHub's package, most of it the 12 MB openapi.json).
  const lf = text.includes('\r') ? text.replace(/\r\n?/g, '\n') : text;
  let end = lf.length;
  while (end > 0 && lf.charCodeAt(end - 1) === 10) end -= 1;
  return `${end === lf.length ? lf : lf.slice(0, end)}\n`;
}

type OxfmtFormat = typeof import('oxfmt').format;
let loaded: Promise<OxfmtFormat> | undefined;

/** oxfmt, loaded by the first file to format (commands that format nothing never load it). */
function oxfmt(): Promise<OxfmtFormat> {
  loaded ??= import('oxfmt').then(
    (module) => module.format,
    (error: unknown) => {
      loaded = undefined;
      throw explainFormatterError(error);
    },
  );
  return loaded;
}

/**
 * Formats one file: oxfmt for JavaScript, TypeScript and Markdown, then LF line endings and one
 * trailing newline. Rejects with a RangeError when the file is nested too deeply to format safely
 * (the caller keeps it as emitted), with a `FormatterMissingError` when oxfmt's binary is missing,
 * and with the parser's message when the code does not parse.
 */
export async function formatFile({
  path,
  contents,
}: {
  path: string;
  contents: string;
}): Promise<string> {
  if (!isFormatted(path)) return normalise(contents);
  if (!path.endsWith('.md')) {
    const depth = nestingDepth(contents);
    if (depth > MAX_FORMAT_NESTING)
      throw new RangeError(
        `brackets nest ${depth} deep, more than the ${MAX_FORMAT_NESTING} the formatter is safe with`,
      );
  }
  const format = await oxfmt();
  let result: Awaited<ReturnType<OxfmtFormat>>;
  try {
    result = await format(path, contents, { ...PRETTIER_DEFAULTS, ...FORMAT_OPTIONS });
  } catch (error) {
    throw explainFormatterError(error);
  }
  const errors = result.errors.filter((error) => error.severity === 'Error');
  if (errors.length) throw new SyntaxError(errors.map((error) => error.message).join('; '));
  return normalise(result.code);
}
