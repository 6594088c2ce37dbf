/**
 * `types.ts` cut into the members the type check can take one by one (issue 24: an edit of one
 * operation or schema should not type-check all of GitHub's 5 MB of types again). A member is one
 * entry of `paths`, `webhooks` or `operations`, one entry of a `components` section, or one other
 * top-level statement (an alias). What the checker says about a member depends only on its own
 * tokens and on the members it refers to, through `components['schemas']['Pet']`,
 * `operations['getPet']` or a top-level name, transitively: its `closure` digest names all of
 * that, so a member whose digest was found clean before is clean again, and a module holding only
 * the members an edit touched and their closures (`reducedTypes`) makes the checker say about
 * them what it says in the whole file.
 *
 * The cut is read with TypeScript's scanner, not a parse. A text of another shape than the types
 * printer writes, one the scanner cannot read out of context (a template literal type), or one
 * that could speak to the checker (`@ts-`), has no sections: it is checked whole.
 */
import { createHash } from 'node:crypto';
import type TS from 'typescript';
import { ts } from './typescript.js';

export interface TypesSection {
  /** `components\0schemas\0Pet`, `operations\0getPet`, `top\0Pet` (an alias). */
  id: string;
  /** The member's text, its leading comments included, in the module. */
  start: number;
  end: number;
  /** sha256 of the member's tokens without comments. */
  code: string;
  /** The sections it refers to. */
  refers: Set<string>;
}

export interface TypesSections {
  source: string;
  /** Digest of the module's tokens without comments: the whole module's key. */
  code: string;
  sections: Map<string, TypesSection>;
  /** Each path that holds sections → the sections under it. */
  children: Map<string, string[]>;
  /** The digest of each section with everything it refers to, transitively. */
  closure(id: string): string;
  /** The sections `ids` refer to, transitively, with themselves. */
  reach(ids: Iterable<string>): Set<string>;
}

/** Interfaces whose members are sections; `components`' members are groups of sections. */
const FLAT_ROOTS = new Set(['paths', 'webhooks', 'operations']);
const GROUPED_ROOT = 'components';

interface Token {
  kind: TS.SyntaxKind;
  text: string;
  /** A string or numeric literal's value. */
  value: string;
}

/** What a run of tokens says: its code's digest, the sections it names, and the names it names only in part. */
interface Read {
  code: string;
  refers: Set<string>;
  /** `components`, `components\0schemas`: every section under it. */
  under: Set<string>;
}

/** The sections of `source`, or undefined when it is not of the shape the types printer writes. */
export function typesSections(source: string): TypesSections | undefined {
  if (source.includes('@ts-')) return undefined;
  const scanner = scannerOf(source);
  // The module's code: each section's digest in place of its tokens.
  const whole: string[] = [];
  const read: { id: string; start: number; end: number; read: Read }[] = [];
  // The open braces; for each, the path of the sections it holds (undefined: inside one).
  const containers: (string[] | undefined)[] = [];
  let member: { path: string[]; start: number; tokens: Token[]; depth: number } | undefined;
  let statement: Token[] = [];
  let statementStart = 0;
  let sectionStart = 0;
  let previous = 0;
  for (let kind = scanner.scan(); kind !== ts.SyntaxKind.EndOfFileToken; kind = scanner.scan()) {
    if (kind >= ts.SyntaxKind.FirstTemplateToken && kind <= ts.SyntaxKind.LastTemplateToken)
      return undefined;
    const token = tokenOf(scanner, kind);
    const depth = containers.length;
    const container = depth ? containers[depth - 1] : undefined;
    if (member) member.tokens.push(token);
    else if (container) {
      whole.push(token.text);
      // The `;` after a group's `}` is the group's: the next member starts after it.
      if (kind === ts.SyntaxKind.SemicolonToken) sectionStart = scanner.getTokenEnd();
      else if (kind !== ts.SyntaxKind.CloseBraceToken) {
        // The first token of a member.
        const name = memberName(token);
        if (name === undefined) return undefined;
        member = { path: [...container, name], start: sectionStart, tokens: [token], depth };
      }
    } else {
      whole.push(token.text);
      if (!statement.length) statementStart = previous;
      statement.push(token);
    }
    if (kind === ts.SyntaxKind.OpenBraceToken) {
      let opened: string[] | undefined;
      if (depth === 0) {
        // `export interface <root> {`
        const [first, second, third] = statement.map((entry) => entry.text);
        const root = first === 'export' && second === 'interface' ? third : undefined;
        if (
          root !== undefined &&
          statement.length === 4 &&
          (FLAT_ROOTS.has(root) || root === GROUPED_ROOT)
        ) {
          opened = [root];
          statement = [];
        }
      } else if (
        member &&
        depth === member.depth &&
        member.path[0] === GROUPED_ROOT &&
        member.path.length === 2 &&
        member.tokens.length === 3 &&
        member.tokens[1]!.kind === ts.SyntaxKind.ColonToken
      ) {
        // `schemas: {` in `components`: a group whose members are sections.
        opened = member.path;
        whole.push(...member.tokens.map((entry) => entry.text));
        member = undefined;
      }
      containers.push(opened);
      if (opened) sectionStart = scanner.getTokenEnd();
    } else if (kind === ts.SyntaxKind.CloseBraceToken) {
      if (!depth) return undefined;
      if (containers.pop()) {
        if (member) return undefined;
        sectionStart = scanner.getTokenEnd();
      }
    } else if (kind === ts.SyntaxKind.SemicolonToken) {
      if (member && depth === member.depth) {
        const tokens = readTokens(member.tokens);
        whole.push(`\u0001${tokens.code}`);
        read.push({
          id: member.path.join('\0'),
          start: member.start,
          end: scanner.getTokenEnd(),
          read: tokens,
        });
        member = undefined;
        sectionStart = scanner.getTokenEnd();
      } else if (!member && depth === 0) {
        // `export type <name> = …;`
        const [first, second, third] = statement;
        if (
          first?.text !== 'export' ||
          second?.text !== 'type' ||
          third?.kind !== ts.SyntaxKind.Identifier
        )
          return undefined;
        read.push({
          id: `top\0${third.text}`,
          start: statementStart,
          end: scanner.getTokenEnd(),
          read: readTokens(statement.slice(3)),
        });
        statement = [];
      }
    }
    previous = scanner.getTokenEnd();
  }
  if (containers.length || member || statement.length) return undefined;
  const sections = new Map<string, TypesSection>();
  const children = childrenOf(read.map(({ id }) => id));
  for (const {
    id,
    start,
    end,
    read: { code },
  } of read) {
    if (sections.has(id)) return undefined;
    sections.set(id, { id, start, end, code, refers: new Set() });
  }
  for (const {
    id,
    read: { refers, under },
  } of read)
    sections.get(id)!.refers = resolved({ refers, under, children, sections });
  const code = createHash('sha256').update(whole.join('\0')).digest('base64url');
  return withClosures({ source, code, sections, children });
}

/** The sections a text of types or fixtures refers to (its imports left out by the caller). */
export function referencesIn(text: string, types: TypesSections): Set<string> {
  const scanner = scannerOf(text);
  const tokens: Token[] = [];
  for (let kind = scanner.scan(); kind !== ts.SyntaxKind.EndOfFileToken; kind = scanner.scan())
    tokens.push(tokenOf(scanner, kind));
  const { refers, under } = readTokens(tokens);
  return resolved({ refers, under, children: types.children, sections: types.sections });
}

function scannerOf(text: string): TS.Scanner {
  return ts.createScanner(ts.ScriptTarget.ES2022, true, ts.LanguageVariant.Standard, text);
}

function tokenOf(scanner: TS.Scanner, kind: TS.SyntaxKind): Token {
  const text = scanner.getTokenText();
  const literal = kind === ts.SyntaxKind.StringLiteral || kind === ts.SyntaxKind.NumericLiteral;
  return { kind, text, value: literal ? scanner.getTokenValue() : text };
}

/** Each path that holds sections (`components\0schemas`, `components`, `top`) → what it holds. */
function childrenOf(ids: readonly string[]): Map<string, string[]> {
  const children = new Map<string, string[]>();
  for (const id of ids) {
    const parts = id.split('\0');
    for (let length = 1; length < parts.length; length += 1) {
      const parent = parts.slice(0, length).join('\0');
      let list = children.get(parent);
      if (!list) children.set(parent, (list = []));
      list.push(id);
    }
  }
  return children;
}

function resolved({
  refers,
  under,
  children,
  sections,
}: {
  refers: ReadonlySet<string>;
  under: ReadonlySet<string>;
  children: ReadonlyMap<string, string[]>;
  sections: ReadonlyMap<string, TypesSection>;
}): Set<string> {
  // A name of nothing is left out: it names nothing in the whole module either.
  const all = new Set([...refers].filter((id) => sections.has(id)));
  for (const path of under) for (const id of children.get(path) ?? []) all.add(id);
  return all;
}

/**
 * The digest of `tokens` and the sections they name: `root['a']['b']` as far as the brackets
 * go, else every section under what they do name (a bare `components` is all of them, a bare
 * `webhooks` its statement); any other name is the top-level statement of that name, if any. A
 * name followed by `:` or `?:` is a property, not a reference.
 */
function readTokens(tokens: readonly Token[]): Read {
  const refers = new Set<string>();
  const under = new Set<string>();
  for (let index = 0; index < tokens.length; index += 1) {
    const token = tokens[index]!;
    if (token.kind !== ts.SyntaxKind.Identifier) continue;
    const next = tokens[index + 1];
    if (next?.kind === ts.SyntaxKind.ColonToken) continue;
    if (
      next?.kind === ts.SyntaxKind.QuestionToken &&
      tokens[index + 2]?.kind === ts.SyntaxKind.ColonToken
    )
      continue;
    refers.add(`top\0${token.text}`);
    if (!FLAT_ROOTS.has(token.text) && token.text !== GROUPED_ROOT) continue;
    const path = [token.text];
    const levels = token.text === GROUPED_ROOT ? 2 : 1;
    for (let at = index + 1; path.length <= levels; at += 3) {
      const [open, key, close] = [tokens[at], tokens[at + 1], tokens[at + 2]];
      if (
        open?.kind !== ts.SyntaxKind.OpenBracketToken ||
        (key?.kind !== ts.SyntaxKind.StringLiteral && key?.kind !== ts.SyntaxKind.NumericLiteral) ||
        close?.kind !== ts.SyntaxKind.CloseBracketToken
      )
        break;
      path.push(memberName(key)!);
    }
    if (path.length > levels) refers.add(path.join('\0'));
    else under.add(path.join('\0'));
  }
  const code = createHash('sha256')
    .update(tokens.map((token) => token.text).join('\0'))
    .digest('base64url');
  return { code, refers, under };
}

function memberName(token: Token): string | undefined {
  // A keyword is a member name too (`import: {…}`).
  if (
    token.kind === ts.SyntaxKind.Identifier ||
    token.kind === ts.SyntaxKind.StringLiteral ||
    (token.kind >= ts.SyntaxKind.FirstKeyword && token.kind <= ts.SyntaxKind.LastKeyword)
  )
    return token.value;
  if (token.kind === ts.SyntaxKind.NumericLiteral) return String(Number(token.value));
  return undefined;
}

function withClosures(parts: Omit<TypesSections, 'closure' | 'reach'>): TypesSections {
  const { sections } = parts;
  const reach = (ids: Iterable<string>): Set<string> => {
    const seen = new Set<string>();
    const stack = [...ids];
    while (stack.length) {
      const id = stack.pop()!;
      if (seen.has(id)) continue;
      seen.add(id);
      for (const next of sections.get(id)?.refers ?? []) if (!seen.has(next)) stack.push(next);
    }
    return seen;
  };
  const closures = new Map<string, string>();
  const closure = (id: string): string => {
    let digest = closures.get(id);
    if (digest === undefined) {
      const hash = createHash('sha256').update(id);
      // Every section reached, by id, with its code.
      for (const reached of [...reach([id])].sort())
        hash.update(`\0${reached}\0${sections.get(reached)!.code}`);
      digest = hash.digest('base64url');
      closures.set(id, digest);
    }
    return digest;
  };
  return { ...parts, closure, reach };
}

/**
 * `types` with only the sections `keep` (the other members and statements left out, the
 * structure around them kept): what the checker says of a kept section there is what it says in
 * the whole module, when `keep` holds everything the kept sections refer to.
 */
export function reducedTypes(types: TypesSections, keep: ReadonlySet<string>): string {
  const dropped = [...types.sections.values()]
    .filter((section) => !keep.has(section.id))
    .sort((a, b) => a.start - b.start);
  const pieces: string[] = [];
  let at = 0;
  for (const section of dropped) {
    pieces.push(types.source.slice(at, section.start));
    at = section.end;
  }
  pieces.push(types.source.slice(at));
  return pieces.join('');
}
