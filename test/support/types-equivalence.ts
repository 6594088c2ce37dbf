/**
 * zapgen's `types.ts` against openapi-typescript's output for the same document, type by type:
 * every component (schemas, parameters, responses, requestBodies, headers, pathItems) and, for
 * every operation of `paths` and `webhooks`, its `parameters`, `requestBody` and `responses`, each
 * compared for mutual assignability by TypeScript's checker. openapi-typescript is a
 * devDependency: this is the proof that code written against its output compiles against
 * zapgen's, and the list of where they differ (README, "types.ts and openapi-typescript").
 *
 * Used by the corpus worker (every corpus spec, in `npm test`) and `scripts/types-equivalence.ts`
 * (any spec).
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
// openapi-typescript's transform modules, not its entry point: the entry point runs Redocly's
// bundler, which would resolve remote references over the network.
import transformSchema from 'openapi-typescript/dist/transform/index.mjs';
import { resolveRef, scanDiscriminators } from 'openapi-typescript/dist/lib/utils.mjs';
import { astToString } from 'openapi-typescript/dist/lib/ts.mjs';
import type { GlobalContext, OpenAPI3 } from 'openapi-typescript';
import type { ApiModel } from '../../generator/src/model/index.js';
import { fragmentToPointer, isObject, resolvePointer } from '../../generator/src/json/pointer.js';
import { readDiscriminators } from '../../generator/src/model/discriminators.js';

/** The file openapi-typescript's output is written to, beside the package's `src/`. */
export const PEER_TYPES_FILE = 'openapi-typescript-types.ts';

/** The options zapgen's types follow (and that it used when it called openapi-typescript). */
const OPTIONS = {
  alphabetize: false,
  exportType: false,
  enum: false,
  emptyObjectsUnknown: true,
  defaultNonNullable: true,
} as const;

/**
 * A copy of the bundled document in which every operation of the model carries its operationId:
 * openapi-typescript lists only operations with an operationId under `operations`, and zapgen
 * lists every client operation there, by the id the model derives.
 */
function documentWithOperationIds(model: ApiModel): Record<string, unknown> {
  const document = structuredClone(model.document);
  if (!isObject(document.components)) document.components = {};
  const paths = isObject(document.paths) ? document.paths : undefined;
  for (const operation of model.operations) {
    if (!operation.operationIdDerived || !paths) continue;
    let pathItem = paths[operation.path];
    if (isObject(pathItem) && typeof pathItem.$ref === 'string') {
      const pointer = pathItem.$ref.startsWith('#')
        ? fragmentToPointer(pathItem.$ref.slice(1))
        : undefined;
      const target = pointer === undefined ? undefined : resolvePointer(document, pointer);
      pathItem = isObject(target) ? { ...structuredClone(target) } : pathItem;
      paths[operation.path] = pathItem;
    }
    const target = isObject(pathItem) ? pathItem[operation.method] : undefined;
    if (isObject(target)) target.operationId = operation.operationId;
  }
  return document;
}

/** openapi-typescript's `types.ts` for the model's document, with zapgen's options. */
export function peerTypesSource(model: ApiModel): string {
  const document = documentWithOperationIds(model) as unknown as OpenAPI3;
  const silent = true;
  const context = {
    ...OPTIONS,
    additionalProperties: false,
    arrayLength: false,
    discriminators: scanDiscriminators(document, { silent }),
    enumValues: false,
    conditionalEnums: false,
    dedupeEnums: false,
    excludeDeprecated: false,
    immutable: false,
    rootTypes: false,
    rootTypesNoSchemaPrefix: false,
    rootTypesKeepCasing: false,
    injectFooter: [],
    pathParamsAsTypes: false,
    propertiesRequiredByDefault: false,
    postTransform: undefined,
    silent,
    inject: undefined,
    transform: undefined,
    transformProperty: undefined,
    makePathsEnum: false,
    generatePathParams: false,
    readWriteMarkers: false,
    redoc: undefined as unknown as GlobalContext['redoc'],
    resolve: ($ref: string) => resolveRef(document, $ref, { silent }),
  } as GlobalContext;
  return astToString(transformSchema(document, context));
}

/** One compared type: how to reach it in both files. */
export interface ComparedItem {
  /** `components.schemas.Pet`, `paths./pets.get.responses`. */
  name: string;
  /** The type, `$` standing for the module (`$components["schemas"]["Pet"]`). */
  access: string;
}

const quote = (key: string) => JSON.stringify(key);

/** Every item the two outputs must agree on, from the model. */
export function comparedItems(model: ApiModel): ComparedItem[] {
  const items: ComparedItem[] = [];
  const add = (name: string, access: string) => items.push({ name, access });
  for (const { name } of model.schemas)
    add(`components.schemas.${name}`, `$components["schemas"][${quote(name)}]`);
  const groups = ['parameters', 'responses', 'requestBodies', 'headers', 'pathItems'] as const;
  for (const group of groups)
    for (const { name } of model.components[group])
      add(`components.${group}.${name}`, `$components[${quote(group)}][${quote(name)}]`);
  const operationParts = (root: string, key: string, label: string, methods: readonly string[]) => {
    for (const method of methods)
      for (const part of ['parameters', 'requestBody', 'responses'])
        add(
          `${label}.${method}.${part}`,
          `NonNullable<$${root}[${quote(key)}][${quote(method)}]>[${quote(part)}]`,
        );
  };
  for (const entry of model.paths)
    operationParts(
      'paths',
      entry.path,
      `paths.${entry.path}`,
      entry.item.operations.map((operation) => operation.method),
    );
  for (const webhook of model.webhooks)
    operationParts(
      'webhooks',
      webhook.name,
      `webhooks.${webhook.name}`,
      webhook.item.operations.map((operation) => operation.method),
    );
  return items;
}

export interface TypeDifference {
  item: string;
  /** Which way assignability fails. */
  direction: 'zapgen → openapi-typescript' | 'openapi-typescript → zapgen' | 'both';
  zapgen: string;
  peer: string;
  /** TypeScript's own words for the first direction that fails (the innermost lines of its chain). */
  reason?: string;
  /**
   * Discriminator values that openapi-typescript's type writes and zapgen's does not, among
   * those the model dropped because the component's own property rejects them (see
   * `rejectedDiscriminatorValues`): the cause of a `discriminator-value-the-property-rejects`
   * difference wherever in a larger type it surfaces.
   */
  peerOnlyValues?: string[];
  /** The name a `Property '…' is missing` reason is about, when the document requires it without a schema. */
  requiredWithoutSchema?: string;
  /**
   * A name the document requires without a schema that zapgen's full type requires more often
   * than openapi-typescript's, whatever TypeScript's reason names (in a union, it reports the
   * mismatch against another variant: epilot's `BaseEntity`).
   */
  requiredInZapgenOnly?: string;
  /** The parameter a `Types of property '…'` reason is about, when the document describes it by `content`. */
  contentParameter?: string;
  /** The property an `undefined is not assignable` reason is about, when the document gives it a default. */
  defaultedProperty?: string;
  /**
   * The property a `Types of property '…'` reason is about, when the document gives it a
   * `oneOf`/`anyOf` member outside its `type` (`{type: boolean, oneOf: [{type: boolean}, {enum: [auto]}]}`).
   */
  memberOutsideParentType?: string;
  /** The property a `Type 'null' is not assignable` reason is about, when a 3.1 document marks it `nullable: true`. */
  nullableKeywordProperty?: string;
  /** The difference is in responses that `$ref` a request body (`#/components/requestBodies/...`). */
  responseRefsRequestBody?: true;
}

export interface EquivalenceResult {
  items: number;
  differences: TypeDifference[];
  /** Diagnostics of either types file (each must compile on its own) and of the check module. */
  diagnostics: { zapgen: string[]; peer: string[]; check: string[] };
}

const COMPILER_OPTIONS: ts.CompilerOptions = {
  target: ts.ScriptTarget.ES2022,
  // Both files use ES5's utility types only (Record, Omit, NonNullable): the smallest library.
  lib: ['lib.es5.d.ts'],
  module: ts.ModuleKind.NodeNext,
  moduleResolution: ts.ModuleResolutionKind.NodeNext,
  strict: true,
  noUncheckedIndexedAccess: true,
  skipLibCheck: true,
  noEmit: true,
  types: [],
};

/**
 * Compares `zapgenTypes` and `peerTypes` (files, absolute paths) item by item. A check module is
 * written beside them (`types-equivalence-check.ts`).
 */
export function compareTypeFiles({
  zapgenTypes,
  peerTypes,
  items,
  checkFiles = true,
  suspectValues = [],
  requiredNames = new Set<string>(),
}: {
  zapgenTypes: string;
  peerTypes: string;
  items: readonly ComparedItem[];
  /** Also report each types file's own diagnostics (the corpus worker compiles zapgen's already). */
  checkFiles?: boolean;
  /** String values to look for in each differing pair's full text (`peerOnlyValues`). */
  suspectValues?: readonly string[];
  /** Names the document requires without a schema: one required in zapgen's type only is `requiredWithoutSchema`. */
  requiredNames?: ReadonlySet<string>;
}): EquivalenceResult {
  const dir = path.dirname(peerTypes);
  const checkFile = path.join(dir, 'types-equivalence-check.ts');
  const specifier = (file: string) =>
    `./${path.relative(dir, file).split(path.sep).join('/').replace(/\.ts$/, '.js')}`;
  const lines = [
    `import type * as Z from ${quote(specifier(zapgenTypes))};`,
    `import type * as P from ${quote(specifier(peerTypes))};`,
    ...items.flatMap((item, index) => [
      `export type Z${index} = ${item.access.replaceAll('$', 'Z.')};`,
      `export type P${index} = ${item.access.replaceAll('$', 'P.')};`,
    ]),
  ];
  writeFileSync(checkFile, `${lines.join('\n')}\n`);
  const program = ts.createProgram({ rootNames: [checkFile], options: COMPILER_OPTIONS });
  const checker = program.getTypeChecker();
  const messages = (file: string) => {
    const source = program.getSourceFile(file);
    return source
      ? [...program.getSyntacticDiagnostics(source), ...program.getSemanticDiagnostics(source)].map(
          (diagnostic) => ts.flattenDiagnosticMessageText(diagnostic.messageText, ' '),
        )
      : [`${file} is not part of the program`];
  };
  const source = program.getSourceFile(checkFile)!;
  const aliases = new Map<string, ts.Type>();
  for (const statement of source.statements)
    if (ts.isTypeAliasDeclaration(statement))
      aliases.set(statement.name.text, checker.getTypeFromTypeNode(statement.type));
  const differences: TypeDifference[] = [];
  const fullText = (type: ts.Type) =>
    checker.typeToString(
      type,
      undefined,
      ts.TypeFormatFlags.NoTruncation | ts.TypeFormatFlags.InTypeAlias,
    );
  const text = (type: ts.Type) =>
    checker
      .typeToString(
        type,
        undefined,
        ts.TypeFormatFlags.NoTruncation | ts.TypeFormatFlags.InTypeAlias,
      )
      .slice(0, 400);
  items.forEach((item, index) => {
    const zapgen = aliases.get(`Z${index}`)!;
    const peer = aliases.get(`P${index}`)!;
    // An unresolved access is `any`, which is assignable both ways: it proves nothing. On
    // zapgen's side it is a bug; on openapi-typescript's, its type does not compile.
    if (zapgen.flags & ts.TypeFlags.Any)
      throw new Error(`${item.name}: zapgen's type is \`any\` (openapi-typescript: ${text(peer)})`);
    if (peer.flags & ts.TypeFlags.Any) {
      differences.push({
        item: item.name,
        direction: 'both',
        zapgen: text(zapgen),
        peer: text(peer),
        reason: PEER_BROKEN,
      });
      return;
    }
    const forward = checker.isTypeAssignableTo(zapgen, peer);
    const backward = checker.isTypeAssignableTo(peer, zapgen);
    if (forward && backward) return;
    const peerOnlyValues = suspectValues.length
      ? valuesOnlyIn({ values: suspectValues, peer: fullText(peer), zapgen: fullText(zapgen) })
      : [];
    const requiredInZapgenOnly = !backward
      ? requiredMoreOften({ names: requiredNames, more: fullText(zapgen), less: fullText(peer) })
      : undefined;
    differences.push({
      ...(peerOnlyValues.length && { peerOnlyValues }),
      ...(requiredInZapgenOnly !== undefined && { requiredInZapgenOnly }),
      item: item.name,
      direction:
        !forward && !backward
          ? 'both'
          : !forward
            ? 'zapgen → openapi-typescript'
            : 'openapi-typescript → zapgen',
      zapgen: text(zapgen),
      peer: text(peer),
    });
  });
  explain({
    dir,
    checkFile,
    program,
    differences,
    indexOf: new Map(items.map((item, index) => [item.name, index])),
  });
  return {
    items: items.length,
    differences,
    diagnostics: {
      zapgen: checkFiles ? messages(zapgenTypes) : [],
      peer: checkFiles ? messages(peerTypes) : [],
      check: messages(checkFile),
    },
  };
}

/** Writes openapi-typescript's types beside the package at `dir` and compares them with `src/types.ts`. */
export function comparePackageTypes({
  dir,
  model,
  checkFiles = true,
}: {
  dir: string;
  model: ApiModel;
  checkFiles?: boolean;
}): EquivalenceResult {
  const peerTypes = path.join(dir, PEER_TYPES_FILE);
  writeFileSync(peerTypes, peerTypesSource(model));
  const result = compareTypeFiles({
    zapgenTypes: path.join(dir, 'src/types.ts'),
    peerTypes,
    items: comparedItems(model),
    checkFiles,
    suspectValues: rejectedDiscriminatorValues(model),
    requiredNames: requiredWithoutSchemaNames(model.document),
  });
  const undeclared = requiredWithoutSchemaNames(model.document);
  const nullableKeyword = model.openapi.startsWith('3.1')
    ? nullableKeywordNames(model.document)
    : new Set<string>();
  const requestBodyResponses = responsesReferencingRequestBodies(model.document);
  const outsideParentType = propertiesWithMemberOutsideType(model.document);
  const defaulted = defaultedPropertyNames(model.document);
  const contentParameters = new Set(
    model.operations.flatMap((operation) =>
      operation.parameters
        .filter((parameter) => parameter.contentType !== undefined)
        .map((parameter) => parameter.name),
    ),
  );
  for (const difference of result.differences) {
    const missing = /^Property '"?([^'"]+)"?' is missing in type/.exec(
      difference.reason?.split(' / ').at(-1) ?? '',
    )?.[1];
    if (missing !== undefined && undeclared.has(missing))
      difference.requiredWithoutSchema = missing;
    const property = /^Types of property '"?([^'"]+)"?' are incompatible/.exec(
      difference.reason ?? '',
    )?.[1];
    if (
      property !== undefined &&
      difference.item.endsWith('.parameters') &&
      contentParameters.has(property)
    )
      difference.contentParameter = property;
    const [first = '', ...rest] = difference.reason?.split(' / ') ?? [];
    const incompatible =
      /^(?:Types of property '"?([^'"]+)"?'|The types of '(.+)') are incompatible/.exec(first);
    const named = incompatible?.[1] ?? incompatible?.[2]?.split('.').at(-1);
    if (
      named !== undefined &&
      difference.direction === 'openapi-typescript → zapgen' &&
      /^Type 'undefined' is not assignable to type/.test(rest.at(-1) ?? '') &&
      defaulted.has(named)
    )
      difference.defaultedProperty = named;
    if (
      named !== undefined &&
      difference.direction !== 'openapi-typescript → zapgen' &&
      /^Type 'null' is not assignable to type/.test(rest.at(-1) ?? '') &&
      nullableKeyword.has(named)
    )
      difference.nullableKeywordProperty = named;
    if (requestBodyResponses.has(difference.item)) difference.responseRefsRequestBody = true;
    if (
      named !== undefined &&
      difference.direction !== 'openapi-typescript → zapgen' &&
      outsideParentType.has(named)
    )
      difference.memberOutsideParentType = named;
  }
  return result;
}

/**
 * The discriminator values the model did not write into a component because its own property
 * rejects them (`model/index.ts`, `acceptedValues`), where openapi-typescript writes them.
 */
function rejectedDiscriminatorValues(model: ApiModel): string[] {
  const { narrowed } = readDiscriminators(model.document);
  const rejected = new Set<string>();
  for (const { name, typeDiscriminator } of model.schemas)
    for (const value of narrowed.get(name)?.values ?? [])
      if (!typeDiscriminator?.values.includes(value)) rejected.add(value);
  return [...rejected];
}

/** `values` written as string literals in `peer` and not in `zapgen`. */
function valuesOnlyIn({
  values,
  peer,
  zapgen,
}: {
  values: readonly string[];
  peer: string;
  zapgen: string;
}): string[] {
  return values.filter((value) => {
    const literal = JSON.stringify(value);
    return peer.includes(literal) && !zapgen.includes(literal);
  });
}

/** Escaped for a regular expression. */
const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The first of `names` that `more` declares as a required property more often than `less` does
 * (`_id: string` against `_id?: string`): where TypeScript matched a union's members so that its
 * reason names another variant, the type still says which required name makes the difference.
 */
function requiredMoreOften({
  names,
  more,
  less,
}: {
  names: ReadonlySet<string>;
  more: string;
  less: string;
}): string | undefined {
  for (const name of names) {
    const required = new RegExp(`(?:^|[{;,(|&]\\s*|\\breadonly )"?${escaped(name)}"?:`, 'g');
    const count = (text: string) => text.match(required)?.length ?? 0;
    if (count(more) > count(less)) return name;
  }
  return undefined;
}

/**
 * Every property name whose schema has a `oneOf`/`anyOf` member of another type than its own
 * `type` (`{type: boolean, oneOf: [{type: boolean}, {type: string, enum: [auto]}]}`).
 */
function propertiesWithMemberOutsideType(document: unknown): Set<string> {
  const names = new Set<string>();
  const outside = (schema: Record<string, unknown>) => {
    const parent = typeof schema.type === 'string' ? [schema.type] : schema.type;
    if (!Array.isArray(parent)) return false;
    const allowed = new Set(parent.includes('number') ? [...parent, 'integer'] : parent);
    return ['oneOf', 'anyOf'].some(
      (key) =>
        Array.isArray(schema[key]) &&
        (schema[key] as unknown[]).some(
          (member) =>
            isObject(member) &&
            typeof member.type === 'string' &&
            !allowed.has(member.type) &&
            !(member.type === 'integer' && allowed.has('number')),
        ),
    );
  };
  const seen = new Set<unknown>();
  const visit = (node: unknown) => {
    if (typeof node !== 'object' || node === null || seen.has(node)) return;
    seen.add(node);
    if (Array.isArray(node)) return node.forEach(visit);
    const record = node as Record<string, unknown>;
    if (isObject(record.properties))
      for (const [name, schema] of Object.entries(record.properties))
        if (isObject(schema) && outside(schema)) names.add(name);
    Object.values(record).forEach(visit);
  };
  visit(document);
  return names;
}

/** Every property name whose schema carries OpenAPI 3.0's `nullable: true`. */
function nullableKeywordNames(document: unknown): Set<string> {
  const names = new Set<string>();
  const seen = new Set<unknown>();
  const visit = (node: unknown) => {
    if (typeof node !== 'object' || node === null || seen.has(node)) return;
    seen.add(node);
    if (Array.isArray(node)) return node.forEach(visit);
    const record = node as Record<string, unknown>;
    if (isObject(record.properties))
      for (const [name, schema] of Object.entries(record.properties))
        if (isObject(schema) && schema.nullable === true) names.add(name);
    Object.values(record).forEach(visit);
  };
  visit(document);
  return names;
}

/** The compared items (`paths./p.get.responses`) of operations with a response that `$ref`s a request body. */
function responsesReferencingRequestBodies(document: unknown): Set<string> {
  const items = new Set<string>();
  const paths = isObject(document) && isObject(document.paths) ? document.paths : {};
  for (const [route, item] of Object.entries(paths)) {
    if (!isObject(item)) continue;
    for (const [method, operation] of Object.entries(item)) {
      const responses = isObject(operation) ? operation.responses : undefined;
      if (!isObject(responses)) continue;
      if (
        Object.values(responses).some(
          (response) =>
            isObject(response) &&
            typeof response.$ref === 'string' &&
            response.$ref.startsWith('#/components/requestBodies/'),
        )
      )
        items.add(`paths.${route}.${method}.responses`);
    }
  }
  return items;
}

/** Every name some schema of the document lists in `required` without a property schema beside it. */
function requiredWithoutSchemaNames(document: unknown): Set<string> {
  const names = new Set<string>();
  const seen = new Set<unknown>();
  const visit = (node: unknown) => {
    if (typeof node !== 'object' || node === null || seen.has(node)) return;
    seen.add(node);
    if (Array.isArray(node)) return node.forEach(visit);
    const record = node as Record<string, unknown>;
    if (Array.isArray(record.required)) {
      const declared = isObject(record.properties) ? record.properties : {};
      for (const name of record.required)
        if (typeof name === 'string' && !Object.hasOwn(declared, name)) names.add(name);
    }
    Object.values(record).forEach(visit);
  };
  visit(document);
  return names;
}

/**
 * Every property name some schema of the document gives a default: on the property's schema or
 * on a member of its `oneOf`/`anyOf`/`allOf`.
 */
function defaultedPropertyNames(document: unknown): Set<string> {
  const names = new Set<string>();
  const hasDefault = (schema: unknown): boolean =>
    isObject(schema) &&
    (schema.default !== undefined ||
      ['oneOf', 'anyOf', 'allOf'].some(
        (key) => Array.isArray(schema[key]) && (schema[key] as unknown[]).some(hasDefault),
      ));
  const seen = new Set<unknown>();
  const visit = (node: unknown) => {
    if (typeof node !== 'object' || node === null || seen.has(node)) return;
    seen.add(node);
    if (Array.isArray(node)) return node.forEach(visit);
    const record = node as Record<string, unknown>;
    if (isObject(record.properties))
      for (const [name, schema] of Object.entries(record.properties))
        if (hasDefault(schema)) names.add(name);
    Object.values(record).forEach(visit);
  };
  visit(document);
  return names;
}

/** `text` at most `length` characters long, its middle elided. */
function clipMiddle(text: string, length: number): string {
  if (text.length <= length) return text;
  const half = Math.floor((length - 3) / 2);
  return `${text.slice(0, half)} … ${text.slice(-half)}`;
}

/**
 * TypeScript's reason for each difference: an assignment in the failing direction, compiled in a
 * second module (only when something differs), its diagnostic's innermost lines kept.
 */
function explain({
  dir,
  checkFile,
  program: checked,
  differences,
  indexOf,
}: {
  dir: string;
  checkFile: string;
  /** The program of the check module. */
  program: ts.Program;
  differences: TypeDifference[];
  indexOf: ReadonlyMap<string, number>;
}): void {
  if (!differences.length) return;
  const whyFile = path.join(dir, 'types-equivalence-why.ts');
  const lines = [
    `import type * as C from ${quote(`./${path.basename(checkFile).replace(/\.ts$/, '.js')}`)};`,
  ];
  for (const [position, difference] of differences.entries()) {
    const index = indexOf.get(difference.item)!;
    const [from, to] =
      difference.direction === 'openapi-typescript → zapgen' ? ['P', 'Z'] : ['Z', 'P'];
    lines.push(
      `declare const from${position}: C.${from}${index};`,
      `export const to${position}: C.${to}${index} = from${position};`,
    );
  }
  writeFileSync(whyFile, `${lines.join('\n')}\n`);
  // The first program's source files are reused: both types files are parsed once.
  const host = ts.createCompilerHost(COMPILER_OPTIONS);
  const parse = host.getSourceFile.bind(host);
  host.getSourceFile = (fileName, version) =>
    checked.getSourceFile(fileName) ?? parse(fileName, version);
  const program = ts.createProgram({ rootNames: [whyFile], options: COMPILER_OPTIONS, host });
  const source = program.getSourceFile(whyFile)!;
  for (const diagnostic of program.getSemanticDiagnostics(source)) {
    const line = source.getLineAndCharacterOfPosition(diagnostic.start ?? 0).line;
    const position = Math.floor((line - 1) / 2);
    const difference = differences[position];
    if (!difference || difference.reason !== undefined) continue;
    const chain = ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n').split('\n');
    // The innermost lines say what differs; the outer ones only where.
    // Each line clipped in its middle: its start says what (`Property 'x' is missing`), its end
    // against what.
    difference.reason = chain
      .slice(-3)
      .map((text) => clipMiddle(text.trim(), 400))
      .join(' / ');
  }
}

/**
 * Where zapgen's types differ from openapi-typescript's on purpose (README, "types.ts and
 * openapi-typescript"), recognised by the direction and TypeScript's reason. Any other difference
 * fails the corpus test.
 */
/** The reason of a difference where openapi-typescript's own type does not compile. */
const PEER_BROKEN = "openapi-typescript's type does not compile (it is `any`)";

export const DELIBERATE: readonly {
  name: string;
  why: string;
  matches: (difference: TypeDifference) => boolean;
}[] = [
  {
    name: 'required-without-schema',
    why: 'a name listed in `required` must be present even where no schema of the object declares it (openapi-typescript leaves it out, or optional when another `allOf` member declares it)',
    matches: (difference) =>
      difference.direction === 'openapi-typescript → zapgen' &&
      ((difference.reason ?? '').includes('{} | null') ||
        difference.requiredWithoutSchema !== undefined),
  },
  {
    name: 'openapi-typescript-does-not-compile',
    why: "openapi-typescript's type does not compile (a self-reference through `null &`, a `$ref` into another operation's inline schema); zapgen's does",
    matches: (difference) => difference.reason === PEER_BROKEN,
  },
  {
    name: 'closed-empty-object',
    why: 'an object schema with `additionalProperties: false` and no properties accepts only `{}`: zapgen writes `Record<string, never>`, openapi-typescript `Record<string, unknown>`',
    matches: (difference) =>
      difference.direction === 'openapi-typescript → zapgen' &&
      /is not assignable to type 'Record<string, never>'/.test(difference.reason ?? ''),
  },
  {
    name: 'discriminator-value-the-property-rejects',
    why: "a discriminator value inferred for a component (its name) that the component's own discriminator property rejects (`const: fixed`, an enum without it) does not narrow the property: openapi-typescript replaces the property with that value, a type no valid value has, or `never` in an `allOf` (zapgen formerly intersected it, `never`)",
    matches: (difference) =>
      // zapgen keeps the spec's value where openapi-typescript writes the name...
      (difference.direction === 'both' &&
        /Type '"[^"']*"' is not assignable to type '"[^"']*"'\.$/.test(difference.reason ?? '')) ||
      // ...or where openapi-typescript's added allOf member makes the whole schema never.
      (difference.direction !== 'openapi-typescript → zapgen' &&
        /\bnever\b/.test(difference.peer) &&
        /is not assignable to type 'never'/.test(difference.reason ?? '')) ||
      // ...or wherever a larger type holds such a component (an optional property, a union
      // member TypeScript then matches against another variant).
      (difference.peerOnlyValues?.length ?? 0) > 0,
  },
  {
    name: 'content-type-response-header',
    why: 'OpenAPI: a response header named `Content-Type` "SHALL be ignored" (the media type says it); openapi-typescript types it as a required header',
    matches: (difference) =>
      difference.direction === 'zapgen → openapi-typescript' &&
      /^Property '"?content-type"?' is missing in type/i.test(
        difference.reason?.split(' / ').at(-1) ?? '',
      ),
  },
  {
    name: 'openapi-typescript-unknown-member',
    why: 'openapi-typescript writes a `oneOf`/`anyOf` member without a type of its own (`anyOf: [{required: [id]}, {required: [name]}]`) as `unknown`, which makes the whole union `unknown`; zapgen reads the member within its parent (an object requiring `id`, or `name`)',
    matches: (difference) =>
      difference.direction === 'openapi-typescript → zapgen' &&
      /^Type 'unknown' is not assignable to type/.test(
        difference.reason?.split(' / ').at(-1) ?? '',
      ),
  },
  {
    name: 'default-openapi-typescript-misses',
    why: "a property with a `default` is required in component schemas and responses (openapi-typescript's `defaultNonNullable`, which zapgen follows) wherever the default is: openapi-typescript checks only the property's own keyword (not a default inside `anyOf: [{type: boolean, default: false}, {type: null}]`) and skips every property whose JSON pointer merely contains `parameters` or `requestBody` (a property named `parameters`)",
    matches: (difference) => difference.defaultedProperty !== undefined,
  },
  {
    name: 'parameter-described-by-content',
    why: "a parameter with `content` instead of `schema` is typed by its media type's schema (the value the client serializes, e.g. as JSON); openapi-typescript writes `string`",
    matches: (difference) => difference.contentParameter !== undefined,
  },
  {
    name: 'member-outside-parent-type',
    why: 'a `oneOf`/`anyOf` member of another type than its parent\'s `type` (`{type: boolean, oneOf: [{type: boolean}, {enum: [auto]}]}`) is kept, as the spec\'s authors meant it: zapgen writes `boolean | "auto"`, openapi-typescript intersects it away (ajv, reading JSON Schema strictly, rejects `"auto"`)',
    matches: (difference) => difference.memberOutsideParentType !== undefined,
  },
  {
    name: 'nullable-keyword-in-3.1',
    why: 'OpenAPI 3.0\'s `nullable: true` in a 3.1 document means "also null" wherever it stands (beside `oneOf`, beside `$ref`); openapi-typescript ignores it there',
    matches: (difference) => difference.nullableKeywordProperty !== undefined,
  },
  {
    name: 'response-refs-request-body',
    why: 'a response that `$ref`s `#/components/requestBodies/...` is the wrong kind of object (an invalid spec at that point): zapgen reads it as a response (its `content`, open `headers`), openapi-typescript writes the request body type',
    matches: (difference) => difference.responseRefsRequestBody === true,
  },
  {
    name: 'defs-not-a-property',
    why: "a schema's `$defs` are definitions, not a property of its values (openapi-typescript types them as a required `$defs` property no value has)",
    matches: (difference) =>
      difference.direction === 'zapgen → openapi-typescript' &&
      /\$defs/.test(difference.reason ?? '') &&
      !/\$defs/.test(difference.zapgen),
  },
  {
    // Last: only where no class recognises the reason itself.
    name: 'required-without-schema',
    why: 'the same class, where TypeScript reports a union against another variant than the one whose required name differs',
    matches: (difference) => difference.requiredInZapgenOnly !== undefined,
  },
];

/** The differences no deliberate class explains, and the count of each class. */
export function classify(differences: readonly TypeDifference[]): {
  unexplained: TypeDifference[];
  deliberate: Record<string, number>;
} {
  const unexplained: TypeDifference[] = [];
  const deliberate: Record<string, number> = {};
  for (const difference of differences) {
    const known = DELIBERATE.find((entry) => entry.matches(difference));
    if (known) deliberate[known.name] = (deliberate[known.name] ?? 0) + 1;
    else unexplained.push(difference);
  }
  return { unexplained, deliberate };
}
