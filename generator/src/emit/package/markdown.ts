/** Escaping spec strings for Markdown, so that no name or summary can start a link, table or HTML. */

/**
 * Inline prose: one line, with the characters that mean something anywhere in a line escaped
 * (emphasis, code, links, HTML, tables, entities) and the ones that only matter at the start of a
 * line (headings, lists, setext underlines) escaped there only, so that the text stays readable.
 */
export function markdownText(text: string): string {
  return text
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/[\\`*_[\]<>|~&]/g, (character) => `\\${character}`)
    .replace(/^([#+=-])/, '\\$1')
    .replace(/^(\d+)([.)])/, '$1\\$2');
}

/** An inline code span that holds `text` verbatim, whatever backticks it contains. */
export function inlineCode(text: string): string {
  const line = text.replace(/\s+/g, ' ');
  const longest = Math.max(0, ...(line.match(/`+/g) ?? []).map((run) => run.length));
  const fence = '`'.repeat(longest + 1);
  const pad = line.startsWith('`') || line.endsWith('`') ? ' ' : '';
  return `${fence}${pad}${line}${pad}${fence}`;
}
