/**
 * Runs a compiled generated package in a fresh Node process: imports every module, starts its
 * mock server on loopback, creates a client and calls each of its methods with the operation's
 * request fixture, then calls each MCP tool (`mcp.js`, through the runtime's toolset) with the same
 * fixture as the tool's flat arguments. A setter on `globalThis.__zapgenCanary` records any spec
 * string that ran as code.
 *
 * Usage: node hostile-run.mjs <dist folder> <JSON array of the client's own member names>. Prints
 * one `RESULT <json>` line.
 */
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const canaries = [];
Object.defineProperty(globalThis, '__zapgenCanary', {
  configurable: false,
  get: () => undefined,
  set: (value) => {
    canaries.push(String(value));
  },
});

const dist = process.argv[2];
// The members `createClient` adds beside the operations (the generator's CLIENT_MEMBERS): never
// called as operations. Required, so that the list can never drift from the generator's.
const clientMembers = new Set(JSON.parse(process.argv[3] ?? 'null') ?? []);
if (clientMembers.size === 0) throw new Error('hostile-run: the client member list is missing');
const result = { modules: {}, calls: [], tools: [], canaries };
const load = async (name) => {
  try {
    const module = await import(pathToFileURL(path.join(dist, `${name}.js`)).href);
    result.modules[name] = Object.keys(module).sort();
    return module;
  } catch (error) {
    result.modules[name] = `import failed: ${error?.stack ?? error}`;
    return undefined;
  }
};

const normalize = (name) =>
  name
    .normalize('NFKD')
    .replace(/[^A-Za-z0-9]/g, '')
    .toLowerCase();

const index = await load('index');
const client = await load('client');
const definitions = await load('definitions');
await load('zod');
const fixtures = await load('fixtures');
const mockModule = await load('mock');
const mcp = await load('mcp');

if (index && client && definitions && fixtures && mockModule) {
  // The mock accepts the one credential the client sends for every scheme, with every scope.
  const scopes = Object.values(definitions.api?.securitySchemes ?? {}).flatMap((scheme) =>
    scheme.type === 'oauth2'
      ? Object.values(scheme.flows).flatMap((flow) => Object.keys(flow?.scopes ?? {}))
      : [],
  );
  const mock = mockModule.createMock({
    credentials: {
      apiKeys: { 'secret-value': {} },
      tokens: { 'secret-value': { scopes, caller: {} } },
    },
  });
  const baseUrl = await mock.listen();
  try {
    const credentials = Object.fromEntries(
      Object.keys(definitions.api?.securitySchemes ?? {}).map((scheme) => [scheme, 'secret-value']),
    );
    const sdk = index.createClient({
      baseUrl,
      credentials,
      retry: { maxRetries: 0 },
      timeoutMs: 10_000,
      validation: { response: 'strict' },
    });
    const operationIds = Object.keys(fixtures.operationFixtures ?? {});
    for (const [method, fn] of Object.entries(sdk)) {
      if (typeof fn !== 'function' || !/^[a-z]/.test(method) || clientMembers.has(method)) continue;
      const operationId =
        operationIds.find((id) => normalize(id) === normalize(method)) ??
        (operationIds.length === 1 ? operationIds[0] : undefined);
      const request = operationId ? fixtures.operationFixtures[operationId].request : {};
      try {
        const value = await fn(request);
        result.calls.push({ method, operationId, ok: true, value });
      } catch (error) {
        result.calls.push({
          method,
          operationId,
          ok: false,
          error:
            `${error?.name}: ${error?.message} ${JSON.stringify(error?.details ?? error?.body ?? '')}`.slice(
              0,
              2000,
            ),
        });
      }
    }
    if (mcp) await callTools({ mcp, fixtures, credentials, baseUrl });
  } finally {
    await mock.close();
  }
}

/** Each MCP tool called once with its operation's request fixture, spread as its arguments. */
async function callTools({ mcp, fixtures, credentials, baseUrl }) {
  const { createToolset } = await import('@zapgen/runtime/mcp');
  const toolset = createToolset(mcp.mcpDefinition, {
    environment: {},
    credentials,
    client: { baseUrl, retry: { maxRetries: 0 }, timeoutMs: 10_000 },
  });
  for (const tool of mcp.mcpDefinition.tools) {
    const request = fixtures.operationFixtures?.[tool.operation.operationId]?.request ?? {};
    const input = {};
    for (const argument of tool.arguments) {
      const value =
        argument.in !== 'body'
          ? request[argument.in]?.[argument.parameter]
          : argument.property === undefined
            ? request.body
            : request.body?.[argument.property];
      if (value !== undefined)
        Object.defineProperty(input, argument.name, { value, enumerable: true });
    }
    const answer = await toolset.call(tool.name, input);
    result.tools.push({
      name: tool.name,
      ok: answer !== undefined && !answer.isError,
      text: answer?.content?.[0]?.text?.slice(0, 2000),
      secretShown: JSON.stringify(answer ?? '').includes('secret-value'),
    });
  }
}
process.stdout.write(`\nRESULT ${JSON.stringify(result)}\n`);
