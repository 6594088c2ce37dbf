/**
 * `src/mcp.ts` and `src/bin.ts`: the package's MCP server. One tool per operation of the model
 * (the operations the model keeps, so that its filters apply), described for agents; the server
 * itself is `@zapgen/runtime/mcp`, on the official SDK, an optional peer dependency.
 */
import type { ApiModel } from '../../model/types.js';
import type { JsonSchema } from '../shared/json-schema.js';
import type { EmitContext, Emitter } from '../emitter.js';
import type { ModuleDeclaration } from '../registry.js';
import { pascalCase, stringLiteral, uniqueNames } from '../shared/identifiers.js';
import { commentText, jsDoc } from '../shared/jsdoc.js';
import { Code, jsonData, printLiteral, type Printable } from '../shared/literal.js';
import type { JsonValue } from '../../model/types.js';
import { operationNames } from '../shared/operation-names.js';
import { ModuleBuilder } from '../shared/module.js';
import { environmentNames } from './names.js';
import { referencedComponents, toolPlans, type ToolPlan } from './tools.js';

export const MCP_MODULE: ModuleDeclaration = {
  id: 'mcp',
  file: 'src/mcp.ts',
  subpath: './mcp',
  exports: ['mcpDefinition', 'createMcpServer', 'main'],
};

/** The package's command line (`npx <package> mcp`); the package.json's `bin`. */
export const BIN_MODULE: ModuleDeclaration = { id: 'bin', file: 'src/bin.ts', exports: [] };

/** The name of the package's bin: its name without the scope (`@zapgen/actions-v2` → `actions-v2`). */
export function binName(packageName: string): string {
  return packageName.replace(/^@[^/]+\//, '');
}

/** The component a wrapped output's `result` references (`{ result: { $ref: '#/$defs/X' } }` → X). */
function wrappedComponent(schema: JsonSchema): string | undefined {
  const result = (schema.properties as Record<string, JsonSchema> | undefined)?.result;
  const ref = typeof result?.$ref === 'string' ? result.$ref : undefined;
  if (!ref?.startsWith('#/$defs/') || ref.indexOf('/', 8) !== -1) return undefined;
  return decodeURIComponent(ref.slice(8)).replaceAll('~1', '/').replaceAll('~0', '~');
}

/**
 * A JSON Schema or the tool's arguments, where `printLiteral` puts it at `indent`: JSON data
 * (`jsonData`), since the checker would otherwise give each schema node a type (GitHub's mcp.ts: ~120k types)
 * of its own and relate it to `JsonSchema`. The value is the same; the consts it fills are
 * annotated, so no type changes.
 */
function data(value: unknown, indent: string): Code {
  return new Code(jsonData(value as JsonValue, indent));
}

function toolLiteral(plan: ToolPlan, definition: string, sharedOutput?: string): Printable {
  const output = plan.output && {
    schema: sharedOutput === undefined ? data(plan.output.schema, '    ') : new Code(sharedOutput),
    wrapped: plan.output.wrapped,
  };
  return {
    name: plan.name,
    operation: new Code(definition),
    title: plan.title,
    description: plan.description,
    tags: plan.operation.tags,
    deprecated: plan.operation.deprecated || undefined,
    arguments: data(plan.arguments, '  '),
    input: data({ properties: plan.properties, required: plan.required }, '  '),
    output,
    streaming: plan.streaming || undefined,
  };
}

/** The text of `src/mcp.ts`. */
export function mcpSource(model: ApiModel, context: EmitContext): string {
  const plans = toolPlans(model, context.degradations);
  const names = operationNames(model);
  const environment = environmentNames({
    apiName: context.apiName,
    schemes: model.securitySchemes,
  });
  const components = referencedComponents(
    plans.flatMap((plan) => [plan.properties, plan.output?.schema]),
    model,
  );
  const definitions = plans.map((plan) => names.get(plan.operation.operationId)!.definition);
  // One annotated const per tool, listed by name: an array literal of a thousand object literals
  // has a union of a thousand element types, which tsc reduces pair by pair (TS2590 on GitHub's).
  const toolNames = definitions.map((definition) => definition.replace(/Operation$/, 'Tool'));
  // An output several tools answer with (GitHub's `repository`, a `{ result: [...] }` of the same
  // items, ...) is one const, not a copy per tool; so is every component output, named after it.
  const outputKeys = plans.map((plan) =>
    plan.output === undefined
      ? undefined
      : plan.output.component !== undefined
        ? `component ${plan.output.component}`
        : `schema ${JSON.stringify(plan.output.schema)}`,
  );
  const uses = new Map<string, number>();
  for (const key of outputKeys) if (key) uses.set(key, (uses.get(key) ?? 0) + 1);
  // A shared output is named after its component, the component it wraps, or its first tool.
  const sharedOutputs = new Map<string, { stem: string; schema: JsonSchema }>();
  plans.forEach((plan, index) => {
    const key = outputKeys[index];
    if (!key || !plan.output || sharedOutputs.has(key)) return;
    if (plan.output.component === undefined && uses.get(key)! < 2) return;
    sharedOutputs.set(key, {
      stem: plan.output.component ?? wrappedComponent(plan.output.schema) ?? plan.name,
      schema: plan.output.schema,
    });
  });
  const outputConsts = uniqueNames([...sharedOutputs.keys()], (key) => {
    const stem = pascalCase(sharedOutputs.get(key)!.stem);
    return `${stem}${key.startsWith('component ') ? '' : 'Result'}Output`;
  });
  const outputs = [...sharedOutputs]
    .map(
      ([key, { schema }]) =>
        `const ${outputConsts.get(key)!}: JsonSchema = ${jsonData(schema as JsonValue, '')};\n`,
    )
    .join('\n');
  const tools = plans
    .map((plan, index) => {
      const key = outputKeys[index];
      const shared = key === undefined ? undefined : outputConsts.get(key);
      return `const ${toolNames[index]}: ToolDefinition = ${printLiteral(toolLiteral(plan, definitions[index]!, shared))};\n`;
    })
    .join('\n');
  const runtime = `${context.runtimePackage}/mcp`;
  const module = new ModuleBuilder({ modules: context.modules, id: MCP_MODULE.id })
    .import(runtime, ['createMcpServer as createServer', 'runMcpCommand'])
    .import(runtime, ['JsonSchema', 'McpDefinition', 'McpServerOptions', 'ToolDefinition'], {
      type: true,
    })
    .importModule('definitions', ['apiBase', ...definitions], { declared: ['apiBase'] });
  const title = model.info.title.replace(/\s+/g, ' ').trim() || context.apiName;
  const instructions = model.info.description?.trim().split(/\n\s*\n/)[0];
  const bin = binName(context.packageName);
  const definition = printLiteral({
    name: context.packageName,
    version: context.release.version,
    title,
    instructions,
    api: new Code('apiBase'),
    environment: {
      baseUrl: environment.baseUrl,
      credentials: Object.fromEntries(environment.credentials),
    },
    tools: new Code('mcpTools'),
    schemas: new Code('schemas'),
  });
  return module.text([
    `/** The component schemas that the tools' JSON Schemas reference (\`#/$defs/<name>\`). */
const schemas: Record<string, JsonSchema> = ${jsonData(Object.fromEntries(components.map((component) => [component.name, component.schema])) as JsonValue, '')};

${outputs ? `/** The structured results shared by the tools answering with them (a component, or the same schema). */\n${outputs}\n` : ''}${tools}
/** One MCP tool per operation: name, description, arguments, input and output schemas. */
export const mcpTools: ToolDefinition[] = [${toolNames.join(', ')}];

/** The MCP server of ${commentText(title)}: its tools, and the environment variables of its credentials. */
export const mcpDefinition: McpDefinition = ${definition};

${jsDoc({
  summary: `The MCP server of ${title}: one tool per operation, on the official MCP SDK.`,
  description: `Connect it to a transport of \`@modelcontextprotocol/sdk\` (an optional peer dependency of this package). Credentials come from \`options.credentials\` (by security scheme) or the environment variables of \`mcpDefinition.environment\`${environment.credentials.size ? ` (${[...environment.credentials.values()].join(', ')})` : ''}; the base URL from \`options.client.baseUrl\` or ${environment.baseUrl}.`,
  tags: [
    {
      tag: 'example',
      text: "await createMcpServer().connect(new StdioServerTransport()); // from '@modelcontextprotocol/sdk/server/stdio.js'",
    },
  ],
})}export function createMcpServer(options?: McpServerOptions) {
  return createServer(mcpDefinition, options);
}

/** \`${bin} mcp [options]\`: serves the tools over stdio or Streamable HTTP (\`--help\` lists the options). */
export function main(argv: string[]): Promise<number> {
  return runMcpCommand({
    definition: mcpDefinition,
    argv,
    usage: ${stringLiteral(`${bin} mcp`)},
    mock: async ({ seed }) => {
      const { createMock } = await import(${stringLiteral(module.specifier('mock', ['createMock']))});
      const mock = createMock({ seed });
      return { fetch: mock.fetch, credentials: mock.credentials };
    },
  });
}`,
  ]);
}

/** The text of `src/bin.ts`. */
function binSource(context: EmitContext): string {
  const module = new ModuleBuilder({ modules: context.modules, id: BIN_MODULE.id })
    .prepend('#!/usr/bin/env node')
    .import(`${context.runtimePackage}/cli`, ['runPackageCommand']);
  return module.text([
    `await runPackageCommand({
  bin: ${stringLiteral(binName(context.packageName))},
  commands: { mcp: () => import(${stringLiteral(module.specifier(MCP_MODULE.id, ['main']))}) },
});`,
  ]);
}

export const mcpEmitter: Emitter = {
  name: 'mcp',
  provides: [MCP_MODULE, BIN_MODULE],
  needs: ['definitions', 'mock'],
  emit: (model, context) => [
    { path: MCP_MODULE.file, contents: mcpSource(model, context) },
    { path: BIN_MODULE.file, contents: binSource(context) },
  ],
};
