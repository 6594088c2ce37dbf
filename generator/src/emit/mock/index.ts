import type { Emitter } from '../emitter.js';
import { jsDoc } from '../shared/jsdoc.js';

/**
 * `src/mock.ts`: a mock server of the API built from the client's operation definitions, the zod
 * validators they carry and the generated fixtures. All the behaviour lives in the runtime.
 */
export const mockEmitter: Emitter = {
  name: 'mock',
  emit(model, context) {
    const title = model.info.title;
    const contents = `import {
  createMockServer as createRuntimeMockServer,
  type MockHandler,
  type MockServer,
} from '${context.runtimePackage}/mock';
import { api, operationDefinitions } from './definitions.js';
import { operationFixtures } from './fixtures.js';

export type { MockHandler, MockRequest, MockResponse, MockServer } from '${context.runtimePackage}/mock';

/** Options of {@link createMockServer}. */
export interface MockServerOptions {
  /** Answers that replace the fixture answer of an operation, by operationId. */
  handlers?: Partial<Record<keyof typeof operationDefinitions, MockHandler>>;
  /** Answer 401 when a request lacks the credentials its operation asks for (default true). */
  checkCredentials?: boolean;
  /** Largest accepted request body in bytes (default 1 MiB). */
  maxBodyBytes?: number;
}

${jsDoc({
  summary: `A mock server of ${title}.`,
  description:
    'It routes by the spec\'s paths, checks credentials, validates parameters and bodies with the generated zod schemas (4xx JSON on a bad request) and answers with the generated fixtures, or with your handlers. Call `listen()` to start it on loopback.',
  tags: [{ tag: 'example', text: "const mock = createMockServer(); const baseUrl = await mock.listen();" }],
})}export function createMockServer(options: MockServerOptions = {}): MockServer {
  return createRuntimeMockServer({
    api,
    operations: operationDefinitions,
    fixtures: operationFixtures,
    handlers: options.handlers as Record<string, MockHandler> | undefined,
    checkCredentials: options.checkCredentials,
    maxBodyBytes: options.maxBodyBytes,
  });
}
`;
    return [{ path: 'src/mock.ts', contents }];
  },
};
