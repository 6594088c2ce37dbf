import { Node, Project, StructureKind, VariableDeclarationKind, type StatementStructures } from 'ts-morph';
import type { ApiModel, OperationModel } from '../../model/types.js';
import type { EmitContext, Emitter } from '../emitter.js';
import { pascalCase, stringLiteral } from '../shared/identifiers.js';
import { commentText, jsDocLines } from '../shared/jsdoc.js';
import { apiDefinition, OAUTH_FLOWS, oauthFlows, operationDefinition, VALIDATORS_OF } from './definition.js';
import { operationDocLines } from './docs.js';
import { apiKeyOptions, operationNames, type OperationNames } from './names.js';
import { argsOptional, argsType, itemType, resultType } from './signatures.js';

/** ts-morph wants JSDoc as text without the comment markers. */
function docs(lines: string[]): { description: string }[] {
  return lines.length ? [{ description: lines.join('\n') }] : [];
}

/** `<Api>ClientOptions`: the runtime's options plus one typed option per apiKey scheme. */
function clientOptions(model: ApiModel, optionsName: string, options: ReadonlyMap<string, string>): StatementStructures {
  return {
    kind: StructureKind.Interface,
    name: optionsName,
    isExported: true,
    extends: ['ClientOptions'],
    docs: docs(jsDocLines({ summary: `Options of \`createClient\`: connection, retries and validation, plus the credentials of ${model.info.title || 'the API'}.` })),
    properties: model.securitySchemes.flatMap((scheme) => {
      if (scheme.type !== 'apiKey') return [];
      const where = `sent in the \`${scheme.paramName}\` ${scheme.in === 'query' ? 'query parameter' : scheme.in}`;
      return [
        {
          name: options.get(scheme.name) ?? scheme.name,
          type: 'string',
          hasQuestionToken: true,
          docs: docs(jsDocLines({ summary: `API key of the \`${scheme.name}\` security scheme, ${where}.`, description: scheme.description })),
        },
      ];
    }),
  };
}

/** The exported `<Name>Args`, `<Name>Result` (and `<Name>Item` when paginated) types and the definition const. */
function operationStatements(model: ApiModel, operation: OperationModel, names: OperationNames): StatementStructures[] {
  const label = `\`${names.fn}\``;
  const statements: StatementStructures[] = [
    {
      kind: StructureKind.TypeAlias,
      name: `${names.type}Args`,
      isExported: true,
      type: argsType(operation),
      docs: docs([`Arguments of ${commentText(label)}.`]),
    },
    {
      kind: StructureKind.TypeAlias,
      name: `${names.type}Result`,
      isExported: true,
      type: resultType(operation),
      docs: docs([`What ${commentText(label)} resolves with.`]),
    },
  ];
  const pagination = operation.extensions.pagination;
  if (pagination) {
    statements.push({
      kind: StructureKind.TypeAlias,
      name: `${names.type}Item`,
      isExported: true,
      type: itemType(`${names.type}Result`, pagination.itemsField),
      docs: docs([`One item of the pages that \`paginate.${names.fn}\` iterates over.`]),
    });
  }
  statements.push({
    kind: StructureKind.VariableStatement,
    declarationKind: VariableDeclarationKind.Const,
    declarations: [{ name: names.definition, type: 'OperationDefinition', initializer: operationDefinition(model, operation) }],
  });
  return statements;
}

/** A JSDoc block for already escaped lines: one line stays on one line. */
function blockComment(lines: string[]): string {
  if (!lines.length) return '';
  if (lines.length === 1) return `/** ${lines[0]} */\n`;
  return `/**\n${lines.map((line) => (line ? ` * ${line}` : ' *')).join('\n')}\n */\n`;
}

const RUNTIME_CALLS = {
  call: { options: 'CallOptions', returns: (type: string) => `Promise<${type}Result>`, generic: (type: string) => `${type}Result` },
  paginate: { options: 'PaginateOptions', returns: (type: string) => `AsyncIterableIterator<${type}Item>`, generic: (type: string) => `${type}Item` },
  poll: { options: 'PollOptions', returns: (type: string) => `Promise<${type}Result>`, generic: (type: string) => `${type}Result` },
} as const;

/** One method of the client object: a named call, or its `paginate`/`poll` variant. */
function method(input: { doc: string[]; names: OperationNames; operation: OperationModel; kind: keyof typeof RUNTIME_CALLS }): string {
  const { names, kind } = input;
  const call = RUNTIME_CALLS[kind];
  const args = `args: ${names.type}Args${argsOptional(input.operation) ? ' = {}' : ''}`;
  // `callOptions`, not `options`: that is `createClient`'s own parameter.
  const signature = `${kind === 'paginate' ? '' : 'async '}${names.fn}(${args}, callOptions?: ${call.options}): ${call.returns(names.type)}`;
  const body = `return runtime.${kind}<${call.generic(names.type)}>(${names.definition}, args, callOptions);`;
  return `${blockComment(input.doc)}${signature} {\n${body}\n}`;
}

/** The body of `createClient`. */
function createClientBody(model: ApiModel, names: ReadonlyMap<string, OperationNames>): string {
  const entries = model.operations.map((operation) => ({ operation, names: names.get(operation.operationId)! }));
  const members = entries.map(({ operation, names: n }) => method({ doc: operationDocLines(operation), names: n, operation, kind: 'call' }));
  const paginated = entries.filter(({ operation }) => operation.extensions.pagination);
  if (paginated.length) {
    const methods = paginated.map(({ operation, names: n }) =>
      method({ doc: [`Iterates over every item of \`${n.fn}\`, page after page.`], names: n, operation, kind: 'paginate' }),
    );
    members.push(`/** Async iterators over every item of the paginated operations. */\npaginate: {\n${methods.join(',\n')}\n}`);
  }
  const polled = entries.filter(({ operation }) => operation.extensions.polling);
  if (polled.length) {
    const methods = polled.map(({ operation, names: n }) => {
      const polling = operation.extensions.polling!;
      const doc = [`Calls \`${n.fn}\` every ${polling.intervalMs} ms while ${commentText(`\`${polling.whileField}\``)} is true; resolves with the final result.`];
      return method({ doc, names: n, operation, kind: 'poll' });
    });
    members.push(`/** Operations whose result completes over time: called again until it is complete. */\npoll: {\n${methods.join(',\n')}\n}`);
  }
  return `// Knowing every operation lets the path-typed methods (GET, POST, ...) authenticate per operation too.\nconst runtime = createRuntime<paths>({ ...api, operations: Object.values(operationDefinitions) }, options);\nreturn {\n...runtime.fetchClient,\n${members.map((member) => `${member},`).join('\n')}\n};`;
}

/** Builds the text of `src/client.ts`. */
export function clientSource(model: ApiModel, context: EmitContext): string {
  const prefix = pascalCase(context.apiName);
  const optionsName = `${prefix}ClientOptions`;
  const keyOptions = apiKeyOptions(model.securitySchemes);
  const names = operationNames(model);
  const flows = oauthFlows(model);
  const hasPagination = model.operations.some((operation) => operation.extensions.pagination);
  const hasPolling = model.operations.some((operation) => operation.extensions.polling);
  const runtimeTypes = [
    'ApiDefinition',
    'CallOptions',
    'ClientOptions',
    'OperationDefinition',
    ...(hasPagination ? ['PaginateOptions'] : []),
    ...(hasPolling ? ['PollOptions'] : []),
    ...(flows ? ['SecuritySchemeDefinition'] : []),
    'Validator',
  ];

  const statements: StatementStructures[] = [
    { kind: StructureKind.ImportDeclaration, moduleSpecifier: context.runtimePackage, namedImports: ['createRuntime'] },
    { kind: StructureKind.ImportDeclaration, moduleSpecifier: context.runtimePackage, isTypeOnly: true, namedImports: runtimeTypes },
    { kind: StructureKind.ImportDeclaration, moduleSpecifier: './types.js', isTypeOnly: true, namedImports: ['operations', 'paths'] },
    { kind: StructureKind.ImportDeclaration, moduleSpecifier: './zod.js', namedImports: ['operationSchemas'] },
    clientOptions(model, optionsName, keyOptions),
  ];
  if (flows) {
    statements.push(
      {
        kind: StructureKind.TypeAlias,
        name: 'OAuthFlows',
        type: `Extract<SecuritySchemeDefinition, { type: 'oauth2' }>['flows']`,
      },
      {
        kind: StructureKind.VariableStatement,
        isExported: true,
        declarationKind: VariableDeclarationKind.Const,
        docs: docs(['OAuth 2.0 flows (authorization and token URLs, scopes) of each oauth2 security scheme, for the runtime\'s OAuth helpers.']),
        declarations: [{ name: OAUTH_FLOWS, initializer: `${flows} as const satisfies Record<string, OAuthFlows>` }],
      },
    );
  }
  statements.push(
    {
      kind: StructureKind.TypeAlias,
      name: 'OperationValidators',
      docs: docs(['The zod validators of one operation, as the runtime uses them.']),
      type: '{ parameters?: Validator; body?: Validator; responses: Partial<Record<string, Validator>> }',
    },
    {
      kind: StructureKind.Function,
      name: VALIDATORS_OF,
      docs: docs(['The validators of an operation; the runtime skips the ones that are missing.']),
      parameters: [{ name: 'operationId', type: 'string' }],
      returnType: 'OperationValidators',
      statements: [
        // Typed once here, so that each definition below can look its validators up by operationId.
        // Not checked structurally: every zod schema is a validator, and comparing the deep types
        // of a deeply nested spec's schemas exhausts the checker (TS2589).
        'const validators = operationSchemas as unknown as Partial<Record<string, OperationValidators>>;',
        'return validators[operationId] ?? { responses: {} };',
      ],
    },
    {
      kind: StructureKind.VariableStatement,
      declarationKind: VariableDeclarationKind.Const,
      isExported: true,
      docs: docs(['What the runtime (client and mock server) needs to know about the API: servers and security schemes.']),
      declarations: [{ name: 'api', type: 'ApiDefinition', initializer: apiDefinition(model, context.packageName, keyOptions) }],
    },
  );
  for (const operation of model.operations) {
    statements.push(...operationStatements(model, operation, names.get(operation.operationId)!));
  }
  const byId = model.operations.map((operation) => `${stringLiteral(operation.operationId)}: ${names.get(operation.operationId)!.definition},`);
  statements.push(
    {
      kind: StructureKind.VariableStatement,
      isExported: true,
      declarationKind: VariableDeclarationKind.Const,
      docs: docs(['Every operation definition by operationId, for the mock server and other tools.']),
      declarations: [{ name: 'operationDefinitions', initializer: `{\n${byId.join('\n')}\n} satisfies Record<string, OperationDefinition>` }],
    },
    {
      kind: StructureKind.Function,
      name: 'createClient',
      isExported: true,
      parameters: [{ name: 'options', type: optionsName, initializer: '{}' }],
      docs: docs(
        jsDocLines({
          summary: `A client of ${model.info.title || context.packageName}: one method per operation, plus the path-typed \`GET\`, \`POST\`, ... of openapi-fetch.`,
          description: `Credentials, base URL, retries and validation are set once in \`options\`; each method takes its arguments as one object (\`{ path, query, header, cookie, body }\`).`,
        }),
      ),
      statements: createClientBody(model, names),
    },
    {
      kind: StructureKind.TypeAlias,
      name: `${prefix}Client`,
      isExported: true,
      type: 'ReturnType<typeof createClient>',
      docs: docs(['The client returned by `createClient`.']),
    },
  );

  const project = new Project({ useInMemoryFileSystem: true });
  const file = project.createSourceFile('client.ts', { statements });
  // One blank line between declarations, none between imports.
  const imports = file.getImportDeclarations().map((statement) => statement.getText());
  const rest = file.getStatements().filter((statement) => !Node.isImportDeclaration(statement)).map((statement) => statement.getText(true));
  return `${[imports.join('\n'), ...rest].join('\n\n')}\n`;
}

/** `src/client.ts`: `createClient` and one typed function per operation, on top of `@zapgen/runtime`. */
export const clientEmitter: Emitter = {
  name: 'client',
  emit: (model, context) => [{ path: 'src/client.ts', contents: clientSource(model, context) }],
};
