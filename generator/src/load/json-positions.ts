/**
 * Positions of nodes in JSON text, found in one linear scan without building a syntax tree, so
 * that locating findings in a 12 MB JSON spec costs one pass and no memory per node. Subtrees no
 * request goes into are skipped by scanning for their end.
 */

interface Trie {
  children: Map<string, Trie>;
  /** Requests that go through (or end at) this node. */
  ids: number[];
}

/**
 * For each request (pointer segments), the offset of the node it names, or of its deepest
 * existing ancestor: the key of an object member, the start of an array item, 0 for the root.
 * `text` must be valid JSON.
 */
export function jsonOffsets(text: string, requests: readonly (readonly string[])[]): number[] {
  const offsets = requests.map(() => 0);
  const root: Trie = { children: new Map(), ids: [] };
  requests.forEach((segments, id) => {
    let node = root;
    node.ids.push(id);
    for (const segment of segments) {
      let child = node.children.get(segment);
      if (!child) node.children.set(segment, (child = { children: new Map(), ids: [] }));
      child.ids.push(id);
      node = child;
    }
  });

  let position = 0;
  const record = (node: Trie, offset: number) => {
    for (const id of node.ids) offsets[id] = offset;
  };
  const whitespace = () => {
    for (
      let code = text.charCodeAt(position);
      code === 32 || code === 10 || code === 13 || code === 9;
      code = text.charCodeAt(position)
    )
      position += 1;
  };
  const skipString = () => {
    position += 1; // opening quote
    for (;;) {
      const code = text.charCodeAt(position);
      if (Number.isNaN(code)) return;
      position += code === 92 ? 2 : 1;
      if (code === 34) return;
    }
  };
  const readString = (): string => {
    const start = position;
    skipString();
    const raw = text.slice(start, position);
    return raw.includes('\\') ? (JSON.parse(raw) as string) : raw.slice(1, -1);
  };
  const skipValue = () => {
    const first = text.charCodeAt(position);
    if (first === 34) return skipString();
    if (first !== 123 && first !== 91) {
      while (position < text.length && !',}] \n\r\t'.includes(text.charAt(position))) position += 1;
      return;
    }
    let depth = 0;
    do {
      const code = text.charCodeAt(position);
      if (code === 34) {
        skipString();
        continue;
      }
      if (code === 123 || code === 91) depth += 1;
      else if (code === 125 || code === 93) depth -= 1;
      position += 1;
    } while (depth > 0 && position < text.length);
  };
  const value = (node: Trie | undefined): void => {
    whitespace();
    if (!node || node.children.size === 0) return skipValue();
    const open = text.charCodeAt(position);
    if (open !== 123 && open !== 91) return skipValue();
    position += 1;
    for (let index = 0; ; index += 1) {
      whitespace();
      if (text.charCodeAt(position) === 125 || text.charCodeAt(position) === 93) break;
      const start = position;
      let key = String(index);
      if (open === 123) {
        key = readString();
        whitespace();
        position += 1; // colon
        whitespace();
      }
      const child = node.children.get(key);
      if (child) record(child, start);
      value(child);
      whitespace();
      if (text.charCodeAt(position) === 44) position += 1;
    }
    position += 1;
  };

  whitespace();
  record(root, position);
  value(root);
  return offsets;
}

/** Converts offsets to 1-based lines and columns. */
export function lineColumns(
  text: string,
  offsets: readonly number[],
): { line: number; column: number }[] {
  const starts = [0];
  for (let index = text.indexOf('\n'); index >= 0; index = text.indexOf('\n', index + 1))
    starts.push(index + 1);
  return offsets.map((offset) => {
    let low = 0;
    let high = starts.length - 1;
    while (low < high) {
      const middle = (low + high + 1) >> 1;
      if ((starts[middle] ?? 0) <= offset) low = middle;
      else high = middle - 1;
    }
    return { line: low + 1, column: offset - (starts[low] ?? 0) + 1 };
  });
}
