/**
 * What a receiver of the API's webhooks and callbacks needs of each, decided once for every
 * emitter (zod's payload validators, the webhooks module, the README): its unique name, its JSON
 * payload, whether it is signed, a payload property whose constant value names it, and the
 * request header that names it.
 */
import type { WebhookEventHeader, WebhookSignatureDefinition } from '@zapgen/runtime/webhooks';
import { essence, firstJson } from './media-types.js';
import type {
  ApiModel,
  MediaTypeModel,
  OperationModel,
  PathItemModel,
  SchemaModel,
} from './types.js';

/** A header parameter by this name declares a Standard Webhooks signature without an extension. */
const SIGNATURE_HEADER = 'webhook-signature';

export interface ReceivedWebhook {
  /** The webhook's key (`<key>.<method>` when its path item has several operations), or `<operationId>.<callback>`. */
  name: string;
  kind: 'webhook' | 'callback';
  operation: OperationModel;
  /** The first JSON media type of the request body, else its form-encoded one; absent: any JSON is accepted. */
  payload?: MediaTypeModel;
  signature?: WebhookSignatureDefinition;
  match?: { property: string; value: string | number | boolean };
  /** The request header naming it (`x-zapgen-webhook-event`), and its values that do (default: the key). */
  event?: WebhookEventHeader;
}

/** How `operation` is signed: its `x-zapgen-webhook-signature`, else a `webhook-signature` header parameter. */
export function webhookSignature(
  operation: OperationModel,
): WebhookSignatureDefinition | undefined {
  if (operation.extensions.webhookSignature) return operation.extensions.webhookSignature;
  const declared = operation.parameters.some(
    (parameter) => parameter.in === 'header' && parameter.name.toLowerCase() === SIGNATURE_HEADER,
  );
  return declared ? { scheme: 'standard-webhooks' } : undefined;
}

/** The first required property of an object payload whose schema allows one primitive value. */
function constantProperty(
  schema: SchemaModel | undefined,
  model: ApiModel,
  depth = 0,
): ReceivedWebhook['match'] {
  if (!schema || depth > 8) return undefined;
  if (schema.kind === 'ref')
    return constantProperty(
      model.schemas.find((entry) => entry.name === schema.name)?.schema,
      model,
      depth + 1,
    );
  if (schema.kind === 'intersection') {
    for (const part of schema.parts) {
      const found = constantProperty(part, model, depth + 1);
      if (found) return found;
    }
    return undefined;
  }
  if (schema.kind !== 'object') return undefined;
  for (const property of schema.properties) {
    if (!property.required) continue;
    const value = constantOf(property.schema, model, depth + 1);
    if (value !== undefined) return { property: property.name, value };
  }
  return undefined;
}

function constantOf(
  schema: SchemaModel,
  model: ApiModel,
  depth: number,
): string | number | boolean | undefined {
  if (depth > 8 || schema.nullable) return undefined;
  if (schema.kind === 'ref') {
    const target = model.schemas.find((entry) => entry.name === schema.name)?.schema;
    return target && constantOf(target, model, depth + 1);
  }
  const value =
    schema.kind === 'const'
      ? schema.value
      : schema.kind === 'enum' && schema.values.length === 1
        ? schema.values[0]
        : undefined;
  return typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean'
    ? value
    : undefined;
}

function received(
  name: string,
  kind: ReceivedWebhook['kind'],
  item: PathItemModel,
  model: ApiModel,
): ReceivedWebhook[] {
  return item.operations.map(({ method, operation }) => {
    // A JSON payload, else a form-encoded one (Twilio, Slack's slash commands): fields as text.
    const payload =
      operation.requestBody &&
      (firstJson(operation.requestBody.content) ??
        operation.requestBody.content.find(
          (media) => essence(media.mediaType) === 'application/x-www-form-urlencoded',
        ));
    const signature = webhookSignature(operation);
    const match =
      payload && !payload.schemaless ? constantProperty(payload.schema, model) : undefined;
    const declared = operation.extensions.webhookEvent;
    const event = declared && { header: declared.header, values: declared.values ?? [name] };
    return {
      name: item.operations.length === 1 ? name : `${name}.${method}`,
      kind,
      operation,
      ...(payload && { payload }),
      ...(signature && { signature }),
      ...(match && { match }),
      ...(event && { event }),
    };
  });
}

/** Every webhook and callback of the API, webhooks first, in model order; names unique. */
export function receivedWebhooks(model: ApiModel): ReceivedWebhook[] {
  const all = [
    ...model.webhooks.flatMap(({ name, item }) => received(name, 'webhook', item, model)),
    ...model.callbacks.flatMap(({ name, item }) => received(name, 'callback', item, model)),
  ];
  // A callback with several expressions, or a webhook key that spells a callback's name: the later one gets a number.
  const taken = new Set<string>();
  return all.map((webhook) => {
    let name = webhook.name;
    for (let suffix = 2; taken.has(name); suffix += 1) name = `${webhook.name}.${suffix}`;
    taken.add(name);
    return { ...webhook, name };
  });
}

/** How a signature scheme is named in docs: `Standard Webhooks`, `HMAC-SHA256 of the body in X-Hub-Signature-256`. */
export function signatureSchemeName(signature: WebhookSignatureDefinition): string {
  return signature.scheme === 'standard-webhooks'
    ? 'Standard Webhooks'
    : `HMAC-SHA256 of the body in ${signature.header}`;
}
