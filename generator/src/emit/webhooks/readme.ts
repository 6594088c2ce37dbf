/** The `## Webhooks` section of the package's README, for a spec with webhooks or callbacks. */
import type { ApiModel } from '../../model/types.js';
import { receivedWebhooks, signatureSchemeName } from '../../model/webhooks.js';
import type { EmitContext } from '../emitter.js';
import { inlineCode } from '../package/markdown.js';

/** The section's text, or `undefined` when the spec has neither webhooks nor callbacks. */
export function webhooksReadmeSection(model: ApiModel, context: EmitContext): string | undefined {
  const webhooks = receivedWebhooks(model);
  const first = webhooks[0];
  if (!first) return undefined;
  const pkg = `${context.packageName}/webhooks`;
  const list = webhooks.map(
    (webhook) =>
      `- ${inlineCode(webhook.name)}${webhook.kind === 'callback' ? ' (callback)' : ''}${
        webhook.signature ? `, signed (${signatureSchemeName(webhook.signature)})` : ''
      }${webhook.event ? `, sent with ${webhook.event.values.map((value) => inlineCode(`${webhook.event!.header}: ${value}`)).join(' or ')}` : ''}${webhook.match ? `, named by ${inlineCode(`${webhook.match.property}: ${JSON.stringify(webhook.match.value)}`)}` : ''}`,
  );
  const header = webhooks.find((webhook) => webhook.event)?.event?.header;
  const byHeader = header ? `else among those its ${inlineCode(header)} header names, ` : 'else ';
  return [
    '```ts',
    `import { createWebhookNodeHandler, createWebhooks } from ${JSON.stringify(pkg)};`,
    '',
    "// Node's http server (no body parser before it): 204, or 400/401 with a JSON reason.",
    `http.createServer(createWebhookNodeHandler({ ${JSON.stringify(first.name)}: async (payload, event) => {} }, { secret: process.env.WEBHOOK_SECRET }));`,
    '',
    '// Any Request-based framework, edge runtime or worker:',
    'const webhooks = createWebhooks({ secret: [newSecret, oldSecret] });',
    'const event = await webhooks.parse(request); // narrowed by event.name',
    '```',
    '',
    `Each webhook's payload is validated by its zod schema and typed (${inlineCode('WebhookPayloads')}); ${inlineCode('handle(request, handlers)')} calls the handler of the webhook the request is (named by the route's ${inlineCode('{ name }')}, ${byHeader}by a constant payload property, else by the one schema that accepts it). With a secret, Standard Webhooks signatures (${inlineCode('webhook-id')}, ${inlineCode('webhook-timestamp')}, ${inlineCode('webhook-signature: v1,…')}, ${inlineCode('whsec_')} secrets, several while one rotates) are verified on WebCrypto, with a timestamp tolerance of 5 minutes unless the spec or ${inlineCode('toleranceSeconds')} says otherwise; a webhook the spec declares signed is refused without one. Errors are ${inlineCode('WebhookError')} / ${inlineCode('WebhookSignatureError')} with a ${inlineCode('reason')}, and never show a secret. ${inlineCode('sendWebhook(name, { url, secret })')} (also from ${inlineCode(`${context.packageName}/mock`)}) delivers a signed webhook, for tests of a receiver.`,
    '',
    ...list,
  ].join('\n');
}
