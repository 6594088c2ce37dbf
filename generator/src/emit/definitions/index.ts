/**
 * `src/definitions.ts`: what the client and the mock hand to the runtime: the API (servers,
 * security schemes, OAuth flows) and one `OperationDefinition` per operation with its validators.
 */
import { StructureKind, VariableDeclarationKind, type StatementStructures } from 'ts-morph';
import type { ApiModel } from '../../model/types.js';
import type { EmitContext, Emitter } from '../emitter.js';
import type { ModuleDeclaration } from '../registry.js';
import { commentText } from '../shared/jsdoc.js';
import { Code, needsOwnType, printLiteral } from '../shared/literal.js';
import { apiKeyOptions, operationNames } from '../shared/operation-names.js';
import { docs, moduleText } from '../shared/ts-morph.js';
import { guardedOperation } from '../shared/degrade.js';
import { operationSchemasNames } from '../zod/module.js';
import {
  apiDefinition,
  OAUTH_FLOWS,
  oauthFlows,
  operationDefinition,
  VALIDATOR_OF,
} from './operation.js';

/** Name of the exported object of every `OperationDefinition`, by operationId. */
const DEFINITIONS = 'operationDefinitions';
/** Name of the exported `ApiDefinition` without operations. */
const API_BASE = 'apiBase';

/** The module, and the names other modules import from it (each operation's definition too). */
export const DEFINITIONS_MODULE: ModuleDeclaration = {
  id: 'definitions',
  file: 'src/definitions.ts',
  exports: ['api', API_BASE, DEFINITIONS, OAUTH_FLOWS],
};

/**
 * Builds the text of `src/definitions.ts`: the wiring that the client and the mock server hand
 * to the runtime. The API (servers, security schemes, OAuth flows), and one `OperationDefinition`
 * per operation with its validators from `zod.ts`.
 */
export function definitionsSource(model: ApiModel, context: EmitContext): string {
  const keyOptions = apiKeyOptions(model.securitySchemes);
  const names = operationNames(model);
  const flows = oauthFlows(model);
  const schemasConsts = operationSchemasNames(
    model.operations.map((operation) => operation.operationId),
  );
  const definitionSources = model.operations.map((operation) => {
    const schemas = schemasConsts.get(operation.operationId)!;
    const source = guardedOperation(
      context.degradations,
      {
        operation,
        emitter: 'definitions',
        what: 'the client and the mock send and read it without validators or parameter shapes',
      },
      () => operationDefinition({ model, operation, schemas }),
      () => operationDefinition({ model, operation, schemas: undefined }),
    );
    return { operation, schemas, source, usesSchemas: source.includes(`schemas: ${schemas},`) };
  });
  const imported = definitionSources
    .filter((entry) => entry.usesSchemas)
    .map((entry) => entry.schemas);
  const runtimeTypes = [
    'ApiDefinition',
    'OperationDefinition',
    ...(flows || model.securitySchemes.some((scheme) => needsOwnType(scheme.name))
      ? ['SecuritySchemeDefinition']
      : []),
    ...(imported.length ? ['Validator'] : []),
  ];
  const statements: StatementStructures[] = [
    {
      kind: StructureKind.ImportDeclaration,
      moduleSpecifier: context.runtimePackage,
      isTypeOnly: true,
      namedImports: runtimeTypes,
    },
  ];
  if (imported.length)
    statements.push({
      kind: StructureKind.ImportDeclaration,
      // The zod/mini twin of the zod module: what the client validates with (`emit/zod/flavour.ts`).
      moduleSpecifier: context.modules.specifier({ from: DEFINITIONS_MODULE.id, to: 'validators' }),
      namedImports: imported,
    });
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
        docs: docs([
          "OAuth 2.0 flows (authorization and token URLs, scopes) of each oauth2 security scheme, for the runtime's OAuth helpers.",
        ]),
        declarations: [
          {
            name: OAUTH_FLOWS,
            initializer: `${flows} as const satisfies Record<string, OAuthFlows>`,
          },
        ],
      },
    );
  }
  if (imported.length) {
    statements.push(
      {
        kind: StructureKind.TypeAlias,
        name: 'OperationValidators',
        docs: docs(['The zod validators of one operation, as the runtime uses them.']),
        type: '{ parameters?: Validator; body?: Validator; responses: Partial<Record<string, Validator>> }',
      },
      {
        kind: StructureKind.Function,
        name: VALIDATOR_OF,
        // Bundlers drop a call of it whose result nothing uses (esbuild, Rollup, webpack's terser).
        leadingTrivia: '/* @__NO_SIDE_EFFECTS__ */\n',
        docs: docs(['One validator of an operation; the runtime skips the ones that are missing.']),
        parameters: [
          {
            name: 'input',
            type: `{ schemas: unknown; member: keyof OperationValidators; status?: string }`,
          },
        ],
        returnType: 'Validator | undefined',
        statements: [
          // Not checked structurally: every zod schema is a validator, and comparing the deep types
          // of a deeply nested spec's schemas exhausts the checker (TS2589).
          'const validators = input.schemas as OperationValidators;',
          "return input.member === 'responses' ? validators.responses[input.status ?? ''] : validators[input.member];",
        ],
      },
    );
  }
  for (const { operation, source } of definitionSources) {
    statements.push({
      kind: StructureKind.VariableStatement,
      isExported: true,
      declarationKind: VariableDeclarationKind.Const,
      docs: docs([
        `The definition of \`${commentText(operation.operationId)}\`, for \`client.paginate\`, \`client.poll\` and other tools.`,
      ]),
      declarations: [
        {
          name: names.get(operation.operationId)!.definition,
          type: 'OperationDefinition',
          initializer: source,
        },
      ],
    });
  }
  const byId = Object.fromEntries(
    model.operations.map((operation) => [
      operation.operationId,
      new Code(names.get(operation.operationId)!.definition),
    ]),
  );
  statements.push(
    {
      kind: StructureKind.VariableStatement,
      isExported: true,
      declarationKind: VariableDeclarationKind.Const,
      docs: docs([
        'Every operation definition by operationId, for the client, the mock server and other tools.',
      ]),
      declarations: [
        {
          name: DEFINITIONS,
          initializer: `${printLiteral(byId)} satisfies Record<string, OperationDefinition>`,
        },
      ],
    },
    {
      kind: StructureKind.VariableStatement,
      declarationKind: VariableDeclarationKind.Const,
      isExported: true,
      docs: docs([
        'The API without its operations (servers, security schemes): what `createBaseClient` hands to the runtime.',
      ]),
      declarations: [
        {
          name: API_BASE,
          type: 'ApiDefinition',
          initializer: apiDefinition({
            model,
            packageName: context.packageName,
            apiKeyOptions: keyOptions,
          }),
        },
      ],
    },
    {
      kind: StructureKind.Function,
      name: 'withOperations',
      leadingTrivia: '/* @__NO_SIDE_EFFECTS__ */\n',
      docs: docs([
        'The API with every operation. A function without side effects, so that a bundle without `api` drops every operation.',
      ]),
      parameters: [
        {
          name: 'input',
          type: `{ api: ApiDefinition; operations: Record<string, OperationDefinition> }`,
        },
      ],
      returnType: 'ApiDefinition',
      statements: 'return { ...input.api, operations: Object.values(input.operations) };',
    },
    {
      kind: StructureKind.VariableStatement,
      declarationKind: VariableDeclarationKind.Const,
      isExported: true,
      docs: docs([
        'What the runtime (client and mock server) needs to know about the API: servers, security schemes and every operation.',
      ]),
      declarations: [
        {
          name: 'api',
          type: 'ApiDefinition',
          initializer: `withOperations({ api: ${API_BASE}, operations: ${DEFINITIONS} })`,
        },
      ],
    },
  );
  return moduleText(statements);
}

export const definitionsEmitter: Emitter = {
  name: 'definitions',
  provides: [DEFINITIONS_MODULE],
  needs: ['validators'],
  emit: (model, context) => [
    { path: DEFINITIONS_MODULE.file, contents: definitionsSource(model, context) },
  ],
};
