/**
 * Import-map entries for zod's entry points (`zod`, `zod/mini`, `zod/v4/core`, `zod/v4/locales/`,
 * ...), read from its package.json exports, for pages that load the runtime and the generated
 * packages as plain ES modules: the runtime's validation and the clients import several of them.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

/** zod's package folder, served to the browser. */
export const zodRoot = dirname(createRequire(import.meta.url).resolve('zod/package.json'));

/** `zod<subpath>` → `<base>/<file>` for every entry point, a folder prefix for wildcards. */
export function zodImports(base: string): Record<string, string> {
  const { exports } = JSON.parse(readFileSync(join(zodRoot, 'package.json'), 'utf8')) as {
    exports: Record<string, string | { import?: string }>;
  };
  const imports: Record<string, string> = {};
  for (const [subpath, target] of Object.entries(exports)) {
    const file = typeof target === 'string' ? target : target.import;
    if (file === undefined || (!file.endsWith('.js') && !file.endsWith('*'))) continue;
    const name = `zod${subpath.slice(1)}`;
    const url = `${base}/${file.replace(/^\.\//, '')}`;
    if (subpath.endsWith('/*')) imports[name.slice(0, -1)] = url.slice(0, -1);
    else imports[name] = url;
  }
  return imports;
}
