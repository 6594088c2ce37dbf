/**
 * JSDoc from spec prose. A description may hold `*\/`, line separators or anything else: the
 * result is always one well-formed comment that cannot end early.
 */

export interface JsDocInput {
  summary?: string;
  description?: string;
  deprecated?: boolean | string;
  /** Extra tags, written as `@tag text`. */
  tags?: { tag: string; text?: string }[];
}

/** Escapes text for use inside a block comment. */
export function commentText(text: string): string {
  return text
    .replace(/\r\n?|[\u2028\u2029\u0085]/g, '\n')
    .replace(/\*\//g, '*\\/')
    .replace(/\/\*/g, '/\\*')
    .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g, '');
}

/** The lines of a JSDoc body, without the comment markers; empty when there is nothing to say. */
export function jsDocLines(input: JsDocInput): string[] {
  const lines: string[] = [];
  const push = (text: string | undefined) => {
    if (!text?.trim()) return;
    if (lines.length) lines.push('');
    lines.push(
      ...commentText(text.trim())
        .split('\n')
        .map((line) => line.trimEnd()),
    );
  };
  push(input.summary);
  if (input.description?.trim() !== input.summary?.trim()) push(input.description);
  const tags: string[] = [];
  if (input.deprecated) {
    tags.push(
      typeof input.deprecated === 'string'
        ? `@deprecated ${commentText(input.deprecated)}`
        : '@deprecated',
    );
  }
  for (const { tag, text } of input.tags ?? []) {
    tags.push(text ? `@${tag} ${commentText(text).replace(/\n/g, ' ')}` : `@${tag}`);
  }
  if (tags.length) {
    if (lines.length) lines.push('');
    lines.push(...tags);
  }
  return lines;
}

/**
 * The one printer of a doc comment of escaped `lines` (`commentText`, `jsDocLines`), followed by
 * a newline: one line on one line (`/** … *\/`) when `compact`, otherwise a block; `''` when
 * there are no lines.
 */
export function jsDocComment(lines: readonly string[], { compact = false } = {}): string {
  if (!lines.length) return '';
  if (compact && lines.length === 1) return `/** ${lines[0]} */\n`;
  return `/**\n${lines.map((line) => (line ? ` * ${line}` : ' *')).join('\n')}\n */\n`;
}

/** A complete `/** ... *\/` comment followed by a newline, or `''` when there is nothing to say. */
export function jsDoc(input: JsDocInput): string {
  return jsDocComment(jsDocLines(input));
}
