/**
 * One spec file on disk: its data, and the positions of its nodes. YAML files are parsed once
 * with positions; JSON files are read with `JSON.parse` (fast for multi-megabyte specs) and
 * scanned for positions only when findings need them.
 */
import path from 'node:path';
import { parse as parseJsonc, printParseErrorCode, type ParseError } from 'jsonc-parser';
import {
  isMap,
  isPair,
  isScalar,
  isSeq,
  LineCounter,
  parseDocument,
  visit,
  type Document,
  type Node,
} from 'yaml';
import { BOUNDS_RULE, dataExcess, readSpecFile, yamlExcess } from './bounds.js';
import type { Finding } from './finding.js';
import { jsonOffsets, lineColumns } from './json-positions.js';
import { TEXT_FILE } from './spec-files.js';

/** A 1-based position in a file. */
export interface Position {
  line: number;
  column: number;
}

/** A parsed spec file. */
export interface SourceFile {
  /** Absolute path. */
  path: string;
  /** Path relative to the working directory, as printed in findings. */
  displayPath: string;
  data: unknown;
  /** sha256 of the bytes parsed: what the run cache compares, never the file as it is later. */
  sha256: string;
  /** The text holds `$id` or `$anchor` (JSON Schema identifiers a `$ref` may name). */
  mentionsSchemaIds: boolean;
  /** Position of the node at `segments` (the deepest existing node on the way). */
  locate(segments: readonly string[]): Position;
  /** Positions of many nodes at once (one pass over a JSON file). */
  locateMany(requests: readonly (readonly string[])[]): Position[];
}

/**
 * The result of reading a file: the file, or the findings that explain why it could not be read.
 * `refused` is set when the file was not read at all (missing, a folder, a device, too large):
 * a `$ref` to it is where the problem is reported.
 */
export type ReadResult =
  | { ok: true; file: SourceFile }
  | { ok: false; findings: Finding[]; refused?: { rule: string; reason: string } };

/** Relative, posix-style path for messages. */
export function displayPath(absolutePath: string): string {
  const relative = path.relative(process.cwd(), absolutePath) || absolutePath;
  return relative.split(path.sep).join('/');
}

/**
 * Reads and parses `absolutePath` (YAML or JSON; a Markdown, text or HTML file is its text).
 * Never throws for a user's mistake.
 */
export function readSourceFile(absolutePath: string): ReadResult {
  const shown = displayPath(absolutePath);
  const read = readSpecFile(absolutePath);
  if (!read.ok) {
    const rule = read.notFound ? 'file-not-found' : BOUNDS_RULE;
    return {
      ok: false,
      findings: [fileFinding(shown, rule, `${shown}: ${read.reason}`)],
      refused: { rule, reason: `${shown}: ${read.reason}` },
    };
  }
  let text = read.text;
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
  if (TEXT_FILE.test(absolutePath))
    return { ok: true, file: textFile(absolutePath, shown, text, read.sha256) };

  // A `.json` file is JSON: comments, trailing commas and other YAML-only syntax are errors.
  if (/\.json$/i.test(absolutePath)) {
    let data: unknown;
    try {
      data = JSON.parse(text);
    } catch {
      return { ok: false, findings: jsonSyntaxFindings({ text, shown }) };
    }
    const file = lazyJsonFile({ absolutePath, shown, text, data, sha256: read.sha256 });
    const excess = dataExcess(data);
    if (excess)
      return {
        ok: false,
        findings: [
          { file: shown, ...file.locate(excess.segments), ...boundsFinding(excess.message) },
        ],
      };
    return { ok: true, file };
  }
  const parsed = parseWithPositions(text);
  if (parsed.errors.length) {
    return {
      ok: false,
      findings: parsed.errors.map((error) => ({
        file: shown,
        ...error,
        rule: 'yaml-syntax',
        severity: 'error',
      })),
    };
  }
  // Measured before `toJS`: the data of an alias bomb is small, but every reader after it expands it.
  const excess = yamlExcess(parsed.document);
  if (excess) {
    const { line, col } = parsed.lineCounter.linePos(excess.offset);
    return {
      ok: false,
      findings: [{ file: shown, line, column: col, ...boundsFinding(excess.message) }],
    };
  }
  let data: unknown;
  try {
    // Aliases are measured above; the parser's own guard (a count per anchor) refuses real specs.
    data = parsed.document.toJS({ maxAliasCount: -1 });
  } catch (error) {
    return { ok: false, findings: [fileFinding(shown, 'yaml-syntax', (error as Error).message)] };
  }
  const locate = (segments: readonly string[]) => locateNode(parsed, segments);
  return {
    ok: true,
    file: {
      path: absolutePath,
      displayPath: shown,
      data,
      sha256: read.sha256,
      mentionsSchemaIds: mentionsIds(text),
      locate,
      locateMany: (requests) => requests.map(locate),
    },
  };
}

function boundsFinding(message: string): Pick<Finding, 'rule' | 'severity' | 'message'> {
  return { rule: BOUNDS_RULE, severity: 'error', message };
}

interface Parsed {
  document: Document;
  lineCounter: LineCounter;
  errors: { line: number; column: number; message: string }[];
}

/** Where and why `text` is not strict JSON (called after `JSON.parse` failed, for the positions). */
function jsonSyntaxFindings({ text, shown }: { text: string; shown: string }): Finding[] {
  const errors: ParseError[] = [];
  parseJsonc(text, errors, {
    disallowComments: true,
    allowTrailingComma: false,
    allowEmptyContent: false,
  });
  if (errors.length === 0) return [fileFinding(shown, 'json-syntax', 'the file is not valid JSON')];
  // One error per place: the parser often reports two consequences of one mistake there.
  const first = errors
    .filter((error, index) => errors.findIndex((other) => other.offset === error.offset) === index)
    .slice(0, 20);
  const positions = lineColumns(
    text,
    first.map((error) => error.offset),
  );
  return first.map((error, index) => ({
    file: shown,
    ...positions[index]!,
    rule: 'json-syntax',
    severity: 'error' as const,
    message: `${JSON_ERRORS[error.error] ?? printParseErrorCode(error.error)}${index === 0 ? ' (a .json spec must be strict JSON; name the file .yaml to write YAML)' : ''}`,
  }));
}

/** jsonc-parser's error codes in words. */
const JSON_ERRORS: Partial<Record<number, string>> = {
  1: 'invalid symbol',
  2: 'invalid number format',
  3: 'a property name is expected',
  4: 'a value is expected',
  5: 'a colon is expected',
  6: 'a comma is expected',
  7: 'a closing brace is expected',
  8: 'a closing bracket is expected',
  9: 'end of file expected',
  10: 'comments are not allowed in JSON',
  11: 'unexpected end of comment',
  12: 'unexpected end of string',
  13: 'unexpected end of number',
  14: 'invalid unicode escape',
  15: 'invalid escape character',
  16: 'invalid character in a string',
};

function parseWithPositions(text: string): Parsed {
  const lineCounter = new LineCounter();
  // yaml's own uniqueKeys check is quadratic per mapping; duplicateKeys() is linear.
  const document = parseDocument(text, { lineCounter, prettyErrors: false, uniqueKeys: false });
  const errors = document.errors.map((error) => {
    const { line, col } = lineCounter.linePos(error.pos[0]);
    return { line, column: col, message: error.message.replace(/\s+/g, ' ').trim() };
  });
  for (const { offset, key } of duplicateKeys(document)) {
    const { line, col } = lineCounter.linePos(offset);
    errors.push({
      line,
      column: col,
      message: `duplicate key "${key}" (YAML map keys must be unique)`,
    });
  }
  return { document, lineCounter, errors };
}

/** Keys that appear twice in one mapping, at their second occurrence. */
function duplicateKeys(document: Document): { offset: number; key: string }[] {
  const duplicates: { offset: number; key: string }[] = [];
  visit(document, {
    Map(_, map) {
      const seen = new Set<string>();
      for (const pair of map.items) {
        const key = keyText(pair.key);
        if (key === undefined) continue;
        if (seen.has(key)) duplicates.push({ offset: (pair.key as Node).range?.[0] ?? 0, key });
        seen.add(key);
      }
    },
  });
  return duplicates;
}

/** A JSON file keeps its text only: positions come from a scan of the text when asked for. */
function lazyJsonFile({
  absolutePath,
  shown,
  text,
  data,
  sha256,
}: {
  absolutePath: string;
  shown: string;
  text: string;
  data: unknown;
  sha256: string;
}): SourceFile {
  const locateMany = (requests: readonly (readonly string[])[]) =>
    lineColumns(text, jsonOffsets(text, requests));
  return {
    path: absolutePath,
    displayPath: shown,
    data,
    sha256,
    mentionsSchemaIds: mentionsIds(text),
    locate: (segments) => locateMany([segments])[0] ?? { line: 1, column: 1 },
    locateMany,
  };
}

/**
 * Walks the YAML syntax tree along `segments`. A pointer into a mapping points at the key (where
 * a reader looks for `operationId:`); a pointer into a sequence at the item.
 */
function locateNode({ document, lineCounter }: Parsed, segments: readonly string[]): Position {
  let node: unknown = document.contents;
  let offset = (node as Node | null)?.range?.[0] ?? 0;
  for (const segment of segments) {
    node = resolveAlias(document, node);
    if (isMap(node)) {
      const pair = node.items.find((item) => isPair(item) && keyText(item.key) === segment);
      if (!pair) break;
      offset = (pair.key as Node | null)?.range?.[0] ?? offset;
      node = pair.value;
    } else if (isSeq(node)) {
      const item = node.items[Number(segment)] as Node | undefined;
      if (!/^\d+$/.test(segment) || !item) break;
      offset = item.range?.[0] ?? offset;
      node = item;
    } else {
      break;
    }
  }
  const { line, col } = lineCounter.linePos(offset);
  return { line, column: col };
}

function resolveAlias(document: Document, node: unknown): unknown {
  if (node && typeof node === 'object' && 'resolve' in node && typeof node.resolve === 'function') {
    return (node as { resolve(doc: Document): unknown }).resolve(document);
  }
  return node;
}

function keyText(key: unknown): string | undefined {
  if (isScalar(key)) return String(key.value);
  return undefined;
}

/** A text file: its data is its text, every position its start. */
function textFile(absolutePath: string, shown: string, text: string, sha256: string): SourceFile {
  return {
    path: absolutePath,
    displayPath: shown,
    data: text,
    sha256,
    mentionsSchemaIds: false,
    locate: () => ({ line: 1, column: 1 }),
    locateMany: (requests) => requests.map(() => ({ line: 1, column: 1 })),
  };
}

function mentionsIds(text: string): boolean {
  return text.includes('$id') || text.includes('$anchor');
}

function fileFinding(file: string, rule: string, message: string): Finding {
  return { file, line: 1, column: 1, rule, severity: 'error', message };
}
