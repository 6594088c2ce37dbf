/**
 * `@zapgen/runtime/mock`: the simulated service behind every generated package's `./mock`. One
 * web-standard handler for in-process `fetch`, MSW and a real HTTP server (`listen()`).
 */
export { createClock, createMock } from './create-mock.js';
export type {
  Mock,
  MockClock,
  MockConfig,
  MockHandler,
  MockLimits,
  MockLogger,
  MockOptions,
  MockRequest,
  MockResponse,
  MockStore,
  OperationFixtures,
} from './options.js';
export type * from './definition.js';
export type { ApiKeyEntry, ClientEntry, CredentialsTable } from './security.js';
export type { IssuedToken, MockState, StoredRecord } from './state.js';
export type { OAuthSettings } from './oauth.js';
export { mswHandlers } from './msw.js';
export type { MswHttp } from './msw.js';
export { deserializeParameters } from './deserialize.js';
export type { MultipartPartInfo } from './form-bodies.js';
export type { ParameterGroups, RawParameters } from './deserialize.js';
