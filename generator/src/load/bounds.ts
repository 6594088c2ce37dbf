/**
 * What zapgen agrees to read. A spec is untrusted input: a `$ref` can name `/dev/zero`, the spec
 * can be a FIFO that no one writes, and a few hundred bytes of YAML aliases can stand for a
 * billion nodes that every reader after the parser (validation, the model, the emitters) would
 * walk one by one. So every spec file is read through `readSpecFile` (regular files only, at
 * most `INPUT_LIMITS.fileBytes`), and every parsed file is measured with `yamlNodeCount` or
 * `dataNodeCount` (at most `INPUT_LIMITS.nodes` once aliases are expanded) before anything
 * reads its data. Each refusal is a located `input-bounds` finding, never a crash.
 *
 * The limits are far above real specs: the largest OpenAPI document of APIs.guru is 45 MB, and
 * Stripe's 4 MB YAML spec is about 100,000 nodes.
 */
import { createHash } from 'node:crypto';
import { closeSync, constants, fstatSync, openSync, readSync, type Stats } from 'node:fs';
import { isAlias, isMap, isPair, isSeq, type Alias, type Document, type Node } from 'yaml';

export const INPUT_LIMITS = {
  /** Bytes of one spec file. */
  fileBytes: 64 * 1024 * 1024,
  /** Nodes (objects, arrays, scalars) of one parsed file, with YAML aliases expanded. */
  nodes: 10_000_000,
  /** Levels of nesting of one parsed file's data. */
  depth: 1000,
} as const;

/** The rule name of the findings this module's refusals become. */
export const BOUNDS_RULE = 'input-bounds';

/** The bytes of a spec file as read, and their sha256 (what the run cache compares). */
export type SpecFileRead =
  { ok: true; text: string; sha256: string } | { ok: false; notFound: boolean; reason: string };

/**
 * Reads a spec file: a regular file of at most `INPUT_LIMITS.fileBytes`. It is opened without
 * blocking (a FIFO with no writer would hang an ordinary open), checked on the open descriptor
 * (so a file swapped for a device between a check and the read is still seen), and read no
 * further than the limit (a `/proc` file reports size 0, a log may grow while read).
 */
export function readSpecFile(absolutePath: string): SpecFileRead {
  let descriptor: number;
  try {
    descriptor = openSync(absolutePath, constants.O_RDONLY | (constants.O_NONBLOCK ?? 0));
  } catch (error) {
    return unreadable(error);
  }
  try {
    const stats = fstatSync(descriptor);
    if (stats.isDirectory()) return { ok: false, notFound: true, reason: 'is a folder' };
    if (!stats.isFile())
      return {
        ok: false,
        notFound: false,
        reason: `is ${specialKind(stats)}, not a regular file: zapgen reads specs from regular files only`,
      };
    if (stats.size > INPUT_LIMITS.fileBytes) return tooLarge(stats.size);
    const chunks: Buffer[] = [];
    let total = 0;
    for (;;) {
      const chunk = Buffer.allocUnsafe(
        Math.min(Math.max(stats.size - total, 64 * 1024), INPUT_LIMITS.fileBytes + 1 - total),
      );
      const read = readSync(descriptor, chunk, 0, chunk.length, null);
      if (read === 0) break;
      chunks.push(read === chunk.length ? chunk : chunk.subarray(0, read));
      total += read;
      if (total > INPUT_LIMITS.fileBytes) return tooLarge(total, 'at least ');
    }
    const bytes = Buffer.concat(chunks, total);
    return {
      ok: true,
      text: bytes.toString('utf8'),
      sha256: createHash('sha256').update(bytes).digest('hex'),
    };
  } catch (error) {
    return unreadable(error);
  } finally {
    closeSync(descriptor);
  }
}

/** The sha256 of a spec file read as `readSpecFile` reads it, or undefined when it cannot be. */
export function specFileHash(absolutePath: string): string | undefined {
  const read = readSpecFile(absolutePath);
  return read.ok ? read.sha256 : undefined;
}

/** The state of a file a run could not read (a missing `$ref` target or example file). */
const UNREADABLE = 'unreadable';

/**
 * What a run read of each of its spec files: the sha256 of the bytes it parsed, or `unreadable`.
 * A file that was missing is part of what the run depended on too: its appearing later must make
 * a kept or cached run stale, as a change of bytes does.
 */
export function sourceStates(
  files: readonly string[],
  hashes: Readonly<Record<string, string>>,
): Record<string, string> {
  return Object.fromEntries(files.map((file) => [file, hashes[file] ?? UNREADABLE]));
}

/** The state of a spec file now, as `sourceStates` records it. */
export function specFileState(absolutePath: string): string {
  return specFileHash(absolutePath) ?? UNREADABLE;
}

/** Where a parsed file exceeds a limit, and why. */
export interface Excess {
  /** Offset in the text of the node to point at (YAML). */
  offset: number;
  /** Pointer segments of the node to point at (JSON). */
  segments: string[];
  message: string;
}

const NODE_LIMIT = `zapgen reads at most ${count(INPUT_LIMITS.nodes)} nodes per file`;
const DEPTH_LIMIT = `zapgen reads at most ${INPUT_LIMITS.depth} levels`;

/**
 * Measures a YAML document as its data will be (each alias stands for its anchor's node, as
 * every reader of the data sees it) without expanding anything: the size and depth of a node
 * are computed once, so a billion-node alias bomb costs as much as its text. Anchors are
 * resolved in document order, as the parser does. Returns the first excess: an alias inside
 * the node it refers to (endless data), too many nodes (located at the alias on the largest
 * branch, where they come from), or too deep (located at the first node past the limit).
 */
export function yamlExcess(document: Document): Excess | undefined {
  const sizes = new Map<unknown, { size: number; height: number }>();
  const anchors = new Map<string, unknown>();
  const open = new Set<unknown>();
  const cap = INPUT_LIMITS.nodes + 1;
  let cycle: Alias | undefined;

  const measure = (node: unknown): { size: number; height: number } => {
    const known = sizes.get(node);
    if (known) return known;
    let measured = { size: 1, height: 0 };
    if (isAlias(node)) {
      const target = anchors.get(node.source);
      if (open.has(target)) cycle ??= node;
      else if (target !== undefined) measured = measure(target);
    } else if (isMap(node) || isSeq(node) || isPair(node)) {
      const anchor = (node as { anchor?: string }).anchor;
      if (anchor) anchors.set(anchor, node);
      open.add(node);
      const children = isPair(node) ? [node.key, node.value] : node.items;
      let size = isPair(node) ? 0 : 1;
      let height = 0;
      for (const child of children) {
        const inner = measure(child);
        size = Math.min(cap, size + inner.size);
        height = Math.max(height, inner.height + (isPair(node) ? 0 : 1));
      }
      open.delete(node);
      measured = { size, height };
    } else {
      const anchor = (node as { anchor?: string } | null)?.anchor;
      if (anchor) anchors.set(anchor, node);
    }
    sizes.set(node, measured);
    return measured;
  };

  const root = measure(document.contents);
  if (cycle)
    return {
      offset: cycle.range?.[0] ?? 0,
      segments: [],
      message: `the alias *${cycle.source} is inside the node it refers to, so its data never ends`,
    };
  const childrenOf = (node: unknown): unknown[] =>
    isMap(node) || isSeq(node) ? node.items : isPair(node) ? [node.key, node.value] : [];
  const offsetOf = (node: unknown) => (node as Node | null)?.range?.[0] ?? 0;
  if (root.size > INPUT_LIMITS.nodes) {
    // Down the largest branch to the first alias on it: that is where the nodes come from.
    let node: unknown = document.contents;
    while (!isAlias(node) && childrenOf(node).length)
      node = childrenOf(node).reduce((largest, child) =>
        measure(child).size > measure(largest).size ? child : largest,
      );
    return {
      offset: offsetOf(node),
      segments: [],
      message: isAlias(node)
        ? `with its YAML aliases expanded the file holds more than ${count(INPUT_LIMITS.nodes)} nodes (the alias *${node.source} alone stands for ${count(measure(node).size)}); ${NODE_LIMIT}`
        : `the file holds more than ${count(INPUT_LIMITS.nodes)} nodes; ${NODE_LIMIT}`,
    };
  }
  if (root.height > INPUT_LIMITS.depth) {
    let node: unknown = document.contents;
    for (let depth = 0; depth <= INPUT_LIMITS.depth;) {
      const children = childrenOf(node);
      if (!children.length) break;
      node = children.reduce((tallest, child) =>
        measure(child).height > measure(tallest).height ? child : tallest,
      );
      if (!isPair(node)) depth += 1;
    }
    return {
      offset: offsetOf(node),
      segments: [],
      message: `the data here is nested more than ${INPUT_LIMITS.depth} levels deep; ${DEPTH_LIMIT}`,
    };
  }
  return undefined;
}

/**
 * Measures parsed JSON data (a tree: JSON has no aliases): too many nodes, or too deep, located
 * at the first node past the limit. Iterative, so that no nesting overflows the stack.
 */
export function dataExcess(data: unknown): Excess | undefined {
  interface Entry {
    value: unknown;
    depth: number;
    key: string;
    parent: Entry | undefined;
  }
  const segmentsOf = (entry: Entry): string[] => {
    const segments: string[] = [];
    for (let at: Entry | undefined = entry; at?.parent; at = at.parent) segments.unshift(at.key);
    return segments;
  };
  const stack: Entry[] = [{ value: data, depth: 0, key: '', parent: undefined }];
  let nodes = 1;
  while (stack.length) {
    const entry = stack.pop()!;
    if (entry.depth > INPUT_LIMITS.depth)
      return {
        offset: 0,
        segments: segmentsOf(entry),
        message: `the data here is nested more than ${INPUT_LIMITS.depth} levels deep; ${DEPTH_LIMIT}`,
      };
    const { value } = entry;
    if (value === null || typeof value !== 'object') continue;
    for (const [key, child] of Object.entries(value)) {
      nodes += 1;
      if (nodes > INPUT_LIMITS.nodes)
        return {
          offset: 0,
          segments: [],
          message: `the file holds more than ${count(INPUT_LIMITS.nodes)} nodes; ${NODE_LIMIT}`,
        };
      if (child !== null && typeof child === 'object')
        stack.push({ value: child, depth: entry.depth + 1, key, parent: entry });
    }
  }
  return undefined;
}

function tooLarge(size: number, qualifier = ''): SpecFileRead {
  return {
    ok: false,
    notFound: false,
    reason: `is ${qualifier}${size.toLocaleString('en-US')} bytes, more than the ${INPUT_LIMITS.fileBytes / (1024 * 1024)} MiB zapgen reads from one spec file`,
  };
}

function unreadable(error: unknown): SpecFileRead {
  const code = (error as NodeJS.ErrnoException).code;
  if (code === 'ENOENT') return { ok: false, notFound: true, reason: 'file not found' };
  if (code === 'EISDIR') return { ok: false, notFound: true, reason: 'is a folder' };
  return { ok: false, notFound: true, reason: `cannot read (${code ?? 'error'})` };
}

function specialKind(stats: Stats): string {
  if (stats.isFIFO()) return 'a FIFO (named pipe)';
  if (stats.isCharacterDevice()) return 'a character device';
  if (stats.isBlockDevice()) return 'a block device';
  if (stats.isSocket()) return 'a socket';
  return 'a special file';
}

function count(nodes: number): string {
  return nodes > INPUT_LIMITS.nodes
    ? `more than ${INPUT_LIMITS.nodes.toLocaleString('en-US')}`
    : nodes.toLocaleString('en-US');
}
