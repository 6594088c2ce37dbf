/**
 * The folders the peers' tests run in, outside this repository: each peer package's `test/`
 * copied as it is, with its `src/` replaced by a module of ours that answers its imports with
 * zapgen's drop-in client (openapi-fetch) or zapgen's path-style hooks (openapi-react-query).
 */
import { relative } from 'node:path';

/** A generated package and the test files whose spec it is. */
export interface PeerPackage {
  name: string;
  /** Folder of the generated package. */
  folder: string;
}

/** `src/index.ts` of the openapi-fetch harness: the drop-in client of the spec each test file imports. */
export function fetchShim(options: {
  harness: string;
  packages: PeerPackage[];
  specsByTest: Record<string, string[]>;
}): string {
  const { packages } = options;
  const imports = packages.flatMap((entry, index) => {
    const from = JSON.stringify(
      `${relative(`${options.harness}/src`, entry.folder).replaceAll('\\', '/')}/src/fetch.js`,
    );
    const routes = from.replace(/fetch\.js"$/, 'routes.js"');
    return [
      `import { createClient as createClient${index} } from ${from};`,
      `import { routes as routes${index} } from ${routes};`,
    ];
  });
  const table = packages
    .map(
      (entry, index) =>
        `  ${JSON.stringify(entry.name)}: { createClient: createClient${index}, routes: routes${index} },`,
    )
    .join('\n');
  return `// Written by zapgen's scripts/peer-tests.ts, not part of openapi-fetch: openapi-fetch's entry
// point, answered by the drop-in client zapgen generated from the spec of the running test file
// (several specs: one client over all their routes; none: a client without routes). In a page
// built for the browser test, \`__ZAPGEN_PEER_SPECS__\` names the specs instead.
import { createFetchClient, wrapAsPathBasedClient } from '@zapgen/runtime/fetch';
import type { Client, ClientOptions, MediaType, PathBasedClient } from '@zapgen/runtime/fetch';
import type { ApiDefinition } from '@zapgen/runtime';
${imports.join('\n')}

export type * from '@zapgen/runtime/fetch';
export { wrapAsPathBasedClient };

type Generated = { createClient: (options?: ClientOptions) => unknown; routes: ApiDefinition };
const packages: Record<string, Generated> = {
${table}
};
const specsByTest: Record<string, string[]> = ${JSON.stringify(options.specsByTest, null, 2)};

declare const __ZAPGEN_PEER_SPECS__: string[] | undefined;

function specsOfTest(): string[] {
  if (typeof __ZAPGEN_PEER_SPECS__ !== 'undefined') return __ZAPGEN_PEER_SPECS__;
  // vitest's \`expect\` (its globals are on): the running test file.
  const running = (globalThis as { expect?: { getState(): { testPath?: string } } }).expect;
  const path = running?.getState().testPath;
  return (path === undefined ? undefined : specsByTest[path]) ?? [];
}

export default function createClient<Paths extends {}, Media extends MediaType = MediaType>(
  options?: ClientOptions,
): Client<Paths, Media> {
  const specs = specsOfTest();
  if (specs.length === 1) return packages[specs[0]!]!.createClient(options) as Client<Paths, Media>;
  const apis = specs.map((spec) => packages[spec]!.routes);
  const api: ApiDefinition = {
    name: 'peer-tests',
    servers: [],
    securitySchemes: Object.assign({}, ...apis.map((entry) => entry.securitySchemes)),
    operations: apis.flatMap((entry) => entry.operations ?? []),
  };
  return createFetchClient<Paths, Media>({ api }, options);
}

export function createPathBasedClient<Paths extends {}, Media extends MediaType = MediaType>(
  options?: ClientOptions,
): PathBasedClient<Paths, Media> {
  return wrapAsPathBasedClient(createClient<Paths, Media>(options));
}
`;
}

/** `src/index.ts` of the openapi-react-query harness: zapgen's path-style hooks. */
export function reactQueryShim(): string {
  return `// Written by zapgen's scripts/peer-tests.ts, not part of openapi-react-query: its entry point,
// answered by zapgen's path-style TanStack Query hooks.
export { default } from '@zapgen/runtime/react-query';
export type * from '@zapgen/runtime/react-query';
`;
}

/** A vitest configuration for one harness. */
export function vitestConfig(options: {
  root: string;
  environment: 'node' | 'jsdom';
  include: string[];
  exclude: string[];
  alias: Record<string, string>;
}): string {
  return `import { defineConfig } from 'vitest/config';

export default defineConfig({
  root: ${JSON.stringify(options.root)},
  resolve: { alias: ${JSON.stringify(options.alias)}, dedupe: ['react', 'react-dom', '@tanstack/react-query', '@tanstack/query-core'] },
  test: {
    include: ${JSON.stringify(options.include)},
    exclude: ${JSON.stringify(options.exclude)},
    environment: ${JSON.stringify(options.environment)},
    globals: true,
    restoreMocks: true,
    testTimeout: 20000,
    fileParallelism: false,
  },
});
`;
}

/** A Playwright configuration for openapi-fetch's browser test, in the system's Chromium. */
export function playwrightConfig(options: { root: string; port: number; serve: string }): string {
  return `import { defineConfig } from '@playwright/test';

export default defineConfig({
  testDir: ${JSON.stringify(options.root)},
  testMatch: 'test/**/*.e2e.ts',
  webServer: { command: ${JSON.stringify(options.serve)}, port: ${options.port}, reuseExistingServer: false },
  use: {
    baseURL: 'http://localhost:${options.port}',
    launchOptions: { executablePath: '/usr/bin/chromium' },
  },
  projects: [{ name: 'chromium' }],
});
`;
}

/** A static server for the built page (the API itself is mocked by the test, in the browser). */
export function staticServer(): string {
  return `import { createServer } from 'node:http';
import { readFileSync, existsSync } from 'node:fs';
import { join, extname } from 'node:path';
const [root, port] = process.argv.slice(2);
const types = { '.html': 'text/html', '.js': 'text/javascript' };
createServer((request, response) => {
  const path = new URL(request.url, 'http://localhost').pathname;
  const file = join(root, path === '/' ? 'index.html' : path);
  if (!file.startsWith(root) || !existsSync(file)) return response.writeHead(404).end();
  response.writeHead(200, { 'content-type': types[extname(file)] ?? 'text/plain' }).end(readFileSync(file));
}).listen(Number(port), '127.0.0.1');
`;
}
