/**
 * `npm run mock`: serves the mock of every generated package (`packages/<api>` with a `./mock`
 * export) on loopback, one port each, until Ctrl-C.
 *
 *   npm run mock -- [--port 4010 | --port actions-v2=4010 ...] [--host 127.0.0.1] [--seed 1]
 *                   [--latency 200 | --latency 100-400] [--state mock-state.json] [--auto-approve] [--log]
 *
 * `--port N` is the first port (the next API gets N+1, ...; 0 picks free ports); `--state FILE`
 * loads the store from FILE when it exists and saves it there on exit.
 */
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { findConfigFile, loadConfig } from '../generator/src/config/load.js';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');

const usage = `Usage: npm run mock -- [--port N | --port <api>=N ...] [--host H] [--seed N] [--latency MS | MIN-MAX] [--state FILE] [--auto-approve] [--log]`;

interface MockModule {
  createMock(options: Record<string, unknown>): {
    listen(options: { port: number; host: string }): Promise<string>;
    close(): Promise<void>;
    store: { snapshot(): unknown };
    credentials: {
      apiKeys: Record<string, unknown>;
      tokens: Record<string, { scopes: string[] }>;
      clients: Record<string, unknown>;
    };
    oauthUrls(baseUrl: string): Record<string, { authorizationUrl?: string; tokenUrl?: string }>;
  };
}

function fail(message: string): never {
  console.error(`${message}\n${usage}`);
  process.exit(2);
}

/**
 * Generated packages: the outputs of the APIs of the root's zapgen.config.* when there is one,
 * else each folder of packages/ whose package.json exports ./mock (the runtime excepted).
 */
async function generatedPackages(): Promise<{ folder: string; name: string }[]> {
  const config = findConfigFile(root);
  if (config) {
    let apis;
    try {
      ({ apis } = await loadConfig(config));
    } catch (error) {
      fail((error as Error).message);
    }
    return apis
      .filter((api) => existsSync(join(resolve(api.out), 'package.json')))
      .map((api) => ({
        folder: api.name,
        name: (
          JSON.parse(readFileSync(join(resolve(api.out), 'package.json'), 'utf8')) as {
            name: string;
          }
        ).name,
      }));
  }
  return readdirSync(join(root, 'packages'), { withFileTypes: true })
    .filter(
      (entry) =>
        entry.isDirectory() && existsSync(join(root, 'packages', entry.name, 'package.json')),
    )
    .map((entry) => ({
      folder: entry.name,
      manifest: JSON.parse(
        readFileSync(join(root, 'packages', entry.name, 'package.json'), 'utf8'),
      ) as { name: string; exports?: Record<string, unknown> },
    }))
    .filter(
      ({ manifest }) =>
        manifest.exports?.['./mock'] !== undefined && manifest.name !== '@zapgen/runtime',
    )
    .map(({ folder, manifest }) => ({ folder, name: manifest.name }))
    .sort((a, b) => a.folder.localeCompare(b.folder));
}

function parseLatency(text: string | undefined): number | { min: number; max: number } | undefined {
  if (text === undefined) return undefined;
  const match = /^(\d+)(?:-(\d+))?$/.exec(text);
  if (!match) fail(`--latency must be milliseconds or MIN-MAX (got ${text})`);
  const min = Number(match[1]);
  return match[2] === undefined ? min : { min, max: Math.max(min, Number(match[2])) };
}

async function main(): Promise<void> {
  let parsed;
  try {
    parsed = parseArgs({
      options: {
        port: { type: 'string', multiple: true },
        host: { type: 'string', default: '127.0.0.1' },
        seed: { type: 'string', default: '1' },
        latency: { type: 'string' },
        state: { type: 'string' },
        'auto-approve': { type: 'boolean', default: false },
        log: { type: 'boolean', default: false },
        help: { type: 'boolean', default: false },
      },
    });
  } catch (error) {
    fail((error as Error).message);
  }
  const { values } = parsed;
  if (values.help) {
    console.log(usage);
    return;
  }
  const seed = Number(values.seed);
  if (!Number.isInteger(seed)) fail(`--seed must be an integer (got ${values.seed})`);
  const latencyMs = parseLatency(values.latency);
  const packages = await generatedPackages();
  if (!packages.length)
    fail('No generated package with a ./mock export under packages/: run npm run generate.');
  let firstPort = 4010;
  const ports = new Map<string, number>();
  for (const entry of values.port ?? []) {
    const match = /^(?:([^=]+)=)?(\d+)$/.exec(entry);
    if (!match) fail(`--port must be N or <api>=N (got ${entry})`);
    if (match[1] === undefined) firstPort = Number(match[2]);
    else ports.set(match[1], Number(match[2]));
  }
  const statePath = values.state === undefined ? undefined : resolve(values.state);
  const saved =
    statePath !== undefined && existsSync(statePath)
      ? (JSON.parse(readFileSync(statePath, 'utf8')) as Record<string, unknown>)
      : {};

  const running: { name: string; mock: ReturnType<MockModule['createMock']>; url: string }[] = [];
  for (const [index, { folder, name }] of packages.entries()) {
    let module: MockModule;
    try {
      module = (await import(`${name}/mock`)) as MockModule;
    } catch (error) {
      fail(`Cannot load ${name}/mock (${(error as Error).message}): run npm run build.`);
    }
    const mock = module.createMock({
      seed,
      ...(latencyMs !== undefined && { latencyMs }),
      ...(saved[name] !== undefined && { state: saved[name] }),
      oauth: { autoApprove: values['auto-approve'] },
      ...(values.log && {
        logger: {
          error: (message: string) => console.error(message),
          request: (line: { method: string; path: string; status: number; operationId?: string }) =>
            console.log(
              `${name} ${line.method} ${line.path} → ${line.status}${line.operationId ? ` (${line.operationId})` : ''}`,
            ),
        },
      }),
    });
    const port = ports.get(folder) ?? ports.get(name) ?? (firstPort === 0 ? 0 : firstPort + index);
    const url = await mock.listen({ port, host: values.host });
    running.push({ name, mock, url });
  }

  console.log(
    `zapgen mock: seed ${seed}${latencyMs === undefined ? '' : `, latency ${JSON.stringify(latencyMs)} ms`}${statePath ? `, state ${statePath}` : ''}`,
  );
  for (const { name, mock, url } of running) {
    console.log(`  ${name}  ${url}`);
    for (const [scheme, urls] of Object.entries(mock.oauthUrls(url))) {
      console.log(
        `    OAuth ${scheme}:${urls.authorizationUrl ? ` authorize ${urls.authorizationUrl}` : ''}${urls.tokenUrl ? `  token ${urls.tokenUrl}` : ''}`,
      );
    }
  }
  const { credentials } = running[0]!.mock;
  console.log(
    `  API keys: ${Object.keys(credentials.apiKeys).join(', ')}; OAuth client_id: ${Object.keys(credentials.clients).join(', ')}; bearer token: ${Object.keys(credentials.tokens).join(', ')} (every scope)`,
  );
  console.log(
    '  Admin: GET|PUT /__zapgen/state, POST /__zapgen/reset, POST /__zapgen/clock {"advanceMs"}, POST /__zapgen/tokens {"scopes"}',
  );
  console.log('Ctrl-C to stop.');

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    await Promise.all(running.map(({ mock }) => mock.close()));
    if (statePath !== undefined) {
      const state = Object.fromEntries(
        running.map(({ name, mock }) => [name, mock.store.snapshot()]),
      );
      writeFileSync(statePath, `${JSON.stringify(state, null, 2)}\n`);
      console.log(`State saved to ${statePath}.`);
    }
    console.log(`Stopped (${signal}).`);
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
