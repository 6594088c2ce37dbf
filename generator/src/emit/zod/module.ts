import { guarded, guardedOperation, type Degradations } from '../shared/degrade.js';
import type { ApiModel, NamedSchema, SchemaModel } from '../../model/types.js';
import { camelCase, pascalCase, uniqueNames } from '../shared/identifiers.js';
import { jsDoc } from '../shared/jsdoc.js';
import { ModuleBuilder } from '../shared/module.js';
import type { CodecName, HelperName, ZodContext } from './context.js';
import { zodExpression } from './expression.js';
import { componentAnnotation, zodType } from './zod-type.js';
import { shareTypeLiterals } from './shared-literals.js';
import { helperSource } from './helpers.js';
import { objectKey } from '../shared/literal.js';
import { operationEntry, parameterGroups, type ParameterGroup } from './operations.js';
import { aliasCycles } from '../../model/cycles.js';
import { receivedWebhooks } from '../../model/webhooks.js';
import { orderSchemas } from './order.js';
import { schemaType } from './output-type.js';
import { sharedConsts } from './shared-consts.js';
import { sharedSchemaNames } from '../shared/shared-schemas.js';
import type { ZodFlavour } from './flavour.js';
import type { TransformersConfig } from '../../config/types.js';

/** Global types the printed output types use; a recursive schema must not shadow them. */
const GLOBAL_TYPES = new Set(['Array']);

/** The identifiers of a module: one const per component schema, two types per recursive schema. */
export interface ZodNames {
  constNames: Map<string, string>;
  typeNames: Map<string, string>;
  inputNames: Map<string, string>;
  recursive: Set<string>;
  ordered: NamedSchema[];
}

/**
 * Names and declaration order of the component schemas (of `zod.ts`; the agreement test names
 * them too). The members of a cycle of bare references (`aliasCycles`) are written `unknown`.
 */
export function zodNames(model: ApiModel): ZodNames {
  const cyclic = aliasCycles(model.schemas);
  const { ordered, recursive } = orderSchemas(
    cyclic.size
      ? model.schemas.map((entry) =>
          cyclic.has(entry.name) ? { ...entry, schema: unknownInstead(entry.schema) } : entry,
        )
      : model.schemas,
  );
  const names = model.schemas.map((entry) => entry.name);
  const constNames = uniqueNames(names, (name) => `${pascalCase(name)}Schema`);
  const typeNames = uniqueNames(
    names.filter((name) => recursive.has(name)),
    (name) => (GLOBAL_TYPES.has(pascalCase(name)) ? `${pascalCase(name)}Type` : pascalCase(name)),
  );
  // `<Type>Input`, made unique against every output type name and each other.
  const taken = new Set(typeNames.values());
  const inputNames = new Map<string, string>();
  for (const [name, typeName] of typeNames) {
    let candidate = `${typeName}Input`;
    for (let suffix = 2; taken.has(candidate); suffix += 1) candidate = `${typeName}Input${suffix}`;
    taken.add(candidate);
    inputNames.set(name, candidate);
  }
  return { constNames, typeNames, inputNames, recursive, ordered };
}

/**
 * What the printers know of a module's component schemas. `declared`: the consts written so far;
 * a reference to any other is deferred with `z.lazy`.
 */
export function zodContext({
  names,
  flavour,
  transformers,
  declared,
  useHelper = () => {},
  useCodec = () => {},
  sharedConst,
}: {
  names: ZodNames;
  flavour: ZodFlavour;
  transformers?: TransformersConfig | undefined;
  declared: ReadonlySet<string>;
  useHelper?: ZodContext['useHelper'];
  useCodec?: ZodContext['useCodec'];
  sharedConst?: ZodContext['sharedConst'];
}): ZodContext {
  const schemas = new Map(names.ordered.map((entry) => [entry.name, entry.schema]));
  return {
    lookup: (name) => schemas.get(name),
    constName: (name) => names.constNames.get(name)!,
    typeName: (name, mode = 'output') =>
      (mode === 'output' ? names.typeNames : names.inputNames).get(name),
    isDeferred: (name) => !declared.has(name),
    binaryAsBlob: false,
    useHelper,
    flavour,
    ...(transformers && { transformers }),
    useCodec,
    ...(sharedConst && { sharedConst }),
  };
}

/** An `unknown` schema in place of a member of a cycle of bare references, saying why. */
function unknownInstead(schema: SchemaModel): SchemaModel {
  const why =
    'Any value: in the spec this schema is part of a cycle of references through unions or bare `$ref`s only, which no validator can evaluate (it recurses forever) and no type can express.';
  return {
    kind: 'unknown',
    nullable: false,
    ...(schema.title && { title: schema.title }),
    description: schema.description ? `${schema.description}\n\n${why}` : why,
  };
}

/** A declaration, or one whose annotation is still to be written (`annotations[annotation]`). */
type Pending = string | { head: string; annotation: number; tail: string };

/** The module's own maps, which an operation's `<operation>Schemas` const must not take. */
const MODULE_SCHEMAS = new Set(['componentSchemas', 'operationSchemas', 'webhookSchemas']);

/**
 * The `<operation>Schemas` const of each operationId: what `zod.ts` exports and what
 * `definitions.ts` imports, one validator set per operation.
 */
export function operationSchemasNames(operationIds: readonly string[]): Map<string, string> {
  return uniqueNames(operationIds, (operationId) => `${camelCase(operationId)}Schemas`, {
    reserved: MODULE_SCHEMAS,
  });
}

/**
 * A module-level initializer that bundlers may drop when nothing uses it. Building a schema has
 * no side effect, but a bundler cannot know that of a call (`z.object(...)`), a property read or
 * a spread: annotated, a bundle that imports one operation keeps only that operation's
 * validators. A call is annotated as it is; an object of calls becomes a pure arrow called at once.
 */
export function pure(expression: string): string {
  if (/^[\w$.]+$/.test(expression)) return expression;
  if (expression.startsWith('{')) return `/* @__PURE__ */ (() => (${expression}))()`;
  return `/* @__PURE__ */ ${expression}`;
}

/**
 * The `<operation>Parameters` consts. A group that several operations spell alike (GitHub's
 * `{ owner, repo }` path: 204 operations) is one const, named after the first operation that has
 * it (`<operation>ParametersPath`): each spelling would be a type of its own, inferred and related
 * again by every build of the package. zod schemas are immutable, so sharing one changes nothing.
 * An object of such consts only is side-effect free as it is; any other is `pure`.
 */
function groupDeclarations(lists: { groupsConst: string; groups: ParameterGroup[] }[]): string[] {
  const uses = new Map<string, number>();
  for (const { groups } of lists)
    for (const { expression } of groups) uses.set(expression, (uses.get(expression) ?? 0) + 1);
  const shared = new Map<string, string>();
  const declarations: string[] = [];
  for (const { groupsConst, groups } of lists) {
    const members = groups.map(({ location, expression }) => {
      if (uses.get(expression)! < 2) return { location, value: expression, shared: false };
      let name = shared.get(expression);
      if (name === undefined) {
        name = `${groupsConst}${pascalCase(location)}`;
        shared.set(expression, name);
        declarations.push(`const ${name} = ${pure(expression)};`);
      }
      return { location, value: name, shared: true };
    });
    const object = `{ ${members.map(({ location, value }) => `${location}: ${value}`).join(', ')} }`;
    declarations.push(
      `const ${groupsConst} = ${members.every((member) => member.shared) ? object : pure(object)};`,
    );
  }
  return declarations;
}

/**
 * The source of a zod module: `src/zod.ts` in classic zod, or, `client` set, the client's own
 * `src/validators.ts` in zod/mini. Its parameter rules import `isSet` from `runtimePackage`.
 *
 * The client's module is not type-checked (`@ts-nocheck`) and exports each operation's validators
 * with a plain type: the client reads them through `safeParse` only, and inferring zod's types of
 * every schema a second time doubled the type-check of a large package (GitHub's: 21 → 44 s).
 * It is the classic module, type-checked, in the other spelling; that both accept and reject the
 * same values is a test over every fixture of every spec the tests know.
 */
export function zodModule({
  model,
  runtimePackage,
  flavour,
  client = false,
  degradations,
  transformers,
}: {
  model: ApiModel;
  runtimePackage: string;
  flavour: ZodFlavour;
  client?: boolean;
  degradations?: Degradations;
  /** Dates and int64 as `Date` and `bigint` (the config's `transformers`). */
  transformers?: TransformersConfig;
}): string {
  const names = zodNames(model);
  const declared = new Set<string>();
  const helpers = new Set<HelperName>();
  const codecs = new Set<CodecName>();

  // A const's annotation is written once all are known, for a type literal that several spell
  // is named once (`shareTypeLiterals`): until then the const is its source around the annotation.
  const annotations: { type: string | undefined; owner: string }[] = [];
  const pending = (
    owner: string,
    head: string,
    type: string | undefined,
    tail: string,
  ): Pending => {
    annotations.push({ type, owner });
    return { head, annotation: annotations.length - 1, tail };
  };

  const sharedSchemas = sharedConsts<Pending>({
    names: sharedSchemaNames(
      model.sharedSchemas,
      model.schemas.map((entry) => entry.name),
    ),
    annotate: !client,
    declare: ({ name, type, expression }) =>
      client
        ? `const ${name} = ${pure(expression)};`
        : pending(name, `const ${name}`, type, ` = ${pure(expression)};`),
  });
  const context = zodContext({
    names,
    flavour,
    transformers,
    declared,
    useHelper: (name) => helpers.add(name),
    useCodec: (name) => codecs.add(name),
    ...(model.sharedSchemas?.size && { sharedConst: sharedSchemas.sharedConst }),
  });

  const pointers = new Map(model.schemas.map((entry) => [entry.name, entry.pointer]));
  // Each component after the shared schemas' consts it is the first to name.
  const declarations = names.ordered.flatMap(({ name, schema }) => {
    const written = guarded(
      degradations,
      {
        pointer: pointers.get(name) ?? `#/components/schemas/${name}`,
        emitter: 'zod',
        what: 'its validator accepts any value (`z.unknown()`)',
      },
      () => declaration({ name, schema }),
      () => {
        declared.add(name);
        return degraded(name);
      },
    );
    return [...sharedSchemas.drain(), written];
  });

  function degraded(name: string): string {
    const constName = names.constNames.get(name)!;
    const typeName = names.typeNames.get(name);
    const inputName = names.inputNames.get(name);
    const unknown = `z.unknown()`;
    if (client) return `const ${constName} = ${unknown};`;
    if (!typeName) return `export const ${constName} = ${unknown};`;
    return `export type ${typeName} = unknown;

export type ${inputName} = unknown;

export const ${constName}: z.${flavour.schemaType}<${typeName}, ${inputName}> = ${unknown};`;
  }

  function declaration({
    name,
    schema,
  }: {
    name: string;
    schema: ApiModel['schemas'][number]['schema'];
  }): Pending {
    const constName = names.constNames.get(name)!;
    const typeName = names.typeNames.get(name);
    const inputName = names.inputNames.get(name);
    const doc = jsDoc({
      summary: schema.title,
      description: schema.description,
      deprecated: schema.deprecated,
    });
    let source: Pending;
    if (typeName) {
      // Recursive: TypeScript cannot infer a type that refers to itself, so it is spelled out.
      if (client) {
        source = `const ${constName} = ${pure(zodExpression(schema, context))};`;
      } else {
        const annotated = `${doc}export const ${constName}: z.${flavour.schemaType}<${typeName}, ${inputName}> = ${pure(zodExpression(schema, context))};`;
        const output = `/** Output type of \`${constName}\` (spelled out: the schema refers to itself). */\nexport type ${typeName} = ${schemaType({ schema, context, mode: 'output' })};`;
        const input = `/** Input type of \`${constName}\`. */\nexport type ${inputName} = ${schemaType({ schema, context, mode: 'input' })};`;
        source = `${output}\n\n${input}\n\n${annotated}`;
      }
    } else {
      // Annotated where the type names another component schema, so that `zod.d.ts` names it
      // rather than spelling it out (`componentAnnotation`).
      const type = client ? undefined : componentAnnotation(schema, context);
      source = client
        ? `const ${constName} = ${pure(zodExpression(schema, context))};`
        : pending(
            constName,
            `${doc}export const ${constName}`,
            type,
            ` = ${pure(zodExpression(schema, context))};`,
          );
    }
    declared.add(name);
    return source;
  }

  // The two maps are typed by name (`{ Pet: typeof PetSchema }`): their inferred types, written
  // out in full, exceed what the compiler will serialize into zod.d.ts on large specs (TS7056).
  const componentEntries = model.schemas.map(
    ({ name }) => `${objectKey(name)}: ${names.constNames.get(name)!}`,
  );
  const componentTypes = model.schemas.map(
    ({ name }) => `${objectKey(name)}: typeof ${names.constNames.get(name)!}`,
  );
  const operationIds = model.operations.map((operation) => operation.operationId);
  const groupConsts = uniqueNames(
    operationIds,
    (operationId) => `${camelCase(operationId)}Parameters`,
  );
  const operationConsts = operationSchemasNames(operationIds);
  const groupLists: { groupsConst: string; groups: ParameterGroup[] }[] = [];
  const operationDeclarations = model.operations.map((operation) => {
    const type = client ? ': OperationValidators' : '';
    const declare = (entry: string) =>
      `export const ${operationConsts.get(operation.operationId)!}${type} = ${entry};`;
    const written = guardedOperation(
      degradations,
      {
        operation,
        emitter: 'zod',
        what: 'its parameters, body and responses are not validated (no validators)',
      },
      () => {
        const groups = parameterGroups(operation, context);
        const groupsConst = groups.length ? groupConsts.get(operation.operationId)! : undefined;
        return {
          groups,
          declaration: declare(pure(operationEntry({ operation, groupsConst, context }))),
        };
      },
      // No validator of any kind: the runtime skips the ones that are missing.
      () => ({ groups: [], declaration: declare('{ responses: {} }') }),
    );
    if (written.groups.length)
      groupLists.push({
        groupsConst: groupConsts.get(operation.operationId)!,
        groups: written.groups,
      });
    return written.declaration;
  });
  const groups = groupDeclarations(groupLists);
  const operationEntries = model.operations.map(
    (operation) =>
      `${objectKey(operation.operationId)}: ${operationConsts.get(operation.operationId)!}`,
  );
  const operationTypes = model.operations.map(
    (operation) =>
      `${objectKey(operation.operationId)}: typeof ${operationConsts.get(operation.operationId)!}`,
  );
  // A receiver's payload validators (`webhooks.ts`): classic zod only, since no client sends them.
  // One const each, and the map typed by name, as the operations' (Rebilly's 113 payloads, inferred
  // in one object literal, exceeded what tsc will serialize: TS7056).
  const webhooks = client
    ? []
    : receivedWebhooks(model).flatMap(({ name, payload }) =>
        payload && !payload.schemaless ? [{ name, payload }] : [],
      );
  const webhookConsts = uniqueNames(
    webhooks.map(({ name }) => name),
    (name) => `${camelCase(name)}Payload`,
  );
  // A payload that is a component schema is that schema's const; any other gets its own.
  const webhookValidators = webhooks.map(({ name, payload }) => {
    const constName = webhookConsts.get(name)!;
    return guarded(
      degradations,
      {
        pointer: payload.pointer,
        emitter: 'zod',
        what: 'its webhook payload validator accepts any value (`z.unknown()`)',
      },
      () => {
        const expression = pure(zodExpression(payload.schema, context));
        if (/^[\w$]+$/.test(expression)) return { name, reference: expression };
        const type = zodType(payload.schema, context);
        return {
          name,
          reference: constName,
          declaration: pending(constName, `const ${constName}`, type, ` = ${expression};`),
        };
      },
      (): { name: string; reference: string; declaration?: Pending } => ({
        name,
        reference: constName,
        declaration: `const ${constName} = z.unknown();`,
      }),
    );
  });
  // The shared schemas that only operations and webhooks name, before the first of them.
  const operationShared = sharedSchemas.drain();
  const shared = shareTypeLiterals(
    annotations,
    new Set([...names.typeNames.values(), ...names.inputNames.values()]),
  );
  // Each annotation in place, after the aliases it is the first to use.
  const annotated = (source: Pending) => {
    if (typeof source === 'string') return source;
    const { head, annotation, tail } = source;
    const type = shared.types[annotation];
    const aliases = shared.aliases[annotation]!.map((alias) => `${alias}\n\n`).join('');
    return `${aliases}${head}${type === undefined ? '' : `: ${type}`}${tail}`;
  };
  const webhookDeclarations = webhookValidators.flatMap(({ declaration }) =>
    declaration ? [annotated(declaration)] : [],
  );
  const webhookEntries = webhookValidators.map(
    ({ name, reference }) => `${objectKey(name)}: ${reference}`,
  );
  const webhookTypes = webhookValidators.map(
    ({ name, reference }) => `${objectKey(name)}: typeof ${reference}`,
  );
  const block = (entries: string[], separator: string) =>
    `{${entries.length ? `\n${entries.join(`${separator}\n`)}${separator}\n` : ''}}`;

  // The maps serve users of `./zod`; the client imports each operation's validators by name.
  const maps = !client;
  const module = new ModuleBuilder()
    .importNamespace(flavour.module, 'z')
    .import(`${runtimePackage}/rules`, helpers.has('isSet') ? ['isSet'] : [])
    .import(`${runtimePackage}/codecs`, [...codecs]);
  if (client)
    module.prepend(
      '// @ts-nocheck',
      "// The zod/mini spelling of the type-checked `zod.ts` (see zapgen's `emit/zod/module.ts`):",
      '// inferring its types a second time would double the type-check of a package.',
    );
  const sections = [
    client
      ? "/** What `definitions.ts` reads of an operation's validators, through `safeParse` only. */\ntype OperationValidators = Readonly<Record<string, unknown>>;"
      : '',
    helperSource({ used: helpers, flavour }),
    declarations.map(annotated).join('\n\n'),
    operationShared.map(annotated).join('\n\n'),
    maps
      ? `/** Every component schema, by its name in the spec. */\nexport const componentSchemas: ${block(componentTypes, ';')} = ${block(componentEntries, ',')};`
      : '',
    groups.length
      ? `/* Parameter groups by location, shared by the bare groups and \`parameters\` below. */\n${groups.join('\n\n')}`
      : '',
    operationDeclarations.length
      ? `/*\n * Validators of each operation: \`parameters\` (all groups, with the cross-parameter rules), the bare\n * groups, \`body\` (first JSON or form media type) and \`responses\` by status (first JSON body).\n */\n${operationDeclarations.join('\n\n')}`
      : '',
    maps
      ? `/** The validators of every operation (see above), by operationId. */\nexport const operationSchemas: ${block(operationTypes, ';')} = ${block(operationEntries, ',')};`
      : '',
    webhookEntries.length
      ? `${webhookDeclarations.map((declaration) => `${declaration}\n\n`).join('')}/** The payload validator of each webhook and callback with a JSON body, by its name (see \`webhooks.ts\`). */\nexport const webhookSchemas: ${block(webhookTypes, ';')} = ${block(webhookEntries, ',')};`
      : '',
  ];
  return module.text(sections);
}
