import { API_BASE, ROUTES, ROUTES_MODULE, routeName } from '../definitions/index.js';
import type { ApiModel, OperationModel } from '../../model/types.js';
import type { EmitContext, Emitter } from '../emitter.js';
import { pascalCase, stringLiteral } from '../shared/identifiers.js';
import { commentText, jsDocLines } from '../shared/jsdoc.js';
import type { ModuleDeclaration } from '../registry.js';
import {
  apiKeyOptions,
  operationNames,
  RUNTIME_CLIENT_MEMBERS,
  type OperationNames,
} from '../shared/operation-names.js';
import { joinMembers, memberDoc, method, RUNTIME_CALLS, type MemberForm } from './method.js';
import { namespaceMembers } from './namespaces.js';
import { rootMembers } from '../shared/namespace-names.js';
import { printDeclaration, type Declaration } from '../shared/declarations.js';
import { ModuleBuilder } from '../shared/module.js';
import { guardedOperation } from '../shared/degrade.js';
import { operationDocLines } from './docs.js';
import { decodedArgsType, decodedResultType } from './decoded.js';
import { operationConverts } from '../zod/codecs.js';
import {
  argsOptional,
  argsRuntimeTypes,
  argsType,
  isDownload,
  itemType,
  resultRuntimeTypes,
  resultType,
} from './signatures.js';

/** `<Api>ClientOptions`: the runtime's options plus one typed option per apiKey scheme. */
function clientOptions(
  model: ApiModel,
  optionsName: string,
  options: ReadonlyMap<string, string>,
): Declaration {
  return {
    kind: 'interface',
    name: optionsName,
    exported: true,
    extends: ['ClientOptions'],
    docs: jsDocLines({
      summary: `Options of \`createClient\`: connection, retries and validation, plus the credentials of ${model.info.title || 'the API'}.`,
    }),
    properties: model.securitySchemes.flatMap((scheme) => {
      if (scheme.type !== 'apiKey') return [];
      const where = `sent in the \`${scheme.paramName}\` ${scheme.in === 'query' ? 'query parameter' : scheme.in}`;
      return [
        {
          name: options.get(scheme.name) ?? scheme.name,
          type: 'string',
          optional: true,
          docs: jsDocLines({
            summary: `API key of the \`${scheme.name}\` security scheme, ${where}.`,
            description: scheme.description,
          }),
        },
      ];
    }),
  };
}

/** The client module, and what other modules (the package's index) import from it. */
export const CLIENT_MODULE: ModuleDeclaration = {
  id: 'client',
  file: 'src/client.ts',
  exports: ['createClient', 'createBaseClient'],
};

/** True when the operation's values convert under the config's `transformers` (`Date`, `bigint`). */
function converts(operation: OperationModel, model: ApiModel, context: EmitContext): boolean {
  return (
    context.transformers !== undefined &&
    operationConverts({ operation, schemas: model.schemas, transformers: context.transformers })
  );
}

/** The exported `<Name>Args`, `<Name>Result` (and `<Name>Item` when paginated) types. */
function operationTypes(
  operation: OperationModel,
  names: OperationNames,
  model: ApiModel,
  decoded: boolean,
): Declaration[] {
  const label = `\`${names.fn}\``;
  const statements: Declaration[] = [
    {
      kind: 'type',
      name: `${names.type}Args`,
      exported: true,
      type: decoded
        ? decodedArgsType(operation, model.schemas)
        : argsType(operation, model.schemas),
      docs: [`Arguments of ${commentText(label)}.`],
    },
    {
      kind: 'type',
      name: `${names.type}Result`,
      exported: true,
      type: decoded
        ? decodedResultType(operation, model.schemas)
        : resultType(operation, model.schemas),
      docs: [`What ${commentText(label)} resolves with.`],
    },
  ];
  const pagination = operation.extensions.pagination;
  if (pagination) {
    statements.push({
      kind: 'type',
      name: `${names.type}Item`,
      exported: true,
      type: itemType(`${names.type}Result`, pagination.itemsField),
      docs: [`One item of the pages that \`paginate.${names.fn}\` iterates over.`],
    });
  }
  return statements;
}

/**
 * What the client writes of one operation besides its calls: its types, its JSDoc, whether args
 * are optional, whether it downloads a file, and the runtime's types its types name.
 */
interface WrittenOperation {
  types: Declaration[];
  doc: string[];
  argsOptional: boolean;
  download: boolean;
  runtimeTypes: string[];
}

/**
 * One operation's types and documentation, or, when the emitter cannot write them
 * (`shared/degrade.ts`), loose ones that it can: arguments of any group, an `unknown` result.
 */
function writtenOperation(
  operation: OperationModel,
  names: OperationNames,
  model: ApiModel,
  context: EmitContext,
): WrittenOperation {
  return guardedOperation(
    context.degradations,
    {
      operation,
      emitter: 'client',
      what: 'its function takes loosely typed arguments and resolves with `unknown`',
    },
    () => ({
      types: operationTypes(operation, names, model, converts(operation, model, context)),
      doc: operationDocLines(operation),
      argsOptional: argsOptional(operation),
      download: isDownload(operation),
      runtimeTypes: [
        ...resultRuntimeTypes(resultType(operation, model.schemas)),
        ...argsRuntimeTypes(argsType(operation, model.schemas)),
      ],
    }),
    () => ({
      types: looseOperationTypes(operation, names),
      doc: [`\`${commentText(operation.method.toUpperCase())} ${commentText(operation.path)}\`.`],
      argsOptional: true,
      download: false,
      runtimeTypes: [],
    }),
  );
}

/** The types of `operationTypes` for an operation the client cannot type. */
function looseOperationTypes(operation: OperationModel, names: OperationNames): Declaration[] {
  const group = 'Record<string, unknown>';
  return [
    {
      kind: 'type',
      name: `${names.type}Args`,
      exported: true,
      type: `{ path?: ${group}; query?: ${group}; header?: ${group}; cookie?: ${group}; body?: unknown }`,
      docs: [`Arguments of \`${names.fn}\` (not typed: see zapgen's warning).`],
    },
    {
      kind: 'type',
      name: `${names.type}Result`,
      exported: true,
      type: 'unknown',
      docs: [`What \`${names.fn}\` resolves with (not typed: see zapgen's warning).`],
    },
    ...(operation.extensions.pagination
      ? [
          {
            kind: 'type' as const,
            name: `${names.type}Item`,
            exported: true,
            type: 'unknown',
            docs: [`One item of the pages that \`paginate.${names.fn}\` iterates over.`],
          },
        ]
      : []),
  ];
}

/**
 * The operation's own exported function, `getApp(client, args, callOptions)`, on a client from
 * `createBaseClient`: a module that imports it alone brings into a bundle this operation's
 * definition and validators, and no other's.
 */
function operationFunction(input: {
  doc: string[];
  names: OperationNames;
  argsOptional: boolean;
  download: boolean;
  baseClient: string;
}): Declaration {
  const { names, download } = input;
  const result = download
    ? `ParsedAs<Options, ${names.type}Result>`
    : RUNTIME_CALLS.call.generic(names.type);
  return {
    kind: 'function',
    name: names.fn,
    exported: true,
    // Not async: `client.call` returns the promise, and rejects (never throws) for a bad argument.
    ...(download && {
      typeParameters: [{ name: 'Options', constraint: 'CallOptions', default: 'CallOptions' }],
    }),
    parameters: [
      { name: 'client', type: input.baseClient },
      {
        name: 'args',
        type: `${names.type}Args`,
        initializer: input.argsOptional ? '{}' : undefined,
      },
      { name: 'callOptions', type: download ? 'Options' : 'CallOptions', optional: true },
    ],
    returnType: `Promise<${result}>`,
    docs: input.doc,
    body: [`return client.call<${result}>(${routeName(names.definition)}, args, callOptions);`],
  };
}

/**
 * The members of `createClient`'s object after the spread path methods, in `form`: the runtime's
 * members handed on, the operations' methods, their namespaces, `paginate` and `poll`.
 */
function clientMembers(
  model: ApiModel,
  names: ReadonlyMap<string, OperationNames>,
  written: ReadonlyMap<string, WrittenOperation>,
  form: MemberForm,
): string[] {
  const entries = model.operations.map((operation) => ({
    operation,
    names: names.get(operation.operationId)!,
    doc: written.get(operation.operationId)!.doc,
    argsOptional: written.get(operation.operationId)!.argsOptional,
    download: written.get(operation.operationId)!.download,
  }));
  const members = entries
    .filter(({ operation }) => !operation.namespaces?.length)
    .map(({ names: n, doc, argsOptional, download }) =>
      method({ doc, names: n, argsOptional, download, kind: 'call', form }),
    );
  members.push(...namespaceMembers({ entries, taken: rootMembers(model.operations, names), form }));
  const paginated = entries.filter(({ operation }) => operation.extensions.pagination);
  if (paginated.length) {
    const methods = paginated.map(({ names: n, argsOptional }) =>
      method({
        doc: [`Iterates over every item of \`${n.fn}\`, page after page.`],
        names: n,
        argsOptional,
        download: false,
        kind: 'paginate',
        form,
      }),
    );
    members.push(
      `${memberDoc('/** Async iterators over every item of the paginated operations. */\n', form)}paginate: {\n${joinMembers(methods, form)}\n}`,
    );
  }
  const polled = entries.filter(({ operation }) => operation.extensions.polling);
  if (polled.length) {
    const methods = polled.map(({ operation, names: n, argsOptional }) => {
      const polling = operation.extensions.polling!;
      const doc = [
        `Calls \`${n.fn}\` every ${polling.intervalMs} ms while ${commentText(`\`${polling.whileField}\``)} is true; resolves with the final result.`,
      ];
      return method({ doc, names: n, argsOptional, download: false, kind: 'poll', form });
    });
    members.push(
      `${memberDoc('/** Operations whose result completes over time: called again until it is complete. */\n', form)}poll: {\n${joinMembers(methods, form)}\n}`,
    );
  }
  const handedOn = RUNTIME_CLIENT_MEMBERS.map(
    ({ name, doc }) =>
      `${memberDoc(`/** ${doc} */\n`, form)}${name}: ${form === 'value' ? `runtime.${name}` : `Runtime<paths>[${stringLiteral(name)}]`}`,
  );
  return [...handedOn, ...members];
}

/** The body of `createClient`. */
function createClientBody(
  model: ApiModel,
  names: ReadonlyMap<string, OperationNames>,
  written: ReadonlyMap<string, WrittenOperation>,
): string {
  return `const runtime = createRuntime<paths>(${ROUTES}, options);\nreturn {\n...runtime.pathMethods,\n${joinMembers(clientMembers(model, names, written, 'value'), 'value')}\n};`;
}

/**
 * Builds the text of `src/client.ts`: what a user reads. The options, the argument and result
 * types of each operation, and `createClient` with one documented function per operation.
 */
export function clientSource(model: ApiModel, context: EmitContext): string {
  const prefix = pascalCase(context.apiName);
  const optionsName = `${prefix}ClientOptions`;
  const baseClient = `${prefix}BaseClient`;
  const names = operationNames(model);
  const first = model.operations[0] && names.get(model.operations[0].operationId);
  const example = first?.fn ?? 'getThing';
  const exampleDefinition = first?.definition ?? 'getThingOperation';
  const hasPagination = model.operations.some((operation) => operation.extensions.pagination);
  const hasPolling = model.operations.some((operation) => operation.extensions.polling);
  // Only what the module uses: an API without operations needs no call options or operation types.
  const some = model.operations.length > 0;
  const written = new Map(
    model.operations.map((operation) => [
      operation.operationId,
      writtenOperation(operation, names.get(operation.operationId)!, model, context),
    ]),
  );
  const streamTypes = new Set([...written.values()].flatMap((entry) => entry.runtimeTypes));
  const runtimeTypes = [
    ...(some ? ['CallOptions'] : []),
    'ClientOptions',
    ...(hasPagination ? ['PaginateOptions'] : []),
    ...([...written.values()].some((entry) => entry.download) ? ['ParsedAs'] : []),
    'PathMethods',
    ...(hasPolling ? ['PollOptions'] : []),
    ...(streamTypes.has('ResponseStream') ? ['ResponseStream'] : []),
    'Runtime',
    ...(streamTypes.has('ServerSentEvent') ? ['ServerSentEvent'] : []),
    ...(streamTypes.has('UploadBody') ? ['UploadBody'] : []),
    ...(streamTypes.has('WithFiles') ? ['WithFiles'] : []),
  ];
  // Routes, not definitions: each operation's validators load the first time it is validated.
  const routeConsts = model.operations.map((operation) =>
    routeName(names.get(operation.operationId)!.definition),
  );

  const module = new ModuleBuilder({ modules: context.modules, id: CLIENT_MODULE.id })
    // Not the root: with it a bundler splitting by file (esbuild) loads what the root exports
    // and the runtime loads on demand (the stream reader), used or not.
    .import(`${context.runtimePackage}/client`, ['createRuntime'])
    .import(context.runtimePackage, runtimeTypes, { type: true })
    .importModule(ROUTES_MODULE.id, [ROUTES, API_BASE, ...routeConsts], {
      declared: [ROUTES, API_BASE],
    })
    .importModule('types', [...(some ? ['operations'] : []), 'paths'], {
      type: true,
      declared: ['operations', 'paths'],
    });
  // `transformers`: results (and decoded arguments) are typed by the zod codecs' output.
  if (model.operations.some((operation) => converts(operation, model, context)))
    module
      .importNamespace('zod', 'z', { type: true })
      .importModule('zod', ['operationSchemas'], { type: true });
  const statements: Declaration[] = [
    clientOptions(model, optionsName, apiKeyOptions(model.securitySchemes)),
    {
      kind: 'type',
      name: baseClient,
      exported: true,
      type: `Pick<Runtime<paths>, 'call' | 'send' | 'paginate' | 'poll'>`,
      docs: [
        'The client returned by `createBaseClient`: what the operation functions (`fn(client, args)`) send through.',
      ],
    },
  ];
  for (const operation of model.operations)
    statements.push(...written.get(operation.operationId)!.types);
  statements.push({
    kind: 'function',
    name: 'createBaseClient',
    exported: true,
    parameters: [{ name: 'options', type: optionsName, initializer: '{}' }],
    returnType: baseClient,
    docs: jsDocLines({
      summary: `A client of ${model.info.title || context.packageName} for the operation functions: \`${example}(client, args)\` instead of \`client.${example}(args)\`.`,
      description:
        "The same options and the same runtime as `createClient`, without a method per operation or the path-typed `GET`, `POST`, ...: a bundle that imports it and some operation functions keeps only those operations and their routes; each operation's validators are a chunk of their own, loaded the first time it is validated. `client.paginate(definition, args)` and `client.poll(definition, args)` take an operation's exported definition (`" +
        exampleDefinition +
        '`).',
    }),
    body: [
      'const runtime = createRuntime<paths>(apiBase, options);',
      'return { call: runtime.call, send: runtime.send, paginate: runtime.paginate, poll: runtime.poll };',
    ],
  });
  for (const operation of model.operations) {
    const { doc, argsOptional, download } = written.get(operation.operationId)!;
    statements.push(
      operationFunction({
        doc,
        names: names.get(operation.operationId)!,
        argsOptional,
        download,
        baseClient,
      }),
    );
  }
  const clientType = `${prefix}Client`;
  statements.push(
    {
      kind: 'function',
      name: 'createClient',
      exported: true,
      parameters: [{ name: 'options', type: optionsName, initializer: '{}' }],
      // Named, so that `client.d.ts` refers to the interface below instead of spelling out the
      // object's inferred type (a type per method, which each build of the package printed).
      returnType: clientType,
      docs: jsDocLines({
        summary: `A client of ${model.info.title || context.packageName}: one function per operation, and the path-typed \`GET\`, \`POST\`, ... (\`client.GET('/path', { params, body })\`, resolving with \`{ data, response }\`).`,
        description:
          "Both go through the same runtime: credentials per operation, the spec's wire format, validation before sending, timeouts, retries, redirects that never carry a credential to another origin, and typed errors. Credentials, base URL, retries and validation are set once in `options`; each function takes its arguments as one object (`{ path, query, header, cookie, body }`). With `validation: { response: 'strict' }`, a 2xx body that breaks its schema throws a `ResponseValidationError`.",
      }),
      body: [createClientBody(model, names, written)],
    },
    {
      kind: 'interface',
      name: clientType,
      exported: true,
      extends: ['PathMethods<paths>'],
      properties: [],
      members: clientMembers(model, names, written, 'type'),
      docs: ['The client returned by `createClient`.'],
    },
  );
  return module.text(statements.map(printDeclaration));
}

/** `src/client.ts`: `createClient` and one typed function per operation, on `@zapgen/runtime`. */
export const clientEmitter: Emitter = {
  name: 'client',
  provides: [CLIENT_MODULE],
  needs: ['routes', 'types', 'zod'],
  emit: (model, context) => [{ path: CLIENT_MODULE.file, contents: clientSource(model, context) }],
};
