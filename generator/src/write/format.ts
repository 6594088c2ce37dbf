/**
 * Formatting of generated files with prettier. The options are the repo's `.prettierrc.json`,
 * passed explicitly so that the output never depends on the directory zapgen runs in.
 */
import { format } from 'prettier';

/** Same values as the repo's `.prettierrc.json` (a test keeps them in sync). */
export const PRETTIER_OPTIONS = {
  singleQuote: true,
  printWidth: 100,
  trailingComma: 'all',
  endOfLine: 'lf',
} as const;

const PARSERS: Record<string, string> = {
  ts: 'typescript',
  mts: 'typescript',
  cts: 'typescript',
  js: 'babel',
  mjs: 'babel',
  cjs: 'babel',
  md: 'markdown',
};

/**
 * The prettier parser for a path, or undefined for files prettier does not format. JSON is not
 * formatted: the emitters write it with `JSON.stringify(value, null, 2)`, npm's own layout, which
 * needs no second pass (and prettier's recursive printer overflows on deeply nested documents).
 */
export function parserFor(filePath: string): string | undefined {
  const extension = /\.([^./]+)$/.exec(filePath)?.[1]?.toLowerCase();
  return extension === undefined ? undefined : PARSERS[extension];
}

/** Formats one file: prettier when it knows the type, then LF line endings and one trailing newline. */
export async function formatFile({ path, contents }: { path: string; contents: string }): Promise<string> {
  const parser = parserFor(path);
  const formatted = parser ? await format(contents, { ...PRETTIER_OPTIONS, parser, filepath: path }) : contents;
  return `${formatted.replace(/\r\n?/g, '\n').replace(/\n*$/, '')}\n`;
}
