export { createMockServer } from './server.js';
export type { MockHandler, MockRequest, MockResponse, MockServer, MockServerOptions, OperationFixtures } from './server.js';
export { deserializeParameters } from './deserialize.js';
export type { ParameterGroups, RawParameters } from './deserialize.js';
