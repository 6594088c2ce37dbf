/**
 * `src/webhooks.ts` (the package's `./webhooks`), written when the spec has 3.1 `webhooks` or 3.0
 * `callbacks`: each one's payload type and validator (`webhookSchemas` of `zod.ts`), its signature
 * scheme and the payload property that names it, bound to the runtime's receiver
 * (`@zapgen/runtime/webhooks`): `parseWebhook`, `handleWebhook`, fetch and Node handlers, and the
 * mock's `sendWebhook`. What each webhook is comes from `model/webhooks.ts`.
 */
import { essence } from '../../model/media-types.js';
import type { ApiModel } from '../../model/types.js';
import {
  receivedWebhooks,
  signatureSchemeName,
  type ReceivedWebhook,
} from '../../model/webhooks.js';
import type { EmitContext, Emitter } from '../emitter.js';
import type { ModuleDeclaration } from '../registry.js';
import { stringLiteral } from '../shared/identifiers.js';
import { jsDoc } from '../shared/jsdoc.js';
import { objectKey, printLiteral } from '../shared/literal.js';
import { ModuleBuilder } from '../shared/module.js';

export const WEBHOOKS_MODULE: ModuleDeclaration = {
  id: 'webhooks',
  file: 'src/webhooks.ts',
  exports: [
    'createWebhooks',
    'parseWebhook',
    'handleWebhook',
    'createWebhookFetchHandler',
    'createWebhookNodeHandler',
    'sendWebhook',
    'webhookDefinitions',
  ],
};

/** The runtime's names the module re-exports, so that a user imports everything from the package. */
const REEXPORTS = ['WebhookError', 'WebhookSignatureError', 'generateWebhookSecret'];
const REEXPORT_TYPES = [
  'WebhookErrorReason',
  'WebhookSignatureErrorReason',
  'WebhookInput',
  'WebhookOptions',
];

function hasValidator(webhook: ReceivedWebhook): boolean {
  return webhook.payload !== undefined && !webhook.payload.schemaless;
}

const FORM = 'application/x-www-form-urlencoded';

function definitionLiteral(webhook: ReceivedWebhook): string {
  const members = [
    `name: ${stringLiteral(webhook.name)}`,
    ...(hasValidator(webhook) ? [`payload: webhookSchemas[${stringLiteral(webhook.name)}]`] : []),
    ...(webhook.payload && essence(webhook.payload.mediaType) === FORM
      ? [`mediaType: ${stringLiteral(FORM)}`]
      : []),
    ...(webhook.signature ? [`signature: ${printLiteral({ ...webhook.signature })}`] : []),
    ...(webhook.match ? [`match: ${printLiteral({ ...webhook.match })}`] : []),
    ...(webhook.event
      ? [
          `event: ${printLiteral({ header: webhook.event.header, values: [...webhook.event.values] })}`,
        ]
      : []),
  ];
  return `{ ${members.join(', ')} }`;
}

function describe(webhook: ReceivedWebhook): string {
  const { operation } = webhook;
  const what = webhook.kind === 'callback' ? 'Callback' : 'Webhook';
  const signed = webhook.signature ? ` Signed (${signatureSchemeName(webhook.signature)}).` : '';
  return jsDoc({
    summary: operation.summary ?? `${what} \`${webhook.name}\`.${signed}`,
    description: operation.summary
      ? `${operation.description ?? ''}${signed}`.trim() || undefined
      : operation.description,
    deprecated: operation.deprecated,
  });
}

/** The text of `src/webhooks.ts`. */
export function webhooksSource(model: ApiModel, context: EmitContext): string {
  const webhooks = receivedWebhooks(model);
  const runtime = `${context.runtimePackage}/webhooks`;
  const validated = webhooks.some(hasValidator);
  const module = new ModuleBuilder({ modules: context.modules, id: WEBHOOKS_MODULE.id })
    .import(runtime, [
      'createWebhookHandler',
      'sendDefinedWebhook',
      'webhookFetchHandler',
      'webhookNodeHandler',
    ])
    .import(
      runtime,
      [
        'NodeRequestLike',
        'NodeResponseLike',
        'ReceiveOptions',
        'SendWebhookOptions',
        'WebhookDefinition',
        'WebhookEvent',
        'WebhookHandler',
        'WebhookHandlers',
        'WebhookInput',
        'WebhookOptions',
      ],
      { type: true },
    )
    .reexport(runtime, REEXPORTS)
    .reexport(runtime, REEXPORT_TYPES, { type: true });
  if (validated)
    module.importNamespace('zod', 'z', { type: true }).importModule('zod', ['webhookSchemas']);
  const payloads = webhooks.map(
    (webhook) =>
      `${describe(webhook)}${objectKey(webhook.name)}: ${
        hasValidator(webhook)
          ? `z.output<(typeof webhookSchemas)[${stringLiteral(webhook.name)}]>`
          : 'unknown'
      };`,
  );
  const examples = webhooks.flatMap((webhook) => {
    const example = webhook.payload?.examples[0];
    return example === undefined ? [] : [`${objectKey(webhook.name)}: ${printLiteral(example)}`];
  });
  const title = model.info.title || context.packageName;
  return module.text([
    `/** The payload of each webhook and callback of ${title}, by name: what its handler receives (validated). */
export interface WebhookPayloads {
${payloads.join('\n')}
}

/** The name of a webhook or callback. */
export type WebhookName = keyof WebhookPayloads & string;

/** A webhook received and checked; narrowing on \`name\` types \`payload\`. */
export type Webhook = WebhookEvent<WebhookPayloads>;

/** Each webhook as the runtime's receiver reads it: validator, signature scheme, the payload property and the request header that name it. */
export const webhookDefinitions: readonly WebhookDefinition[] = [
${webhooks.map((webhook) => `  ${definitionLiteral(webhook)},`).join('\n')}
];

/** The example payload the spec gives, by webhook (what \`sendWebhook\` sends when given none). */
const webhookExamples: Partial<Record<WebhookName, unknown>> = {${examples.length ? `\n${examples.map((entry) => `  ${entry},`).join('\n')}\n` : ''}};

/**
 * A receiver of ${title}'s webhooks: \`parse\` verifies (Standard Webhooks, with \`secret\`), validates
 * and names a webhook; \`handle\` calls its handler. Create it once, with the signing secret(s).
 */
export function createWebhooks(options?: WebhookOptions): WebhookHandler<WebhookPayloads> {
  return createWebhookHandler<WebhookPayloads>(webhookDefinitions, options);
}

/** Verifies, validates and names one webhook (a \`Request\`, Node's \`IncomingMessage\`, or \`{ headers, body }\`); rejects with a \`WebhookError\`. */
export function parseWebhook(
  input: WebhookInput,
  options: WebhookOptions & ReceiveOptions<WebhookName> = {},
): Promise<Webhook> {
  return createWebhooks(options).parse(input, options);
}

/** \`parseWebhook\`, then the handler of that webhook; resolves with what it returns. */
export function handleWebhook<Result>(
  input: WebhookInput,
  handlers: WebhookHandlers<WebhookPayloads, Result>,
  options: WebhookOptions & ReceiveOptions<WebhookName> = {},
): Promise<Result> {
  return createWebhooks(options).handle(input, handlers, options);
}

/** Options of the endpoint handlers: the receiver's, the route's webhook name, and where refusals are reported. */
export type WebhookEndpointOptions = WebhookOptions &
  ReceiveOptions<WebhookName> & { onError?: (error: unknown) => void };

/** An endpoint for fetch-style servers (\`(request) => Response\`): 204, or 400/401/500 with a JSON reason. */
export function createWebhookFetchHandler(
  handlers: WebhookHandlers<WebhookPayloads>,
  options: WebhookEndpointOptions = {},
): (request: Request) => Promise<Response> {
  return webhookFetchHandler(createWebhooks(options), handlers, options);
}

/** An endpoint for Node's \`http.createServer\` (no body parser before it): 204, or 400/401/500 with a JSON reason. */
export function createWebhookNodeHandler(
  handlers: WebhookHandlers<WebhookPayloads>,
  options: WebhookEndpointOptions = {},
): (request: NodeRequestLike, response: NodeResponseLike) => Promise<void> {
  return webhookNodeHandler(createWebhooks(options), handlers, options);
}

/**
 * Sends webhook \`name\` to \`url\`, signed with \`secret\` (the mock's side, for tests of a receiver):
 * \`payload\`, else the spec's example. Resolves with the receiver's response.
 */
export function sendWebhook<Name extends WebhookName>(
  name: Name,
  options: Omit<SendWebhookOptions, 'payload'> & { payload?: WebhookPayloads[Name] },
): Promise<Response> {
  return sendDefinedWebhook(webhookDefinitions, webhookExamples, name, options);
}`,
  ]);
}

/** `src/webhooks.ts`, only for a spec with webhooks or callbacks. */
export const webhooksEmitter: Emitter = {
  name: 'webhooks',
  provides: [WEBHOOKS_MODULE],
  needs: ['zod'],
  emit: (model, context) =>
    receivedWebhooks(model).length
      ? [{ path: WEBHOOKS_MODULE.file, contents: webhooksSource(model, context) }]
      : [],
};
