/**
 * Reads the public surface of a Stainless-generated SDK, so that a team leaving Stainless keeps
 * its method names: from the `api.md` every such repository ships (each method as
 * `<code title="get /files/{file_id}">client.files.<a href="…">retrieve</a>(fileId) -> FileObject</code>`),
 * or from a `stainless.yml` (`resources: { name: { methods: { name: 'get /path' | { endpoint } },
 * subresources } }`, names in snake_case as Stainless writes them, camelCased as its TypeScript
 * SDKs do). The result is the config's `namespaces.operations`: endpoint → `a.b.method`.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';

/** One method of the SDK: its endpoint (`post /chat/completions`) and where the client has it. */
export interface StainlessMethod {
  endpoint: string;
  /** `chat.completions.create` */
  member: string;
  /** A `stainless.yml` method's `paginated:`: `false`, or the name of its pagination scheme. */
  paginated?: false | string;
}

/** The methods of `file` (`api.md`, or `stainless.yml`/`.yaml`), in the file's order. */
export function readStainlessSurface(file: string): StainlessMethod[] {
  const text = readFileSync(file, 'utf8');
  return /\.ya?ml$/i.test(path.basename(file)) ? fromStainlessYaml(text) : fromApiMd(text);
}

const API_MD_METHOD =
  /<code title="([a-z]+) ([^"]+)">client\.((?:[\w$]+\.)*?)(?:<a [^>]*>([\w$]+)<\/a>|([\w$]+))\(/gi;

/** The methods listed in an `api.md`. */
export function fromApiMd(text: string): StainlessMethod[] {
  const methods: StainlessMethod[] = [];
  for (const match of text.matchAll(API_MD_METHOD)) {
    const [, verb, route, namespace, linked, bare] = match;
    const member = `${namespace}${linked ?? bare}`;
    // A method on the client itself has no namespace: it stays a flat method.
    if (!namespace) continue;
    methods.push({ endpoint: `${verb!.toLowerCase()} ${decodeEntities(route!)}`, member });
  }
  return methods;
}

function decodeEntities(text: string): string {
  return text
    .replace(/&#(\d+);/g, (_match, code: string) => String.fromCodePoint(Number(code)))
    .replace(/&#x([0-9a-f]+);/gi, (_match, code: string) =>
      String.fromCodePoint(parseInt(code, 16)),
    )
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&');
}

/** `fine_tuning` → `fineTuning`, as Stainless's TypeScript SDKs name resources and methods. */
function camel(name: string): string {
  return name.replace(/[_-]+([\p{L}\p{N}])/gu, (_match, letter: string) => letter.toUpperCase());
}

/** The methods of a `stainless.yml`'s `resources`. */
export function fromStainlessYaml(text: string): StainlessMethod[] {
  const document = parse(text) as unknown;
  const methods: StainlessMethod[] = [];
  const walk = (resources: unknown, prefix: string[]): void => {
    if (!isRecord(resources)) return;
    for (const [name, resource] of Object.entries(resources)) {
      if (!isRecord(resource)) continue;
      const at = [...prefix, camel(name)];
      if (isRecord(resource.methods))
        for (const [method, spec] of Object.entries(resource.methods)) {
          const endpoint =
            typeof spec === 'string' ? spec : isRecord(spec) ? spec.endpoint : undefined;
          if (typeof endpoint !== 'string') continue;
          const parsed = /^\s*([a-z]+)\s+(\/\S*)\s*$/i.exec(endpoint);
          if (!parsed) continue;
          const paginated = isRecord(spec) ? spec.paginated : undefined;
          methods.push({
            endpoint: `${parsed[1]!.toLowerCase()} ${parsed[2]}`,
            member: [...at, camel(method)].join('.'),
            ...((paginated === false || typeof paginated === 'string') && { paginated }),
          });
        }
      walk(resource.subresources, at);
    }
  };
  walk(isRecord(document) ? document.resources : undefined, []);
  return methods;
}

/** The config's `namespaces.operations` for `methods`: an endpoint with aliases gets a list. */
export function namespacesOf(
  methods: readonly StainlessMethod[],
): Record<string, string | string[]> {
  const operations: Record<string, string | string[]> = {};
  for (const { endpoint, member } of methods) {
    const previous = operations[endpoint];
    if ([previous].flat().includes(member)) continue;
    operations[endpoint] = previous === undefined ? member : [...[previous].flat(), member];
  }
  return operations;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
