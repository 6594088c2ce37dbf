/**
 * `src/fetch.ts`: the drop-in client for code written for openapi-fetch. `createClient` (also the
 * default export, as openapi-fetch's) binds the package's routes to the runtime's drop-in client;
 * the routes carry no validator, and the validators load only when `validation` asks for them.
 */
import type { ApiModel } from '../../model/types.js';
import { apiKeyOptions } from '../shared/operation-names.js';
import type { EmitContext, Emitter } from '../emitter.js';
import type { ModuleDeclaration } from '../registry.js';
import { pascalCase } from '../shared/identifiers.js';
import { jsDocLines } from '../shared/jsdoc.js';

/** The types of `@zapgen/runtime/fetch` re-exported, so that `import type { Middleware } from` the package works. */
const FETCH_TYPES = [
  'BodySerializer',
  'Client',
  'ClientMethod',
  'ClientOptions',
  'ClientPathsWithMethod',
  'ClientRequestMethod',
  'FetchOptions',
  'FetchResponse',
  'HeadersOptions',
  'MaybeOptionalInit',
  'MergedOptions',
  'MethodResponse',
  'Middleware',
  'MiddlewareCallbackParams',
  'ParamsOption',
  'ParseAs',
  'PathSerializer',
  'PathBasedClient',
  'QuerySerializer',
  'QuerySerializerOptions',
  'RequestBodyOption',
  'RequestOptions',
];

/** The module, and what it exports for others. */
export const FETCH_MODULE: ModuleDeclaration = {
  id: 'fetch',
  file: 'src/fetch.ts',
  exports: ['createClient', 'createPathBasedClient', 'wrapAsPathBasedClient'],
};

function block(lines: string[]): string {
  return `/**\n${lines.map((line) => (line ? ` * ${line}` : ' *')).join('\n')}\n */`;
}

/** The text of `src/fetch.ts`. */
export function fetchSource(model: ApiModel, context: EmitContext): string {
  const prefix = pascalCase(context.apiName);
  const optionsName = `${prefix}FetchClientOptions`;
  const runtime = JSON.stringify(`${context.runtimePackage}/fetch`);
  const keys = apiKeyOptions(model.securitySchemes);
  const keyMembers = model.securitySchemes.flatMap((scheme) =>
    scheme.type === 'apiKey'
      ? [
          `${block(jsDocLines({ summary: `API key of the \`${scheme.name}\` security scheme (${scheme.in} \`${scheme.paramName}\`).` }))}\n${JSON.stringify(keys.get(scheme.name) ?? scheme.name)}?: string;`,
        ]
      : [],
  );
  const title = model.info.title || context.packageName;
  // Specifiers come from declared paths, never from the spec.
  const from = (to: string, names: string[] = []) =>
    context.modules.specifier({ from: FETCH_MODULE.id, to, names });
  return `import { createFetchClient, wrapAsPathBasedClient } from ${runtime};
import type { Client, FetchClientDefinition, FetchClientOptions, MediaType, PathBasedClient } from ${runtime};
import { routes } from '${from('routes', ['routes'])}';
import type { paths } from '${from('types', ['paths'])}';

export { wrapAsPathBasedClient };
export type { ${FETCH_TYPES.join(', ')} } from ${runtime};

${block(jsDocLines({ summary: `Options of the drop-in \`createClient\`: openapi-fetch's, plus the credentials of ${title} and the runtime's \`validation\`, \`retry\`, \`timeoutMs\`.` }))}
export interface ${optionsName} extends FetchClientOptions {
${keyMembers.join('\n')}
}

/** The routes: each loads its own validators the first time a call validates it. */
const definition: FetchClientDefinition = { api: routes };

${block(
  jsDocLines({
    summary: `A client of ${title} with openapi-fetch's API: \`GET\`, \`POST\`, ... resolve with \`{ data, error, response }\` and never reject on an HTTP error status; \`use\`/\`eject\` middleware.`,
    description:
      "It runs on zapgen's runtime: each parameter is serialized as the spec says (unless `querySerializer`, `pathSerializer` or `bodySerializer` say otherwise), credentials are sent per operation from the options, and validation, retries and timeouts are options (off by default, as in openapi-fetch). Without `baseUrl` URLs are relative.",
  }),
)}
export function createClient<Paths extends {} = paths, Media extends MediaType = MediaType>(
  options?: ${optionsName},
): Client<Paths, Media> {
  return createFetchClient<Paths, Media>(definition, options);
}

export default createClient;

/** openapi-fetch's path-based client: \`client['/path'].GET(init)\`. */
export function createPathBasedClient<Paths extends {} = paths, Media extends MediaType = MediaType>(
  options?: ${optionsName},
): PathBasedClient<Paths, Media> {
  return wrapAsPathBasedClient(createClient<Paths, Media>(options));
}
`;
}

/** `src/fetch.ts`, the drop-in client for openapi-fetch code. */
export const fetchEmitter: Emitter = {
  name: 'fetch',
  provides: [FETCH_MODULE],
  needs: ['routes', 'types'],
  emit: (model, context) => [{ path: FETCH_MODULE.file, contents: fetchSource(model, context) }],
};
