/**
 * `src/routes.ts` (what each operation puts on the wire, without validators: what the clients
 * send), `src/definitions.ts` (the same with the zod/mini validators attached: what the mock and
 * other tools read: the API (servers, security schemes, OAuth flows) and one
 * `OperationDefinition` per operation), and `src/validated/<operation>.ts`, one module per
 * operation with its validators: what its route's `validators()` loads, so that a bundler makes
 * them a chunk of their own. That module imports `validators.ts` and nothing of the routes: a
 * bundle of one operation then holds no other operation (esbuild splits by file, and a file
 * that a chunk loaded on demand and the entry both import goes whole into a shared chunk).
 */
import { createHash } from 'node:crypto';
import type { ApiModel, OperationModel } from '../../model/types.js';
import type { EmitContext, Emitter } from '../emitter.js';
import { relativeSpecifier, type ModuleDeclaration } from '../registry.js';
import { commentText } from '../shared/jsdoc.js';
import { Code, needsOwnType, printLiteral } from '../shared/literal.js';
import { operationSchemasNames } from '../zod/module.js';
import { operationConverts } from '../zod/codecs.js';
import { apiKeyOptions, operationNames } from '../shared/operation-names.js';
import { printDeclaration, type Declaration } from '../shared/declarations.js';
import { ModuleBuilder } from '../shared/module.js';
import { Degradations, guardedOperation } from '../shared/degrade.js';
import {
  apiDefinition,
  itemResponses,
  OAUTH_FLOWS,
  oauthFlows,
  operationRoute,
  operationValidators,
  VALIDATOR_OF,
} from './operation.js';

/** Name of the exported object of every `OperationDefinition`, by operationId (in `definitions.ts`). */
export const DEFINITIONS = 'operationDefinitions';
/** Name of the exported `ApiDefinition` without operations (in `routes.ts`, re-exported by `definitions.ts`). */
export const API_BASE = 'apiBase';
/** Name of the exported `ApiDefinition` with every route (in `routes.ts`). */
export const ROUTES = 'routes';
/** Name of the exported helper that adds operations to an `ApiDefinition` (in `routes.ts`). */
const WITH_OPERATIONS = 'withOperations';

/** The routes module, and the names other modules import from it (each operation's route too). */
export const ROUTES_MODULE: ModuleDeclaration = {
  id: 'routes',
  file: 'src/routes.ts',
  exports: [ROUTES, API_BASE, WITH_OPERATIONS, OAUTH_FLOWS],
};

/** The definitions module, and the names other modules import from it (each operation's definition too). */
export const DEFINITIONS_MODULE: ModuleDeclaration = {
  id: 'definitions',
  file: 'src/definitions.ts',
  exports: ['api', API_BASE, DEFINITIONS, OAUTH_FLOWS],
};

/** The route const of an operation: `listAppsRoute` beside `listAppsOperation`. */
export function routeName(definition: string): string {
  return definition.replace(/Operation$/, 'Route');
}

/** The folder of the per-operation modules. */
const VALIDATED_FOLDER = 'src/validated';
/** What a per-operation module exports: the operation's validators. */
const VALIDATED_EXPORT = 'validators';

/**
 * The longest file name stem of a per-operation module. A file system refuses names over 255 bytes
 * (ENAMETOOLONG), and the write phase stages each file under its name plus a suffix of about 30
 * characters: an operation function named after a long path (`getPathParamsSimplePrimitive…`,
 * 250 characters) must still be written.
 */
const MAX_STEM = 120;

/** `fn`, or when it is longer than `MAX_STEM`, its start and a hash of the whole (still unique). */
function fileStem(fn: string): string {
  if (fn.length <= MAX_STEM) return fn;
  const hash = createHash('sha256').update(fn).digest('hex').slice(0, 12);
  return `${fn.slice(0, MAX_STEM - hash.length - 1)}-${hash}`;
}

/**
 * The module of each operation's definition with validators, by operationId:
 * `src/validated/listApps.ts`, named after the operation's function (an identifier, so a safe
 * file name, shortened with a hash when too long for a file system); names that differ only in
 * case get a suffix, for case-insensitive file systems.
 */
function validatedFiles(model: ApiModel): Map<string, string> {
  const names = operationNames(model);
  const taken = new Set<string>();
  const files = new Map<string, string>();
  for (const operation of model.operations) {
    const stem = fileStem(names.get(operation.operationId)!.fn);
    let name = stem;
    for (let index = 2; taken.has(name.toLowerCase()); index += 1) name = `${stem}-${index}`;
    taken.add(name.toLowerCase());
    files.set(operation.operationId, `${VALIDATED_FOLDER}/${name}.ts`);
  }
  return files;
}

/** The operations whose values convert under `transformers` (and that have validators). */
function convertingOperations(model: ApiModel, context: EmitContext): Set<string> {
  if (context.transformers === undefined) return new Set();
  const transformers = context.transformers;
  const schemas = operationSchemasNames(model.operations.map((operation) => operation.operationId));
  return new Set(
    model.operations
      .filter((operation) =>
        guardedOperation(
          new Degradations(),
          { operation, emitter: 'definitions', what: 'the client does not convert it' },
          () =>
            operationValidators({ operation, schemas: schemas.get(operation.operationId)! }) !==
              undefined && operationConverts({ operation, schemas: model.schemas, transformers }),
          () => false,
        ),
      )
      .map((operation) => operation.operationId),
  );
}

/** The files `src/validated/<operation>.ts`, one per operation. */
export function validatedModules(
  model: ApiModel,
  context: EmitContext,
): { path: string; contents: string }[] {
  const files = validatedFiles(model);
  const schemas = operationSchemasNames(model.operations.map((operation) => operation.operationId));
  return model.operations.map((operation) => {
    const file = files.get(operation.operationId)!;
    return {
      path: file,
      contents: validatedSource({
        file,
        operation,
        schemas: schemas.get(operation.operationId)!,
        context,
      }),
    };
  });
}

/** Builds the text of `src/validated/<operation>.ts`: the operation's validators. */
function validatedSource(input: {
  file: string;
  operation: OperationModel;
  schemas: string;
  context: EmitContext;
}): string {
  const { file, operation, schemas, context } = input;
  // Recorded once, by `definitions.ts`, when this operation's validators cannot be written.
  const validators = guardedOperation(
    new Degradations(),
    { operation, emitter: 'definitions', what: 'the client does not validate it' },
    () => operationValidators({ operation, schemas: 'schemas', direct: true }),
    () => undefined,
  );
  const exported = `/** The validators of \`${commentText(operation.operationId)}\`: what its route's \`validators()\` loads, the first time a client validates it. */
export const ${VALIDATED_EXPORT}: OperationValidators = ${validators ?? '{}'};`;
  const module = new ModuleBuilder();
  if (validators === undefined)
    return module
      .import(context.runtimePackage, ['OperationValidators'], { type: true })
      .text([exported]);
  return module
    .import(context.runtimePackage, ['OperationValidators', 'Validator'], { type: true })
    .import(relativeSpecifier(file, context.modules.file('validators')), [schemas])
    .text([
      `/** As the zod emitter writes them (\`validators.ts\` is not type-checked). */
const schemas = ${schemas} as unknown as {
  parameters?: Validator;
  body?: Validator;
  responses?: Partial<Record<string, Validator>>;
  items?: Partial<Record<string, Validator>>;
};`,
      exported,
    ]);
}

/** Builds the text of `src/routes.ts`: servers, security schemes, OAuth flows and every route. */
export function routesSource(model: ApiModel, context: EmitContext): string {
  const names = operationNames(model);
  const flows = oauthFlows(model);
  const runtimeTypes = [
    'ApiDefinition',
    'OperationDefinition',
    ...(flows || model.securitySchemes.some((scheme) => needsOwnType(scheme.name))
      ? ['SecuritySchemeDefinition']
      : []),
  ];
  const module = new ModuleBuilder({ modules: context.modules, id: ROUTES_MODULE.id }).import(
    context.runtimePackage,
    runtimeTypes,
    { type: true },
  );
  const statements: Declaration[] = [];
  if (flows) {
    statements.push(
      {
        kind: 'type',
        name: 'OAuthFlows',
        type: `Extract<SecuritySchemeDefinition, { type: 'oauth2' }>['flows']`,
      },
      {
        kind: 'const',
        exported: true,
        docs: [
          "OAuth 2.0 flows (authorization and token URLs, scopes) of each oauth2 security scheme, for the runtime's OAuth helpers.",
        ],
        name: OAUTH_FLOWS,
        initializer: `${flows} as const satisfies Record<string, OAuthFlows>`,
      },
    );
  }
  statements.push({
    kind: 'const',
    exported: true,
    docs: [
      'The API without its operations (servers, security schemes): what `createBaseClient` hands to the runtime.',
    ],
    name: API_BASE,
    type: 'ApiDefinition',
    initializer: apiDefinition({
      model,
      packageName: context.packageName,
      apiKeyOptions: apiKeyOptions(model.securitySchemes),
    }),
  });
  const routeConsts: string[] = [];
  const validated = validatedFiles(model);
  const converting = convertingOperations(model, context);
  if (converting.size > 0) module.import(`${context.runtimePackage}/codecs`, ['operationCodecs']);
  for (const operation of model.operations) {
    const name = routeName(names.get(operation.operationId)!.definition);
    // Each operation's validators: a chunk of their own, loaded the first time it is validated.
    const loader = `() => import('${relativeSpecifier(ROUTES_MODULE.file, validated.get(operation.operationId)!)}').then((module) => module.${VALIDATED_EXPORT})`;
    // `transformers`: the clients convert with the codecs, which need the validators: the
    // runtime loads them for such an operation whatever `validation` says.
    const codecs = converting.has(operation.operationId) ? 'operationCodecs' : undefined;
    routeConsts.push(name);
    statements.push({
      kind: 'const',
      exported: true,
      docs: [
        `How \`${commentText(operation.operationId)}\` goes on the wire: its definition without validators.`,
      ],
      name,
      type: 'OperationDefinition',
      initializer: guardedOperation(
        context.degradations,
        {
          operation,
          emitter: 'routes',
          what: 'the clients and the mock send and read it without parameter shapes',
        },
        () => operationRoute({ model, operation, loadValidators: loader, codecs }),
        () => operationRoute({ model, operation, shapes: false, loadValidators: loader, codecs }),
      ),
    });
  }
  statements.push({
    kind: 'function',
    name: WITH_OPERATIONS,
    exported: true,
    annotation: '/* @__NO_SIDE_EFFECTS__ */',
    docs: [
      'The API with the given operations. A function without side effects, so that a bundle without `api` or `routes` drops every operation.',
    ],
    parameters: [
      {
        name: 'input',
        type: `{ api: ApiDefinition; operations: Record<string, OperationDefinition> | OperationDefinition[] }`,
      },
    ],
    returnType: 'ApiDefinition',
    body: ['return { ...input.api, operations: Object.values(input.operations) };'],
  });
  statements.push({
    kind: 'const',
    exported: true,
    docs: [
      'The API with every route and no validator: what the drop-in client (`./fetch`) finds operations in.',
    ],
    name: ROUTES,
    type: 'ApiDefinition',
    initializer: `/* @__PURE__ */ ${WITH_OPERATIONS}({ api: ${API_BASE}, operations: [${routeConsts.join(', ')}] })`,
  });
  return module.text(statements.map(printDeclaration));
}

/**
 * Builds the text of `src/definitions.ts`: the wiring that the client and the mock server hand
 * to the runtime. The API (servers, security schemes, OAuth flows, from `routes.ts`), and one
 * `OperationDefinition` per operation: its route with its validators from `validators.ts`.
 */
export function definitionsSource(model: ApiModel, context: EmitContext): string {
  const names = operationNames(model);
  const flows = oauthFlows(model);
  const schemasConsts = operationSchemasNames(
    model.operations.map((operation) => operation.operationId),
  );
  const entries = model.operations.map((operation) => {
    const schemas = schemasConsts.get(operation.operationId)!;
    const definition = names.get(operation.operationId)!.definition;
    const validators = guardedOperation(
      context.degradations,
      { operation, emitter: 'definitions', what: 'the client and the mock do not validate it' },
      () => operationValidators({ operation, schemas }),
      // No validator of any kind: the runtime skips the ones that are missing.
      () => undefined,
    );
    // `transformers`: the operations whose values convert carry the runtime's codecs.
    const converts =
      context.transformers !== undefined &&
      validators !== undefined &&
      operationConverts({ operation, schemas: model.schemas, transformers: context.transformers });
    return { operation, schemas, definition, route: routeName(definition), validators, converts };
  });
  const imported = entries.filter((entry) => entry.validators).map((entry) => entry.schemas);
  const module = new ModuleBuilder({ modules: context.modules, id: DEFINITIONS_MODULE.id })
    .import(
      context.runtimePackage,
      ['ApiDefinition', 'OperationDefinition', ...(imported.length ? ['Validator'] : [])],
      { type: true },
    )
    .import(context.runtimePackage, imported.length ? ['withValidators'] : []);
  // `transformers`: the validators are codecs, and the runtime converts with them (Date, bigint).
  if (entries.some((entry) => entry.converts))
    module.import(`${context.runtimePackage}/codecs`, ['operationCodecs']);
  const exported = [API_BASE, ...(flows ? [OAUTH_FLOWS] : [])];
  module
    .importModule(
      ROUTES_MODULE.id,
      [API_BASE, WITH_OPERATIONS, ...entries.map((entry) => entry.route)],
      { declared: [API_BASE, WITH_OPERATIONS] },
    )
    // The zod/mini twin of the zod module: what the client validates with (`emit/zod/flavour.ts`).
    .importModule('validators', imported)
    .reexport(module.specifier(ROUTES_MODULE.id, exported), exported);
  const statements: Declaration[] = [];
  if (imported.length) {
    const items = model.operations.some((operation) => itemResponses(operation).length > 0);
    statements.push(
      {
        kind: 'type',
        name: 'OperationValidators',
        docs: ['The zod validators of one operation, as the runtime uses them.'],
        type: `{ parameters?: Validator; body?: Validator; responses: Partial<Record<string, Validator>>${items ? '; items?: Partial<Record<string, Validator>>' : ''} }`,
      },
      {
        kind: 'function',
        name: VALIDATOR_OF,
        // Bundlers drop a call of it whose result nothing uses (esbuild, Rollup, webpack's terser).
        annotation: '/* @__NO_SIDE_EFFECTS__ */',
        docs: ['One validator of an operation; the runtime skips the ones that are missing.'],
        parameters: [
          {
            name: 'input',
            type: `{ schemas: unknown; member: keyof OperationValidators; status?: string }`,
          },
        ],
        returnType: 'Validator | undefined',
        body: [
          // Not checked structurally: every zod schema is a validator, and comparing the deep types
          // of a deeply nested spec's schemas exhausts the checker (TS2589).
          'const validators = input.schemas as OperationValidators;',
          items
            ? "return input.member === 'responses' || input.member === 'items' ? validators[input.member]?.[input.status ?? ''] : validators[input.member];"
            : "return input.member === 'responses' ? validators.responses[input.status ?? ''] : validators[input.member];",
        ],
      },
    );
  }
  for (const { operation, definition, route, validators, converts } of entries) {
    statements.push({
      kind: 'const',
      exported: true,
      docs: [
        `The definition of \`${commentText(operation.operationId)}\`, for \`client.paginate\`, \`client.poll\` and other tools.`,
      ],
      name: definition,
      type: 'OperationDefinition',
      // `withValidators` has no side effects: a bundle that does not use the definition drops it.
      initializer:
        validators === undefined
          ? route
          : converts
            ? `{ .../* @__PURE__ */ withValidators(${route}, ${validators}), codecs: operationCodecs }`
            : `/* @__PURE__ */ withValidators(${route}, ${validators})`,
    });
  }
  const byId = Object.fromEntries(
    entries.map((entry) => [entry.operation.operationId, new Code(entry.definition)]),
  );
  statements.push(
    {
      kind: 'const',
      exported: true,
      docs: [
        'Every operation definition by operationId, for the client, the mock server and other tools.',
      ],
      name: DEFINITIONS,
      initializer: `${printLiteral(byId)} satisfies Record<string, OperationDefinition>`,
    },
    {
      kind: 'const',
      exported: true,
      docs: [
        'What the runtime (client and mock server) needs to know about the API: servers, security schemes and every operation.',
      ],
      name: 'api',
      type: 'ApiDefinition',
      initializer: `/* @__PURE__ */ ${WITH_OPERATIONS}({ api: ${API_BASE}, operations: ${DEFINITIONS} })`,
    },
  );
  return module.text(statements.map(printDeclaration));
}

export const definitionsEmitter: Emitter = {
  name: 'definitions',
  provides: [ROUTES_MODULE, DEFINITIONS_MODULE],
  needs: ['validators'],
  emit: (model, context) => [
    { path: ROUTES_MODULE.file, contents: routesSource(model, context) },
    { path: DEFINITIONS_MODULE.file, contents: definitionsSource(model, context) },
    ...validatedModules(model, context),
  ],
};
