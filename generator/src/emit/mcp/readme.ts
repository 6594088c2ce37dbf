/** The "MCP server" section of the package's README: how to run it, its variables, how a host registers it. */
import type { ApiModel } from '../../model/types.js';
import type { EmitContext } from '../emitter.js';
import { inlineCode } from '../package/markdown.js';
import { binName } from './index.js';
import { environmentNames } from './names.js';

export function mcpReadmeSection(model: ApiModel, context: EmitContext): string {
  const pkg = context.packageName;
  const bin = binName(pkg);
  const environment = environmentNames({
    apiName: context.apiName,
    schemes: model.securitySchemes,
  });
  const variables = [...environment.credentials].map(
    ([scheme, variable]) => `- ${inlineCode(variable)}: the credential of ${inlineCode(scheme)}`,
  );
  const host = {
    mcpServers: {
      [bin]: {
        command: 'node',
        args: [`/path/to/project/node_modules/${pkg}/dist/bin.js`, 'mcp'],
        env: Object.fromEntries(
          [...environment.credentials.values()]
            .slice(0, 1)
            .map((variable) => [variable, '<credential>']),
        ),
      },
    },
  };
  return [
    `An MCP server of the API: one tool per operation (its input the operation's parameters and body properties, flat; its result the response body as structured content, validated), on the official SDK, ${inlineCode('@modelcontextprotocol/sdk')}, an optional peer dependency to install beside this package. Over stdio by default, Streamable HTTP with ${inlineCode('--http')}; ${inlineCode('--mock')} answers from this package's mock, with no account; ${inlineCode('--help')} lists the filters (${inlineCode('--tag')}, ${inlineCode('--operation')}, ${inlineCode('--read-only')}, ${inlineCode('--no-deprecated')}) and other options.`,
    '',
    '```sh',
    `npx --no-install ${bin} mcp --mock --list`,
    '```',
    '',
    `Credentials come from the environment, one variable per security scheme, never from the command line, and never appear in a result or a log line; the base URL from ${inlineCode(environment.baseUrl)} (default: the spec's first server).${variables.length ? '' : ' This API declares no security scheme.'}`,
    ...(variables.length ? ['', ...variables] : []),
    '',
    `An MCP host (Claude Desktop, Cursor, VS Code's ${inlineCode('servers')}) starts it from its configuration:`,
    '',
    '```json',
    JSON.stringify(host, null, 2),
    '```',
    '',
    `In code: ${inlineCode(`import { createMcpServer } from ${JSON.stringify(`${pkg}/mcp`)}`)}, then ${inlineCode('await createMcpServer({ credentials, tools }).connect(transport)')} with a transport of the SDK.`,
  ].join('\n');
}
