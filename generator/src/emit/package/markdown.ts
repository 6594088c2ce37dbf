/** Escaping spec strings for Markdown, so that no name or summary can start a link, table or HTML. */

/** Inline prose: one line, every Markdown and HTML special character backslash-escaped. */
export function markdownText(text: string): string {
  return text
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/[\\`*_{}[\]()<>#+\-.!|~&]/g, (character) => `\\${character}`);
}

/** An inline code span that holds `text` verbatim, whatever backticks it contains. */
export function inlineCode(text: string): string {
  const line = text.replace(/\s+/g, ' ');
  const longest = Math.max(0, ...(line.match(/`+/g) ?? []).map((run) => run.length));
  const fence = '`'.repeat(longest + 1);
  const pad = line.startsWith('`') || line.endsWith('`') ? ' ' : '';
  return `${fence}${pad}${line}${pad}${fence}`;
}
