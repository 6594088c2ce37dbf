/**
 * The verify phase, between emit and write: what zapgen ships must compile, and a typed relation
 * it cannot prove is left out with a warning instead of breaking a user's build.
 *
 * What still needs a proof here is one relation: the fixtures' values are written
 * `<value> satisfies <type>`, and a value valid for the spec can still be one that TypeScript's
 * reading of the type rejects (an excess property of a closed type literal, a literal widened
 * under an index signature). `fixtures.ts` is type-checked in memory beside `types.ts`, in slices,
 * and a fixture the checker rejects loses its `satisfies`. `types.ts` is printed from the model
 * to compile by construction (a schema it cannot type is printed `unknown` with a warning there,
 * `emit/typescript-types/degraded.ts`; its agreement with openapi-typescript and with TypeScript
 * 5 and 7 is proven by tests, not on every run); its diagnostics come for free from the program
 * that checks the first slice, and are the net under the printer: a property whose type still
 * does not compile, wherever it sits, is written `unknown` with a warning, so that a printer bug
 * costs one type, not the user's build (issue 21: no valid document ends in an internal error).
 */
import type TS from 'typescript';
import { ts } from './typescript.js';
import type { EmittedFile } from '../emit/index.js';
import { fixtureConstNames } from '../emit/fixtures/module.js';
import { typesSource } from '../emit/typescript-types/index.js';
import type { ApiModel } from '../model/types.js';
import { escapeSegment, operationPointer } from '../json/pointer.js';
import { collectGarbage, LARGE_HEAP } from '../memory.js';
import { Memo } from '../memo/index.js';
import { reducedTypes, referencesIn, typesSections, type TypesSections } from './sections.js';
import {
  checkSources,
  deepest,
  describe,
  flatten,
  forgetTypes,
  nameText,
  propertyPath,
  revived,
  type CheckRequest,
  type CheckResult,
  type StoredDiagnostic,
  type VerifiedPaths,
} from './check.js';

/** A problem found by verification, located by a JSON pointer of the bundled document. */
export interface VerifyWarning {
  pointer: string;
  rule: 'type-replaced' | 'fixture-untyped';
  message: string;
}

/**
 * `files` with `types.ts` recompiled until it type-checks and every `satisfies` of `fixtures.ts`
 * that the checker rejects removed, with a warning for each change.
 */
export async function verifyPackage<F extends EmittedFile>({
  model,
  files,
  paths,
  runtimePackage,
  sliceChars = SLICE_CHARS,
  memo,
  pool,
  pooledChars = POOLED_CHARS,
  later,
}: {
  model: ApiModel;
  files: readonly F[];
  /**
   * Files still being emitted when the phase starts (the fixtures, while `files` has the types):
   * when the types' check goes to the pool, it runs alone meanwhile, and the fixtures are checked
   * when they come; otherwise the phase waits for them and checks as if given them at once.
   */
  later?: Promise<readonly F[]>;
  /** Which of `files` are the types and the fixtures (the registry's declarations). */
  paths: VerifiedPaths;
  /** The package the generated code imports the runtime from (`@zapgen/runtime`). */
  runtimePackage: string;
  /** Characters of fixtures per checked slice (tests make every entry a slice). */
  sliceChars?: number;
  /**
   * What earlier runs found (`memo/index.ts`): the replacements of a `types.ts` text, and the
   * diagnostics of a slice of fixtures beside a `types.ts` text, keyed by those texts.
   */
  memo?: Memo;
  /**
   * Another thread for the type checks (`workers/pool.ts`), so that the emitters can run on
   * meanwhile: its `checkSources` and `forgetTypes`. Default: this thread.
   */
  pool?: {
    check: (request: CheckRequest) => Promise<CheckResult>;
    forget: () => Promise<void>;
  };
  /** Characters of a check above which it goes to the pool (tests send every check). */
  pooledChars?: number;
}): Promise<{ files: F[]; warnings: VerifyWarning[] }> {
  let pooled = false;
  const check = async (sources: CheckedSources): Promise<CheckResult> => {
    const size = sources.types.length + (sources.fixtures?.length ?? 0);
    if (!pool || size <= pooledChars) return checkSources({ runtimePackage, paths, ...sources });
    pooled = true;
    return pool.check({ runtimePackage, paths, ...sources });
  };
  try {
    const typesSize = files.find((file) => file.path === paths.types)?.contents.length;
    const typesFirst = later && pool && typesSize !== undefined && typesSize > pooledChars;
    if (later && !typesFirst) files = [...files, ...(await later)];
    return await verifyWith({
      model,
      files,
      ...(typesFirst && { later }),
      paths,
      runtimePackage,
      sliceChars,
      memo,
      check,
    });
  } finally {
    forgetTypes();
    // A pool that failed has said why already, through the check.
    if (pooled) await pool!.forget().catch(() => undefined);
  }
}

/**
 * Characters of types and fixtures above which a check runs in a worker thread: below (the
 * sections an edit reached, a small spec), the worker's start, loading TypeScript again, costs
 * more than the check.
 */
const POOLED_CHARS = 1_000_000;

/** What `check` is given: the types, a module of fixtures, and whether the types' own diagnostics are known. */
interface CheckedSources {
  types: string;
  fixtures?: string;
  typesKnown?: boolean;
}

async function verifyWith<F extends EmittedFile>({
  model,
  files,
  later,
  paths,
  runtimePackage,
  sliceChars,
  memo,
  check,
}: {
  model: ApiModel;
  files: readonly F[];
  /** The fixtures, still being emitted: the types are checked alone first (`verifyPackage`). */
  later?: Promise<readonly F[]>;
  paths: VerifiedPaths;
  runtimePackage: string;
  sliceChars: number;
  memo: Memo | undefined;
  check: (sources: CheckedSources) => Promise<CheckResult>;
}): Promise<{ files: F[]; warnings: VerifyWarning[] }> {
  const warnings: VerifyWarning[] = [...typesSource(model).warnings];
  let types = files.find((file) => file.path === paths.types)?.contents;
  if (types === undefined) return { files: [...files, ...((await later) ?? [])], warnings };
  // The fixtures are checked in slices (see `SLICE_CHARS`), the first one with the types, unless
  // they come `later`.
  const slicesOf = (fixturesFile: F | undefined): FixturePart[] => {
    const unproven = fixturesFile?.unproven;
    return fixturesFile === undefined
      ? []
      : fixtureSlices({
          source: fixturesFile.contents,
          maxChars: sliceChars,
          checked: unproven && ((name) => unproven.has(name)),
        });
  };
  let parts = later ? [] : slicesOf(files.find((file) => file.path === paths.fixtures));
  const first = parts.find((part) => part.kind === 'slice');
  // The printer writes types that compile by construction and degrades what it cannot say; this
  // is the net under it, for a bug of the printer or a checker limit it did not foresee: the type
  // of the innermost property around each diagnostic, wherever it sits (a schema, a parameter
  // group, an operation's responses), is written `unknown`, with a warning, and checked again.
  const printed = types;
  const replaced: string[][] = [];
  // With a memo, the types are cut into sections (`sections.ts`): what the checker found clean
  // before is not checked again, and each slice of fixtures is checked beside the sections it
  // names only.
  const printedSections = memo && typesSections(printed);
  const printedCode = memo && (printedSections?.code ?? codeOf(printed));
  const typesKey = printedCode && Memo.key('verify-types', runtimePackage, printedCode);
  let known = typesKey === undefined ? undefined : memo!.get<TypeReplacement[]>(typesKey);
  const sectionKey = (id: string) =>
    Memo.key('verify-section', runtimePackage, printedSections!.closure(id));
  if (!known && printedSections) {
    known = await checkedSections({
      sections: printedSections,
      memo: memo!,
      key: sectionKey,
      check,
    });
    if (known) memo!.set(typesKey!, known);
  }
  if (known) {
    for (const replacement of known) replaced.push(replacement.path);
    warnings.push(...known.map((replacement) => typeReplacedWarning({ model, ...replacement })));
    if (known.length)
      types = replaceTypesAt({ file: paths.types, source: printed, paths: replaced });
  }
  const replacements: TypeReplacement[] = [];
  let checked = known ? undefined : await check({ types, fixtures: first?.module });
  for (let round = 1; checked?.types.length; round += 1) {
    const before = replaced.length;
    for (const { path, reason } of checked.types) {
      if (!path || replaced.some((other) => other.join('\0') === path.join('\0'))) continue;
      replaced.push(path);
      replacements.push({ path, reason });
      warnings.push(typeReplacedWarning({ model, path, reason }));
    }
    if (replaced.length === before || round > 5)
      throw new Error(
        `types.ts does not compile, and replacing ${replaced.map((path) => path.join('.')).join(', ') || 'nothing'} did not help: ${checked.types.map((problem) => problem.description).join('; ')}`,
      );
    types = replaceTypesAt({ file: paths.types, source: printed, paths: replaced });
    checked = await check({ types, fixtures: first?.module });
  }
  if (typesKey !== undefined && !known) {
    memo!.set(typesKey, replacements);
    // Every section of types the checker found clean is clean wherever it is again.
    if (printedSections && !replacements.length)
      for (const id of printedSections.sections.keys()) memo!.set(sectionKey(id), true);
  }
  // The diagnostics of a slice, from the memo or the checker. A program checking a slice needs
  // the types parsed: the first one parses them, the others reuse them (in the thread that parsed
  // them), or, cut in sections, it reads those the slice names.
  let typesParsed = checked !== undefined;
  const sections = types === printed ? printedSections : memo && typesSections(types);
  const typesHash =
    printedCode && !sections
      ? Memo.key('types', types === printed ? printedCode : codeOf(types))
      : undefined;
  const sliceDiagnostics = async (
    part: Extract<FixturePart, { kind: 'slice' }>,
  ): Promise<TS.Diagnostic[]> => {
    const named = sections && referencesIn(part.module.slice(part.entriesStart), sections);
    const typesOfSlice = named
      ? [...named]
          .sort()
          .map((id) => sections!.closure(id))
          .join(',')
      : typesHash;
    const key =
      typesOfSlice === undefined
        ? undefined
        : Memo.key('verify-fixtures', runtimePackage, typesOfSlice, part.module);
    const found = key === undefined ? undefined : memo!.get<StoredDiagnostic[]>(key);
    if (found) return found.map(revived);
    let diagnostics: StoredDiagnostic[];
    if (part === first && checked) diagnostics = checked.fixtures;
    else if (named && !typesParsed)
      diagnostics = (
        await check({
          types: reducedTypes(sections!, sections!.reach(named)),
          fixtures: part.module,
          typesKnown: true,
        })
      ).fixtures;
    else {
      diagnostics = (await check({ types, fixtures: part.module, typesKnown: true })).fixtures;
      typesParsed = true;
    }
    if (key !== undefined) memo!.set(key, diagnostics);
    return diagnostics.map(revived);
  };
  if (later) {
    files = [...files, ...(await later)];
    parts = slicesOf(files.find((file) => file.path === paths.fixtures));
  }
  let fixtures = files.find((file) => file.path === paths.fixtures)?.contents;
  if (fixtures !== undefined) {
    const owners = fixtureOwners(model);
    const verified: string[] = [];
    // Each slice after the first is checked in a program of its own, beside the one parsed and
    // bound `types.ts`, and the garbage of each collected: one program over GitHub's fixtures was
    // most of a run's peak memory. A fixture's check depends on the types only, so the slices find
    // what the whole file would.
    for (const part of parts) {
      if (part.kind === 'text') {
        verified.push(part.text);
        continue;
      }
      const diagnostics = await sliceDiagnostics(part);
      collectGarbage({ aboveBytes: LARGE_HEAP });
      if (!diagnostics.length) {
        verified.push(part.entries);
        continue;
      }
      // Removing a `satisfies` cannot make anything else fail (a bare literal has no type to
      // break), so the pruned slice needs no second check.
      const pruned = pruneSatisfies({
        file: paths.fixtures,
        source: part.module,
        diagnostics,
        owners,
        operationPointer: (operationId) => pointerOfOperation({ model, operationId }),
      });
      verified.push(entriesAfter(part, pruned.source));
      warnings.push(...pruned.warnings);
    }
    fixtures = verified.join('');
  }
  const outputs = new Map([
    [paths.types, types],
    ...(fixtures === undefined ? [] : [[paths.fixtures, fixtures] as const]),
  ]);
  return {
    files: files.map((file) => ({ ...file, contents: outputs.get(file.path) ?? file.contents })),
    warnings,
  };
}

/**
 * The replacements of `types.ts` when every section the memo does not know clean is clean: those
 * are checked in a module holding them and what they refer to (a small edit's few kilobytes, not
 * GitHub's 5 MB), and marked clean. Undefined when nothing is known yet (a first run checks the
 * whole module) or when the checker finds a problem (the whole module is checked, as without a
 * memo, to replace what does not compile).
 */
async function checkedSections({
  sections,
  memo,
  key,
  check,
}: {
  sections: TypesSections;
  memo: Memo;
  key: (id: string) => string;
  check: (sources: CheckedSources) => Promise<CheckResult>;
}): Promise<TypeReplacement[] | undefined> {
  const ids = [...sections.sections.keys()];
  const unknown = ids.filter((id) => memo.get(key(id)) === undefined);
  if (unknown.length === ids.length) return undefined;
  if (
    unknown.length &&
    (await check({ types: reducedTypes(sections, sections.reach(unknown)) })).types.length
  )
    return undefined;
  for (const id of unknown) memo.set(key(id), true);
  return [];
}

/**
 * The tokens of a types module without its comments, which are most of what a small edit of a
 * spec changes in it (a summary, a description) and nothing the checker reads: the memo's key of
 * what the checker found. A text that could hold a directive to the checker (`@ts-`), or whose
 * tokens the scanner reads differently in context (a template literal), is its own key.
 */
function codeOf(source: string): string {
  if (source.includes('@ts-') || source.includes('`')) return source;
  const scanner = ts.createScanner(
    ts.ScriptTarget.ES2022,
    true,
    ts.LanguageVariant.Standard,
    source,
  );
  const tokens: string[] = [];
  for (let token = scanner.scan(); token !== ts.SyntaxKind.EndOfFileToken; token = scanner.scan())
    tokens.push(scanner.getTokenText());
  return tokens.join('\0');
}

/** A property of `types.ts` written `unknown` because its type did not compile, and why. */
interface TypeReplacement {
  [key: string]: string[] | string;
  path: string[];
  reason: string;
}

function typeReplacedWarning({
  model,
  path,
  reason,
}: {
  model: ApiModel;
  path: string[];
  reason: string;
}): VerifyWarning {
  return {
    pointer: pointerOfTypePath({ model, path }),
    rule: 'type-replaced',
    message: `the type \`${path.join('.')}\` does not compile (${reason}); it is \`unknown\` in types.ts`,
  };
}

/**
 * Characters of fixtures checked in one program: few enough to bound the checker's memory, enough
 * that the types each slice needs are resolved a few times only.
 */
const SLICE_CHARS = 2_000_000;

/** A part of the fixtures module: text around the fixtures, or a run of entries with a module that checks them. */
type FixturePart =
  | { kind: 'text'; text: string }
  | {
      kind: 'slice';
      /** The entries as they are in the module. */
      entries: string;
      /** The module's imports, then the entries to check (all of `entries`, or the unproven ones). */
      module: string;
      /** Where the entries start in `module`, and how many characters follow them. */
      entriesStart: number;
      entriesEnd: number;
      /**
       * When only some entries are checked: every entry of the run, and the indexes of those in
       * `module` (in order), so that their pruned text can be put back among the others.
       */
      pieces?: { all: string[]; checked: number[] };
    };

const ENTRY_START = /^const (\w+) = \{\n$/;

/**
 * The fixtures module as `emit/fixtures/module.ts` prints it (each schema's and operation's
 * fixtures a statement `const <name> = {` … `};` at the start of a line, then the maps that name
 * them) cut into parts that join back into it, the entries in slices of about `maxChars` of
 * entries to check. `checked` says which consts need the checker (default all): a run of
 * entries none of which does is text. A module of another shape is one slice.
 */
export function fixtureSlices({
  source,
  maxChars,
  checked,
}: {
  source: string;
  maxChars: number;
  checked?: (constName: string) => boolean;
}): FixturePart[] {
  const lines = source.split(/(?<=\n)/);
  const imports = lines.filter((line) => line.startsWith('import ')).join('');
  const parts: FixturePart[] = [];
  let text = '';
  let entries: { text: string; checked: boolean }[] = [];
  let size = 0;
  let sawEntry = false;
  const flush = () => {
    if (!entries.length) return;
    const all = entries.map((entry) => entry.text);
    const indexes = entries.flatMap((entry, index) => (entry.checked ? [index] : []));
    if (!indexes.length) text += all.join('');
    else {
      const body = indexes.map((index) => all[index]!).join('');
      parts.push(
        { kind: 'text', text },
        {
          kind: 'slice',
          entries: all.join(''),
          module: `${imports}${body}`,
          entriesStart: imports.length,
          entriesEnd: 0,
          ...(indexes.length < all.length && { pieces: { all, checked: indexes } }),
        },
      );
      text = '';
    }
    entries = [];
    size = 0;
  };
  for (let index = 0; index < lines.length;) {
    const start = ENTRY_START.exec(lines[index]!);
    if (!start) {
      // Text between entries ends the run of entries before it.
      if (lines[index] !== '\n' || !entries.length) {
        flush();
        text += lines[index];
      } else entries[entries.length - 1]!.text += lines[index]!;
      index += 1;
      continue;
    }
    let entry = '';
    for (; index < lines.length && lines[index] !== '};\n'; index += 1) entry += lines[index];
    if (index === lines.length) return [whole(source)];
    entry += lines[index];
    index += 1;
    if (size >= maxChars) flush();
    sawEntry = true;
    const isChecked = checked?.(start[1]!) ?? true;
    entries.push({ text: entry, checked: isChecked });
    if (isChecked) size += entry.length;
  }
  flush();
  if (!sawEntry) return [whole(source)];
  parts.push({ kind: 'text', text });
  return parts.filter((part) => part.kind === 'slice' || part.text !== '');
}

/** A slice's entries with the checked ones replaced by their text in `module` (after pruning). */
function entriesAfter(part: Extract<FixturePart, { kind: 'slice' }>, module: string): string {
  const checkedText = module.slice(part.entriesStart, module.length - part.entriesEnd);
  if (!part.pieces) return checkedText;
  const lines = checkedText.split(/(?<=\n)/);
  const pruned: string[] = [];
  for (const line of lines) {
    if (ENTRY_START.test(line) || !pruned.length) pruned.push(line);
    else pruned[pruned.length - 1] += line;
  }
  const all = [...part.pieces.all];
  part.pieces.checked.forEach((index, order) => (all[index] = pruned[order]!));
  return all.join('');
}

/** The whole module as one slice. */
function whole(source: string): FixturePart {
  return { kind: 'slice', entries: source, module: source, entriesStart: 0, entriesEnd: 0 };
}

/** `#/components/schemas/<name>`. */
function pointerOf(name: string): string {
  return `#/components/schemas/${escapeSegment(name)}`;
}

/**
 * `source` with the `satisfies` clause around each diagnostic removed (the innermost one holding
 * it), and a warning per removed clause naming the fixture by its keys
 * (`componentFixtures.Pet.full`). A diagnostic outside any clause is a bug and is rethrown.
 */
function pruneSatisfies({
  file: fileName,
  source,
  diagnostics,
  owners,
  operationPointer,
}: {
  file: string;
  source: string;
  diagnostics: readonly TS.Diagnostic[];
  /** The map and key of each fixture const (`PetSchemaFixture` → `componentFixtures`, `Pet`). */
  owners: ReadonlyMap<string, [string, string]>;
  operationPointer: (operationId: string) => string;
}): { source: string; warnings: VerifyWarning[] } {
  const file = ts.createSourceFile(
    fileName,
    source,
    ts.ScriptTarget.ES2022,
    true,
    ts.ScriptKind.TS,
  );
  // A proven value is written `<value> as T` alone (`emit/fixtures/module.ts`): where it sits in a
  // checked slice and the checker disagrees with the proof, its `as T` is what goes.
  type Clause = TS.SatisfiesExpression | TS.AsExpression;
  const isClause = (node: TS.Node): node is Clause =>
    ts.isSatisfiesExpression(node) || ts.isAsExpression(node);
  const clauses = new Map<Clause, TS.Diagnostic>();
  for (const diagnostic of diagnostics) {
    let node: TS.Node | undefined =
      diagnostic.start === undefined ? undefined : deepest(file, diagnostic.start);
    while (node && !isClause(node)) node = node.parent;
    if (!node)
      throw new Error(
        `fixtures.ts does not compile outside any typed fixture: ${describe(diagnostic)}`,
      );
    if (!clauses.has(node)) clauses.set(node, diagnostic);
  }
  const warnings: VerifyWarning[] = [];
  // From the end, so that earlier offsets stay valid.
  const ordered = [...clauses].sort(([a], [b]) => b.getStart(file) - a.getStart(file));
  let text = source;
  for (const [clause, diagnostic] of ordered) {
    const [local = '', ...path] = fixtureKeys(clause);
    const keys = [...(owners.get(local) ?? [local]), ...path];
    // `<value> satisfies T as T`: the `as T` goes with the proof it stands on.
    const end =
      ts.isAsExpression(clause.parent) && clause.parent.expression === clause
        ? clause.parent.getEnd()
        : clause.getEnd();
    text = `${text.slice(0, clause.expression.getEnd())} /* not typed: TS${diagnostic.code} */${text.slice(end)}`;
    const [root, name = ''] = keys;
    warnings.push({
      pointer: root === 'componentFixtures' ? pointerOf(name) : operationPointer(name),
      rule: 'fixture-untyped',
      message: `fixture ${keys.join('.')} is valid for the spec but not for its TypeScript type, so it is written without \`satisfies\` (TS${diagnostic.code}: ${flatten(diagnostic)})`,
    });
  }
  return { source: text, warnings: warnings.reverse() };
}

/** For each fixture const of the module, the map that names it and its key there. */
function fixtureOwners(model: ApiModel): Map<string, [string, string]> {
  const names = fixtureConstNames(model);
  return new Map([
    ...[...names.components].map(
      ([name, local]) => [local, ['componentFixtures', name]] as [string, [string, string]],
    ),
    ...[...names.operations].map(
      ([operationId, local]) =>
        [local, ['operationFixtures', operationId]] as [string, [string, string]],
    ),
  ]);
}

/** The keys of the object literals around `node`, outermost first, starting at the const. */
function fixtureKeys(node: TS.Node): string[] {
  const keys: string[] = [];
  for (let current: TS.Node | undefined = node; current; current = current.parent) {
    if (ts.isPropertyAssignment(current)) keys.unshift(propertyName(current.name));
    if (ts.isVariableDeclaration(current) && ts.isIdentifier(current.name))
      keys.unshift(current.name.text);
  }
  return keys;
}

function propertyName(name: TS.PropertyName): string {
  if (ts.isComputedPropertyName(name) && ts.isStringLiteral(name.expression))
    return name.expression.text;
  return nameText(name);
}

/** The pointer of the operation with `operationId`, or the document's for an unknown id. */
function pointerOfOperation({
  model,
  operationId,
}: {
  model: ApiModel;
  operationId: string;
}): string {
  const operation = model.operations.find((candidate) => candidate.operationId === operationId);
  return operation ? operationPointer(operation) : '';
}

/** `source` with the type of each property at `paths` written `unknown`. */
function replaceTypesAt({
  file: fileName,
  source,
  paths,
}: {
  file: string;
  source: string;
  paths: readonly string[][];
}): string {
  if (!paths.length) return source;
  const wanted = new Set(paths.map((path) => path.join('\0')));
  const file = ts.createSourceFile(
    fileName,
    source,
    ts.ScriptTarget.ES2022,
    true,
    ts.ScriptKind.TS,
  );
  const ranges: [number, number][] = [];
  const visit = (node: TS.Node): void => {
    if (ts.isPropertySignature(node) && node.type && wanted.has(propertyPath(node).join('\0'))) {
      ranges.push([node.type.getStart(file), node.type.getEnd()]);
      return;
    }
    node.forEachChild(visit);
  };
  visit(file);
  let text = source;
  for (const [start, end] of ranges.sort((a, b) => b[0] - a[0]))
    text = `${text.slice(0, start)}unknown${text.slice(end)}`;
  return text;
}

/** Where the user finds what a path of types.ts describes: the operation, path item, webhook or component. */
function pointerOfTypePath({ model, path }: { model: ApiModel; path: readonly string[] }): string {
  const [root, name, kind] = path;
  if (root === 'operations' && name !== undefined)
    return pointerOfOperation({ model, operationId: name }) || '#';
  if ((root === 'paths' || root === 'webhooks') && name !== undefined)
    return `#/${root}/${escapeSegment(name)}`;
  if (root === 'components' && name !== undefined && kind !== undefined)
    return `#/components/${escapeSegment(name)}/${escapeSegment(kind)}`;
  return '#';
}
