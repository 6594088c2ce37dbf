import type { Emitter } from '../emitter.js';
import { receivedWebhooks } from '../../model/webhooks.js';
import type { ModuleDeclaration } from '../registry.js';
import type { MockDefinition } from '@zapgen/runtime/mock';
import { Code, printLiteral, type Emitted } from '../shared/literal.js';
import { stringLiteral } from '../shared/identifiers.js';
import { jsDoc } from '../shared/jsdoc.js';
import { ModuleBuilder } from '../shared/module.js';
import type { ApiModel } from '../../model/types.js';

/** The `MockDefinition` literal: the mock model, with each collection's base record taken from the fixtures. */
function definitionLiteral(model: ApiModel): string {
  const { mock } = model;
  const definition: Emitted<MockDefinition> = {
    caller: mock.caller,
    collections: Object.fromEntries(
      mock.collections.map((collection) => [
        collection.name,
        {
          key: collection.key,
          keyType: collection.keyType,
          private: collection.private,
          base: new Code(`fixtureOf(${stringLiteral(collection.schema)}, 'minimal')`),
          seed: collection.seed,
          ...(collection.hidden?.length && { hidden: collection.hidden }),
        },
      ]),
    ),
    behaviours: mock.behaviours,
    errorShapes: mock.errorShapes,
    operationErrors: mock.operationErrors,
    defaultError: mock.defaultError,
  };
  return printLiteral(definition);
}

/**
 * `src/mock.ts`: the simulated service of the API. The runtime does the work; this file hands it
 * the operation definitions, the fixtures and the mock model (collections, behaviours, errors).
 */
export const MOCK_MODULE: ModuleDeclaration = {
  id: 'mock',
  file: 'src/mock.ts',
  subpath: './mock',
  exports: ['createMock', 'mockDefinition'],
};

export const mockEmitter: Emitter = {
  name: 'mock',
  provides: [MOCK_MODULE],
  needs: ['definitions', 'fixtures', 'webhooks'],
  emit(model, context) {
    const title = model.info.title;
    const seedBases = Object.fromEntries(
      model.mock.collections.map((collection) => [
        collection.name,
        new Code(`fixtureOf(${stringLiteral(collection.schema)}, 'full')`),
      ]),
    );
    const runtime = `${context.runtimePackage}/mock`;
    const definitions = ['api', 'operationDefinitions'];
    const fixtures = ['componentFixtures', 'operationFixtures'];
    const module = new ModuleBuilder({ modules: context.modules, id: MOCK_MODULE.id })
      .import(runtime, ['createMock as createRuntimeMock'])
      .import(
        runtime,
        ['Mock', 'MockDefinition', 'MockHandler', 'MockOptions as RuntimeMockOptions'],
        { type: true },
      )
      .importModule('definitions', definitions, { declared: definitions })
      .importModule('fixtures', fixtures, { declared: fixtures })
      .reexport(
        runtime,
        ['Mock', 'MockHandler', 'MockRequest', 'MockResponse', 'MockState', 'MockStore'],
        { type: true },
      )
      .reexport(runtime, ['mswHandlers']);
    // The mock's side of the webhooks: it signs and delivers them to the URL a test gives it.
    if (receivedWebhooks(model).length)
      module.reexport(module.specifier('webhooks', ['sendWebhook']), ['sendWebhook']);
    const contents = module.text([
      `/** A fixture of a component schema as a record (an empty one when the fixtures leave it out). */
function fixtureOf(schema: string, kind: 'minimal' | 'full'): Record<string, unknown> {
  const fixtures: Partial<Record<string, { minimal?: unknown; full?: unknown }>> = componentFixtures;
  const value = fixtures[schema]?.[kind];
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}

/** What the mock simulates: the collections of its store, what each operation does, the error bodies. */
export const mockDefinition: MockDefinition = ${definitionLiteral(model)};

/** Options of {@link createMock}. */
export interface MockOptions extends Omit<RuntimeMockOptions, 'handlers'> {
  /** Answers that replace the simulated one of an operation, by operationId. */
  handlers?: Partial<Record<keyof typeof operationDefinitions, MockHandler>>;
}

${jsDoc({
  summary: `The simulated ${title}.`,
  description:
    "One handler, `(request: Request) => Promise<Response>`: pass `mock.fetch` as a client's `fetch`, wrap `mock.handle` in MSW handlers (`mswHandlers`), or serve it with `listen()`. It checks credentials and scopes, validates requests (4xx JSON), keeps a seeded in-memory store (`mock.store`) that the operations read and write, and serves the OAuth flows of the security schemes.",
  tags: [
    { tag: 'example', text: 'const mock = createMock(); const baseUrl = await mock.listen();' },
  ],
})}export function createMock(options: MockOptions = {}): Mock {
  return createRuntimeMock({
    ...options,
    handlers: options.handlers as Record<string, MockHandler> | undefined,
    api,
    operations: operationDefinitions,
    fixtures: operationFixtures,
    definition: mockDefinition,
    seedBases: ${printLiteral(seedBases)},
  });
}`,
    ]);
    return [{ path: MOCK_MODULE.file, contents }];
  },
};
