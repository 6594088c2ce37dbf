import type { ApiModel } from '../../model/types.js';
import { apiKeyOptions, operationNames } from '../shared/operation-names.js';
import { namespaceAccessors } from '../shared/namespace-names.js';
import { argsOptional } from '../client/signatures.js';
import type { EmitContext } from '../emitter.js';
import { inlineCode, markdownText } from './markdown.js';
import { RUNTIME_RANGE } from './package-json.js';
import { isQuery } from '../shared/operation-scope.js';
import { mcpReadmeSection } from '../mcp/readme.js';
import { webhooksReadmeSection } from '../webhooks/readme.js';

/** `apiKey` → `API_KEY`: the environment variable the usage example reads a credential from. */
function environmentName(option: string): string {
  return option
    .replace(/([a-z\d])([A-Z])/g, '$1_$2')
    .replace(/[^A-Za-z\d]+/g, '_')
    .toUpperCase();
}

/** The credential options of `createClient`, as lines of the usage example. */
function credentialLines(model: ApiModel): string[] {
  const lines = [...apiKeyOptions(model.securitySchemes).values()].map(
    (option) => `  ${option}: process.env.${environmentName(option)},`,
  );
  const bearer = model.securitySchemes.some(
    (scheme) =>
      scheme.type === 'oauth2' ||
      scheme.type === 'openIdConnect' ||
      (scheme.type === 'http' && /^bearer$/i.test(scheme.scheme)),
  );
  if (bearer) lines.push('  accessToken: process.env.ACCESS_TOKEN,');
  return lines;
}

function usage(model: ApiModel, context: EmitContext): string[] {
  const names = operationNames(model);
  const first = model.operations.find(argsOptional) ?? model.operations[0];
  const credentials = credentialLines(model);
  const lines = [
    '```ts',
    `import { createClient } from ${JSON.stringify(context.packageName)};`,
    '',
    credentials.length
      ? `const client = createClient({\n${credentials.join('\n')}\n});`
      : 'const client = createClient();',
  ];
  if (first) {
    const fn =
      namespaceAccessors(model.operations, names).get(first.operationId)?.[0] ??
      names.get(first.operationId)!.fn;
    const type = `${names.get(first.operationId)!.type}Args`;
    lines.push(
      '',
      argsOptional(first)
        ? `const result = await client.${fn}();`
        : `const result = await client.${fn}({ /* ${type} */ });`,
    );
  }
  lines.push('```');
  return lines;
}

function operationLines(model: ApiModel): string[] {
  const names = operationNames(model);
  const namespaced = namespaceAccessors(model.operations, names);
  return model.operations.map((operation) => {
    const fn = names.get(operation.operationId)!.fn;
    const args = argsOptional(operation) ? '' : 'args';
    // A namespaced operation is a method of its resource (and of its aliases), not of the root.
    const [method, ...aliases] = namespaced.get(operation.operationId) ?? [fn];
    const call = inlineCode(`client.${method}(${args})`);
    const route = inlineCode(`${operation.method.toUpperCase()} ${operation.path}`);
    const summary = operation.summary ?? operation.description?.split('\n')[0] ?? '';
    const deprecated = operation.deprecated ? ' (deprecated)' : '';
    const helpers = [
      ...(operation.extensions.pagination ? [inlineCode(`client.paginate.${fn}(args)`)] : []),
      ...(operation.extensions.polling ? [inlineCode(`client.poll.${fn}(args)`)] : []),
    ];
    if (aliases.length)
      helpers.unshift(...aliases.map((alias) => inlineCode(`client.${alias}(${args})`)));
    const also = helpers.length ? `; also ${helpers.join(' and ')}` : '';
    return `- ${call} — ${route}${summary ? ` — ${markdownText(summary)}` : ''}${deprecated}${also}`;
  });
}

/** `text` as one POSIX shell word: bare when it is plain, single-quoted otherwise. */
function shellWord(text: string): string {
  return /^[\w@%+=:,./-]+$/.test(text) ? text : `'${text.replace(/'/g, `'\\''`)}'`;
}

/** The mock's credentials in `createClient` options: the default API key and token of the mock. */
function mockCredentials(model: ApiModel): string {
  const options = [...apiKeyOptions(model.securitySchemes).values()].map(
    (option) => `${option}: 'mock-api-key'`,
  );
  if (credentialLines(model).some((line) => line.includes('accessToken')))
    options.push("accessToken: 'mock-token'");
  return options.join(', ');
}

function mockSection(model: ApiModel, context: EmitContext): string {
  const pkg = context.packageName;
  const credentials = mockCredentials(model);
  const server = model.servers[0]?.variables.reduce(
    (url, variable) => url.split(`{${variable.name}}`).join(variable.default),
    model.servers[0].url,
  );
  const collections = model.mock.collections.map((collection) => inlineCode(collection.name));
  const oauth = model.securitySchemes.flatMap((scheme) =>
    scheme.type === 'oauth2'
      ? Object.entries(scheme.flows).map(
          ([kind, flow]) =>
            `${inlineCode(scheme.name)} ${kind} (${[flow.authorizationUrl, flow.tokenUrl]
              .filter((url): url is string => url !== undefined)
              .map((url) => inlineCode(new URL(url, 'http://mock.invalid').pathname))
              .join(', ')})`,
        )
      : [],
  );
  return [
    '```ts',
    `import { createClient } from ${JSON.stringify(pkg)};`,
    `import { createMock, mswHandlers } from ${JSON.stringify(`${pkg}/mock`)};`,
    '',
    'const mock = createMock({ seed: 1 });',
    '',
    "// In-process: the mock is the client's fetch.",
    `const client = createClient({ fetch: mock.fetch${credentials ? `, ${credentials}` : ''} });`,
    '',
    '// Over HTTP, on loopback: for other processes, curl and browsers (CORS is answered).',
    'const baseUrl = await mock.listen({ port: 0 });',
    'await mock.close();',
    '',
    '// As MSW handlers (msw 2 or 3), at the real server URL.',
    `setupServer(...mswHandlers({ mock, http, baseUrls: [${JSON.stringify(server ?? 'https://api.example.com')}] })).listen();`,
    '',
    '// The store: inspect, seed, snapshot and reset it between tests; mint tokens with given scopes.',
    `mock.store.reset();${collections.length ? ` mock.store.records(${JSON.stringify(model.mock.collections[0]!.name)});` : ''}`,
    'const token = mock.issueToken({ scopes: [] });',
    '```',
    '',
    `The simulated API, from the spec: one handler, ${inlineCode('(request: Request) => Promise<Response>')}, used three ways. It checks credentials and scopes per operation (401/403), validates parameters and bodies (4xx JSON in the API's error schema), answers CORS preflights, ${inlineCode('HEAD')} and ${inlineCode('OPTIONS')}, and keeps a seeded in-memory store that the operations read and write${collections.length ? ` (collections ${collections.join(', ')})` : ''}. ${oauth.length ? `It serves the OAuth flows of the security schemes at the paths of their URLs: ${oauth.join('; ')}. ` : ''}Accepted by default: API key ${inlineCode('mock-api-key')} (and ${inlineCode('mock-client-id')}), OAuth client ${inlineCode('mock-client-id')}, bearer token ${inlineCode('mock-token')} with every scope; ${inlineCode('credentials')} replaces them. Other options: ${inlineCode('handlers')} per operationId, ${inlineCode('latencyMs')}, ${inlineCode('cors')}, ${inlineCode('limits')}, ${inlineCode('clock')}, ${inlineCode('state')} (a saved ${inlineCode('mock.store.snapshot()')}).`,
    '',
    `Its admin routes do over HTTP what ${inlineCode('mock.store')} and ${inlineCode('mock.issueToken')} do in-process: ${inlineCode('POST /__zapgen/tokens')} (a token, every scope by default), ${inlineCode('GET|PUT /__zapgen/state')}, ${inlineCode('POST /__zapgen/reset')}, ${inlineCode('POST /__zapgen/clock')} (${inlineCode('{"advanceMs": 60000}')}). They answer scripts and tests on this machine only: never with CORS headers, 403 to a request a browser marks as coming from another site (${inlineCode('Origin')}, ${inlineCode('Sec-Fetch-Site')}), and over HTTP 403 to a host name that is not loopback (a page whose domain points at 127.0.0.1). ${inlineCode('admin: false')} turns them off. A client without a base URL (a spec without ${inlineCode('servers')}) works with ${inlineCode('mock.fetch')}, which takes paths.`,
  ].join('\n');
}

/** The first server's URL with its variables' defaults, as the drop-in client's example `baseUrl`. */
function exampleBaseUrl(model: ApiModel): string {
  const server = model.servers[0];
  if (server === undefined) return 'https://api.example.com';
  return server.url.replace(
    /\{([^}]+)\}/g,
    (whole, name: string) =>
      server.variables.find((variable) => variable.name === name)?.default ?? whole,
  );
}

/** The function name of the first read operation, for the TanStack Query example. */
function queryExample(model: ApiModel): string {
  const names = operationNames(model);
  const read = model.operations.find(isQuery) ?? model.operations[0];
  return read === undefined ? 'getThing' : names.get(read.operationId)!.fn;
}

/** `README.md` of the generated package. */
export function readme(model: ApiModel, context: EmitContext): string {
  const pkg = context.packageName;
  const title = markdownText(model.info.title || context.apiName);
  const description = model.info.description?.trim().split(/\n\s*\n/)[0];
  const webhooks = webhooksReadmeSection(model, context);
  const sections = [
    `# ${markdownText(pkg)}`,
    `Typed client for ${title} (version ${markdownText(model.info.version || 'unknown')}), generated by zapgen from ${inlineCode(context.specLabel)} (a path relative to this folder). Do not edit these files: change the spec and generate again (below).`,
    ...(description ? [markdownText(description)] : []),
    '## Build and install',
    [
      `This package is ES modules only (${inlineCode('"type": "module"')}); on Node 20.19, 22.12, 24 and later, CommonJS code can ${inlineCode('require()')} it too. It depends on zapgen's runtime, ${inlineCode(`${context.runtimePackage}@${RUNTIME_RANGE}`)}, and builds with its own TypeScript:`,
      '',
      '```sh',
      `npm install --no-save path/to/zapgen-runtime-${RUNTIME_RANGE.replace(/^\^/, '')}.tgz   # only where ${context.runtimePackage} is not on your registry: npm pack ./packages/runtime in zapgen's folder makes it`,
      'npm install',
      'npm run build    # tsc: src/ → dist/ (npm pack and npm publish build first)',
      '```',
      '',
      `Use it from another project as a workspace or path dependency, or publish it under a name you own (${inlineCode('--name')} when generating). After a spec change, regenerate it from this folder with the zapgen installed in your project (${inlineCode('--no-install')}: never a package of that name from the registry, which is not zapgen's):`,
      '',
      '```sh',
      `npx --no-install zapgen generate --spec ${shellWord(context.specLabel)} --out . --name ${shellWord(pkg)}`,
      '```',
    ].join('\n'),
    '## Versions',
    `This package's version (${inlineCode(context.release.version)}) is its own, not the API's: each change of the spec bumps it by what the change does to code that uses the package (breaking: major, addition: minor, other: patch), and ${inlineCode('CHANGELOG.md')} lists the changes. The API's version is ${inlineCode('info.version')} of the spec: ${inlineCode(model.info.version || 'unknown')}.`,
    '## Usage',
    [
      ...usage(model, context),
      '',
      `Each method takes one object, ${inlineCode('{ path, query, header, cookie, body }')}, typed per operation (${inlineCode('<Name>Args')}), and resolves with the body of the 2xx response (${inlineCode('<Name>Result')}). Arguments are validated before sending; failures throw the error classes exported by this package (${inlineCode('RequestValidationError')}, ${inlineCode('ApiError')}, ...). The path-typed ${inlineCode("client.GET('/path', { params, body })")}, ${inlineCode('client.POST')}, ... (typed as in openapi-fetch) run exactly as the named method of the same operation, and resolve with ${inlineCode('{ data, response }')}.`,
    ].join('\n'),
    '## Coming from openapi-fetch: `./fetch`',
    [
      '```ts',
      `import createClient from ${JSON.stringify(`${pkg}/fetch`)};`,
      '',
      `const client = createClient({ baseUrl: ${JSON.stringify(exampleBaseUrl(model))} });`,
      'client.use({ onRequest({ request }) { /* ... */ } });',
      '```',
      '',
      `openapi-fetch's ${inlineCode('createClient')} with its API and semantics (${inlineCode('{ data, error, response }')}, middleware, ${inlineCode('parseAs')}, serializer overrides), on this package's runtime: each parameter is sent as the spec says unless a serializer option overrides it, credentials options apply per operation, and ${inlineCode('validation')}, ${inlineCode('retry')} and ${inlineCode('timeoutMs')} are options. ${inlineCode(`${pkg}/react-query`)} is openapi-react-query's ${inlineCode('createClient')} over it; ${inlineCode('npx --no-install zapgen migrate --package ' + pkg)} rewrites code written for openapi-typescript and openapi-fetch.`,
    ].join('\n'),
    '## TanStack Query and SWR',
    [
      '```ts',
      "import { useQuery } from '@tanstack/react-query'; // or your framework's adapter",
      `import { ${queryExample(model)}QueryOptions } from ${JSON.stringify(`${pkg}/tanstack-query`)};`,
      '',
      `const result = useQuery(${queryExample(model)}QueryOptions(client, args));`,
      '```',
      '',
      `Per read operation ${inlineCode('<op>QueryOptions(client, args, options)')} and ${inlineCode('<op>QueryKey(args)')} (${inlineCode('<op>InfiniteQueryOptions')} when it is paginated), per write ${inlineCode('<op>MutationOptions(client, options)')}, and ${inlineCode('resourceQueryKey(resource)')} and ${inlineCode('apiQueryKey')} to invalidate many at once: plain options for any TanStack Query adapter, with ${inlineCode('createClient()')} or ${inlineCode('createBaseClient()')} as the client. ${inlineCode(`${pkg}/swr`)} has an SWR hook per operation (${inlineCode('use<Op>')}, ${inlineCode('use<Op>Infinite')}). Their libraries are optional peer dependencies: install the one you use.`,
    ].join('\n'),
    '## Operations',
    model.operations.length ? operationLines(model).join('\n') : 'This API has no operations.',
    '## Validation with zod',
    [
      '```ts',
      `import { componentSchemas, operationSchemas } from ${JSON.stringify(`${pkg}/zod`)};`,
      '```',
      '',
      `One zod schema per component schema, and per operation the schemas of its parameters, body and responses, keyed by the spec's names.`,
    ].join('\n'),
    '## Fixtures',
    [
      '```ts',
      `import { componentFixtures, operationFixtures } from ${JSON.stringify(`${pkg}/fixtures`)};`,
      '```',
      '',
      `Per component schema a minimal and a full valid value and invalid values with the rule they break; per operation a valid request and a response per status.`,
    ].join('\n'),
    '## Mock',
    mockSection(model, context),
    ...(webhooks ? ['## Webhooks', webhooks] : []),
    '## MCP server',
    mcpReadmeSection(model, context),
    '## Types',
    [
      '```ts',
      `import type { components, operations, paths } from ${JSON.stringify(`${pkg}/types`)};`,
      '```',
      '',
      `The openapi-typescript types of the spec; the bundled spec itself is ${inlineCode(`${pkg}/openapi.json`)}.`,
    ].join('\n'),
  ];
  return `${sections.join('\n\n')}\n`;
}
