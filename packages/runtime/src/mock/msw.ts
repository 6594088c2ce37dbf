/**
 * The mock as MSW request handlers. MSW is not imported: pass its `http` namespace, so that the
 * runtime does not depend on it (msw 2 runs on Node 20; msw 3 needs Node 22.12 or later; both have
 * `http.all`).
 */

/** The part of msw's `http` namespace used here. */
export interface MswHttp<Handler> {
  all(path: string, resolver: (info: { request: Request }) => Promise<Response>): Handler;
}

/**
 * One `http.all` handler per base URL, answering every request under it with the mock:
 * `setupServer(...mswHandlers({ mock, http, baseUrls: ['https://api.example.com'] }))`.
 */
export function mswHandlers<Handler>(options: {
  mock: { handle(request: Request): Promise<Response> };
  http: MswHttp<Handler>;
  /** Where the client sends requests (usually the spec's server URL); each is intercepted. */
  baseUrls: string[];
}): Handler[] {
  return options.baseUrls.map((baseUrl) =>
    options.http.all(`${baseUrl.replace(/\/+$/, '')}/*`, ({ request }) =>
      options.mock.handle(request),
    ),
  );
}
