/**
 * What a receiver needs of each webhook and callback (`model/webhooks.ts`), from small documents:
 * names, the signature (extension or header parameter), the constant property that names it.
 */
import { describe, expect, test } from 'vitest';
import { buildModel } from '../../src/model/index.js';
import { receivedWebhooks } from '../../src/model/webhooks.js';

const ok = { '204': { description: 'ok' } };
const json = (schema: unknown) => ({ content: { 'application/json': { schema } } });
const post = (schema: unknown, extra: Record<string, unknown> = {}) => ({
  post: { requestBody: json(schema), responses: ok, ...extra },
});
const typed = (value: unknown) => ({
  type: 'object',
  required: ['type'],
  properties: { type: value },
});

interface Summary {
  name: string;
  kind: string;
  payload: boolean;
  signature?: unknown;
  match?: unknown;
  event?: unknown;
}

function summary(document: Record<string, unknown>): Summary[] {
  return receivedWebhooks(
    buildModel({ openapi: '3.1.0', info: { title: 't', version: '1' }, ...document }),
  ).map(({ name, kind, payload, signature, match, event }) => ({
    name,
    kind,
    payload: payload !== undefined,
    ...(signature && { signature }),
    ...(match && { match }),
    ...(event && { event }),
  }));
}

describe('receivedWebhooks', () => {
  const cases: [string, { given: Record<string, unknown>; want: Summary[] }][] = [
    ['no webhooks, no callbacks', { given: { paths: {} }, want: [] }],
    [
      'a constant property by const, one-value enum, or through a $ref and allOf',
      {
        given: {
          webhooks: {
            a: post(typed({ const: 'a.done' })),
            b: post(typed({ type: 'string', enum: ['b.done'] })),
            c: post({ $ref: '#/components/schemas/C' }),
          },
          components: {
            schemas: {
              Base: { type: 'object', required: ['kind'], properties: { kind: { const: 3 } } },
              C: { allOf: [{ $ref: '#/components/schemas/Base' }, { type: 'object' }] },
            },
          },
        },
        want: [
          {
            name: 'a',
            kind: 'webhook',
            payload: true,
            match: { property: 'type', value: 'a.done' },
          },
          {
            name: 'b',
            kind: 'webhook',
            payload: true,
            match: { property: 'type', value: 'b.done' },
          },
          { name: 'c', kind: 'webhook', payload: true, match: { property: 'kind', value: 3 } },
        ],
      },
    ],
    [
      'an optional, a nullable or a many-valued property names nothing',
      {
        given: {
          webhooks: {
            a: post({ type: 'object', properties: { type: { const: 'a' } } }),
            b: post(typed({ type: ['string', 'null'], enum: ['b'] })),
            c: post(typed({ type: 'string', enum: ['c', 'd'] })),
          },
        },
        want: [
          { name: 'a', kind: 'webhook', payload: true },
          { name: 'b', kind: 'webhook', payload: true },
          { name: 'c', kind: 'webhook', payload: true },
        ],
      },
    ],
    [
      'signed by the extension (with a tolerance), by a webhook-signature header, or not',
      {
        given: {
          webhooks: {
            a: post(
              {},
              {
                'x-zapgen-webhook-signature': { scheme: 'standard-webhooks', toleranceSeconds: 60 },
              },
            ),
            b: post(
              {},
              {
                parameters: [
                  { name: 'Webhook-Signature', in: 'header', schema: { type: 'string' } },
                ],
              },
            ),
            c: post({}, { 'x-zapgen-webhook-signature': 'hmac-sha1' }),
            d: { post: { responses: ok } },
          },
        },
        want: [
          {
            name: 'a',
            kind: 'webhook',
            payload: true,
            signature: { scheme: 'standard-webhooks', toleranceSeconds: 60 },
          },
          { name: 'b', kind: 'webhook', payload: true, signature: { scheme: 'standard-webhooks' } },
          // An extension that does not fit is left out (the linter reports it).
          { name: 'c', kind: 'webhook', payload: true },
          { name: 'd', kind: 'webhook', payload: false },
        ],
      },
    ],
    [
      'named by a header: its key by default, or the values declared; a malformed one left out',
      {
        given: {
          webhooks: {
            push: post({}, { 'x-zapgen-webhook-event': 'X-GitHub-Event' }),
            'issues-opened': post(typed({ const: 'opened' }), {
              'x-zapgen-webhook-event': { header: 'X-GitHub-Event', values: ['issues'] },
            }),
            both: {
              ...post({}, { 'x-zapgen-webhook-event': 'X-Event' }),
              put: { requestBody: json({}), responses: ok, 'x-zapgen-webhook-event': 'X-Event' },
            },
            bad: post({}, { 'x-zapgen-webhook-event': { header: 'X-Event: 1' } }),
          },
        },
        want: [
          {
            name: 'push',
            kind: 'webhook',
            payload: true,
            event: { header: 'X-GitHub-Event', values: ['push'] },
          },
          {
            name: 'issues-opened',
            kind: 'webhook',
            payload: true,
            match: { property: 'type', value: 'opened' },
            event: { header: 'X-GitHub-Event', values: ['issues'] },
          },
          // Two methods: the header value is still the key, the payload or the route tells them apart.
          {
            name: 'both.post',
            kind: 'webhook',
            payload: true,
            event: { header: 'X-Event', values: ['both'] },
          },
          {
            name: 'both.put',
            kind: 'webhook',
            payload: true,
            event: { header: 'X-Event', values: ['both'] },
          },
          { name: 'bad', kind: 'webhook', payload: true },
        ],
      },
    ],
    [
      'a webhook with two methods, and callbacks (a $ref, two expressions) named after their operation',
      {
        given: {
          webhooks: { a: { ...post({}), put: { requestBody: json({}), responses: ok } } },
          paths: {
            '/s': {
              post: {
                operationId: 'subscribe',
                responses: ok,
                callbacks: {
                  done: { $ref: '#/components/callbacks/Done' },
                  progress: { '{$request.body#/a}': post({}), '{$request.body#/b}': post({}) },
                },
              },
            },
          },
          components: { callbacks: { Done: { '{$request.body#/url}': post({}) } } },
        },
        want: [
          { name: 'a.post', kind: 'webhook', payload: true },
          { name: 'a.put', kind: 'webhook', payload: true },
          { name: 'subscribe.done', kind: 'callback', payload: true },
          { name: 'subscribe.progress', kind: 'callback', payload: true },
          { name: 'subscribe.progress.2', kind: 'callback', payload: true },
        ],
      },
    ],
  ];
  test.each(cases)('%s', (_name, { given, want }) => {
    expect(summary(given)).toEqual(want);
  });
});
