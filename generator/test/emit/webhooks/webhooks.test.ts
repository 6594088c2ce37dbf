/**
 * The webhooks emitter (`src/webhooks.ts`), and what it adds to `zod.ts`, `mock.ts` and
 * `package.json`: written only for a spec with webhooks or callbacks; each webhook's definition
 * printed from the model; a name from the spec is only ever a string. The module compiled and
 * used is proven by test/contract/webhooks.test.ts and the goldens.
 */
import ts from 'typescript';
import { describe, expect, test } from 'vitest';
import { buildModel } from '../../../src/model/index.js';
import { mockEmitter } from '../../../src/emit/mock/index.js';
import { packageJson } from '../../../src/emit/package/package-json.js';
import { webhooksEmitter } from '../../../src/emit/webhooks/index.js';
import { zodModule } from '../../../src/emit/zod/module.js';
import { formatFile } from '../../../src/write/format.js';
import { CLASSIC, MINI } from '../../../src/emit/zod/flavour.js';
import { context } from '../client/model.js';

const HOSTILE = '*/ ${globalThis.x} `tick` \'quote\' "double"';
const ok = { '204': { description: 'ok' } };
const post = (schema: unknown, extra: Record<string, unknown> = {}) => ({
  post: { requestBody: { content: { 'application/json': { schema } } }, responses: ok, ...extra },
});

function modelOf(document: Record<string, unknown>) {
  return buildModel({
    openapi: '3.1.0',
    info: { title: 'T', version: '1' },
    paths: {},
    ...document,
  });
}

/** Syntax errors of a TypeScript source (types are not resolved here). */
function syntaxErrors(source: string): string[] {
  const file = ts.createSourceFile('webhooks.ts', source, ts.ScriptTarget.Latest, true);
  return (file as unknown as { parseDiagnostics: ts.Diagnostic[] }).parseDiagnostics.map((d) =>
    ts.flattenDiagnosticMessageText(d.messageText, '\n'),
  );
}

describe('webhooks emitter', () => {
  const cases: [
    string,
    {
      given: Record<string, unknown>;
      want: { written: boolean; contains?: string[]; lacks?: string[] };
    },
  ][] = [
    ['no webhooks: no module', { given: {}, want: { written: false } }],
    [
      'a signed webhook named by its type, with the example sendWebhook sends',
      {
        given: {
          webhooks: {
            created: {
              post: {
                'x-zapgen-webhook-signature': true,
                requestBody: {
                  content: {
                    'application/json': {
                      schema: {
                        type: 'object',
                        required: ['type'],
                        properties: { type: { const: 'created' } },
                      },
                      example: { type: 'created' },
                    },
                  },
                },
                responses: ok,
              },
            },
          },
        },
        want: {
          written: true,
          contains: [
            "created: z.output<(typeof webhookSchemas)['created']>;",
            "name: 'created',\n    payload: webhookSchemas['created'],",
            "scheme: 'standard-webhooks'",
            "property: 'type'",
            "created: {\n    type: 'created',\n  },",
            "import { webhookSchemas } from './zod.js';",
          ],
        },
      },
    ],
    [
      'a webhook without a JSON body: unknown payload, no validator, no zod import',
      {
        given: { webhooks: { ping: { post: { responses: ok } } } },
        want: {
          written: true,
          contains: ['ping: unknown;', "{ name: 'ping' }"],
          lacks: ['webhookSchemas', "from 'zod'"],
        },
      },
    ],
    [
      'a webhook named by a header: its header and values in the definition, sendWebhook sends it',
      {
        given: {
          webhooks: {
            push: post({ type: 'object' }, { 'x-zapgen-webhook-event': 'X-GitHub-Event' }),
            issues: post(
              { type: 'object' },
              { 'x-zapgen-webhook-event': { header: 'X-GitHub-Event', values: [HOSTILE] } },
            ),
          },
        },
        want: {
          written: true,
          contains: [
            "event: {\n      header: 'X-GitHub-Event',\n      values: ['push'],\n    },",
            'return sendDefinedWebhook(webhookDefinitions, webhookExamples, name, options);',
          ],
          lacks: ['${globalThis.x}`'],
        },
      },
    ],
    [
      'a hostile name is a string literal everywhere',
      {
        given: { webhooks: { [HOSTILE]: post({ type: 'object' }) } },
        want: { written: true, lacks: ['${globalThis.x}`', "'quote' \"double\"':"] },
      },
    ],
  ];
  test.each(cases)('%s', async (_name, { given, want }) => {
    const files = webhooksEmitter.emit(modelOf(given), context) as {
      path: string;
      contents: string;
    }[];
    expect(files.map((file) => file.path)).toEqual(want.written ? ['src/webhooks.ts'] : []);
    if (want.written) expect(syntaxErrors(files[0]!.contents)).toEqual([]);
    // As written to the package (formatted).
    const source = files[0] ? await formatFile(files[0]) : '';
    for (const fragment of want.contains ?? []) expect(source).toContain(fragment);
    for (const fragment of want.lacks ?? []) expect(source).not.toContain(fragment);
  });

  test('the hostile name round-trips as data', () => {
    const [file] = webhooksEmitter.emit(
      modelOf({ webhooks: { [HOSTILE]: post({ type: 'object' }) } }),
      context,
    ) as { contents: string }[];
    const literal = /name: ("(?:[^"\\]|\\.)*")/.exec(file!.contents)![1]!;
    expect(new Function(`return ${literal}`)()).toBe(HOSTILE);
  });

  test('zod.ts exports webhookSchemas, validators.ts does not; mock and package.json follow the webhooks', () => {
    const withHooks = modelOf({ webhooks: { a: post({ type: 'string' }) } });
    const without = modelOf({});
    const zod = (model: typeof without, client: boolean) =>
      zodModule({
        model,
        runtimePackage: '@zapgen/runtime',
        flavour: client ? MINI : CLASSIC,
        client,
      });
    expect(zod(withHooks, false)).toContain(
      'export const webhookSchemas = {\na: /* @__PURE__ */ z.string(),\n};',
    );
    expect(zod(withHooks, true)).not.toContain('webhookSchemas');
    expect(zod(without, false)).not.toContain('webhookSchemas');
    const mock = (model: typeof without) =>
      (mockEmitter.emit(model, context) as { contents: string }[])[0]!.contents;
    expect(mock(withHooks)).toContain('export { sendWebhook } from "./webhooks.js";');
    expect(mock(without)).not.toContain('sendWebhook');
    const exportsOf = (model: typeof without) =>
      Object.keys((JSON.parse(packageJson(model, context)) as { exports: object }).exports);
    expect(exportsOf(withHooks)).toContain('./webhooks');
    expect(exportsOf(without)).not.toContain('./webhooks');
  });
});
