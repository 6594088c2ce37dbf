/**
 * `src/fetch.ts`: the drop-in client for code written for openapi-fetch. `createClient` (also the
 * default export, as openapi-fetch's) binds the package's routes to the runtime's drop-in client;
 * the routes carry no validator, and the validators load only when `validation` asks for them.
 */
import type { ApiModel } from '../../model/types.js';
import { apiKeyOptions } from '../shared/operation-names.js';
import type { EmitContext, Emitter } from '../emitter.js';
import type { ModuleDeclaration } from '../registry.js';
import { pascalCase, propertyKey, stringLiteral } from '../shared/identifiers.js';
import { jsDoc } from '../shared/jsdoc.js';
import { ModuleBuilder } from '../shared/module.js';
import { streamShape, successResponses } from '../../model/media-types.js';

/** The types of `@zapgen/runtime/fetch` re-exported, so that `import type { Middleware } from` the package works. */
const FETCH_TYPES: readonly string[] = [
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
  subpath: './fetch',
  // Every name, openapi-fetch's among them: what the codemod moves to this module (`migrate/`).
  exports: [
    'default',
    'createClient',
    'createPathBasedClient',
    'wrapAsPathBasedClient',
    ...FETCH_TYPES,
  ],
};

/**
 * The `StreamMap` of the API's streamed responses (path, method, status, media type → `events` or
 * `items`), as the throwing client types them; undefined when the API streams nothing, so that the
 * drop-in's types stay openapi-fetch's own.
 */
export function streamMapType(model: ApiModel): string | undefined {
  const paths = new Map<string, string[]>();
  for (const operation of model.operations) {
    const statuses = successResponses(operation).flatMap((response) => {
      const media = response.content.flatMap((content) => {
        const shape = streamShape(content, model.schemas);
        if (shape === undefined) return [];
        const kind = shape.kind === 'sse' && !shape.envelope ? 'events' : 'items';
        return [`${stringLiteral(content.mediaType)}: '${kind}'`];
      });
      return media.length ? [`${stringLiteral(response.status)}: { ${media.join('; ')} }`] : [];
    });
    if (!statuses.length) continue;
    const methods = paths.get(operation.path) ?? [];
    methods.push(`${operation.method}: { ${statuses.join('; ')} }`);
    paths.set(operation.path, methods);
  }
  if (!paths.size) return undefined;
  const entries = [...paths].map(
    ([path, methods]) => `${stringLiteral(path)}: { ${methods.join('; ')} };`,
  );
  return `{\n${entries.join('\n')}\n}`;
}

/** The text of `src/fetch.ts`. */
export function fetchSource(model: ApiModel, context: EmitContext): string {
  const prefix = pascalCase(context.apiName);
  const optionsName = `${prefix}FetchClientOptions`;
  const runtime = `${context.runtimePackage}/fetch`;
  const keys = apiKeyOptions(model.securitySchemes);
  const keyMembers = model.securitySchemes.flatMap((scheme) =>
    scheme.type === 'apiKey'
      ? [
          `${jsDoc({ summary: `API key of the \`${scheme.name}\` security scheme (${scheme.in} \`${scheme.paramName}\`).` })}${propertyKey(keys.get(scheme.name) ?? scheme.name)}?: string;`,
        ]
      : [],
  );
  const title = model.info.title || context.packageName;
  const streams = streamMapType(model);
  // openapi-fetch's types, or the same with the streamed responses typed as `ResponseStream`s.
  const client = streams
    ? 'StreamingClient<Paths, StreamedResponses, Media>'
    : 'Client<Paths, Media>';
  const pathBased = streams
    ? 'StreamingPathBasedClient<Paths, StreamedResponses, Media>'
    : 'PathBasedClient<Paths, Media>';
  // The runtime delivers those responses as streams; only their static type differs.
  const cast = streams ? ` as unknown as ${client}` : '';
  const pathBasedBody = streams
    ? `wrapAsPathBasedClient(createFetchClient<Paths, Media>(definition, options)) as unknown as ${pathBased}`
    : 'wrapAsPathBasedClient(createClient<Paths, Media>(options))';
  const module = new ModuleBuilder({ modules: context.modules, id: FETCH_MODULE.id })
    .import(runtime, ['createFetchClient', 'wrapAsPathBasedClient'])
    .import(
      runtime,
      [
        ...(streams ? [] : ['Client']),
        'FetchClientDefinition',
        'FetchClientOptions',
        'MediaType',
        ...(streams ? ['StreamingClient', 'StreamingPathBasedClient'] : ['PathBasedClient']),
      ],
      { type: true },
    )
    .importModule('routes', ['routes'], { declared: ['routes'] })
    .importModule('types', ['paths'], { type: true, declared: ['paths'] })
    .exportLocal(['wrapAsPathBasedClient'])
    .reexport(runtime, FETCH_TYPES, { type: true });
  return module.text([
    `${jsDoc({ summary: `Options of the drop-in \`createClient\`: openapi-fetch's, plus the credentials of ${title} and the runtime's \`validation\`, \`retry\`, \`timeoutMs\`.` })}export interface ${optionsName} extends FetchClientOptions {
${keyMembers.join('\n')}
}`,
    `/** The routes: each loads its own validators the first time a call validates it. */
const definition: FetchClientDefinition = { api: routes };`,
    streams
      ? `${jsDoc({ summary: 'The responses the runtime delivers as a `ResponseStream` of their items (server-sent events, NDJSON): their `data` is typed so, and every other response as openapi-fetch types it.' })}type StreamedResponses = ${streams};`
      : '',
    `${jsDoc({
      summary: `A client of ${title} with openapi-fetch's API: \`GET\`, \`POST\`, ... resolve with \`{ data, error, response }\` and never reject on an HTTP error status; \`use\`/\`eject\` middleware.`,
      description:
        "It runs on zapgen's runtime: each parameter is serialized as the spec says (unless `querySerializer`, `pathSerializer` or `bodySerializer` say otherwise), credentials are sent per operation from the options, and validation, retries and timeouts are options (off by default, as in openapi-fetch). Without `baseUrl` URLs are relative.",
    })}export function createClient<Paths extends {} = paths, Media extends MediaType = MediaType>(
  options?: ${optionsName},
): ${client} {
  return createFetchClient<Paths, Media>(definition, options)${cast};
}`,
    'export default createClient;',
    `/** openapi-fetch's path-based client: \`client['/path'].GET(init)\`. */
export function createPathBasedClient<Paths extends {} = paths, Media extends MediaType = MediaType>(
  options?: ${optionsName},
): ${pathBased} {
  return ${pathBasedBody};
}`,
  ]);
}

/** `src/fetch.ts`, the drop-in client for openapi-fetch code. */
export const fetchEmitter: Emitter = {
  name: 'fetch',
  provides: [FETCH_MODULE],
  needs: ['routes', 'types'],
  emit: (model, context) => [{ path: FETCH_MODULE.file, contents: fetchSource(model, context) }],
};
