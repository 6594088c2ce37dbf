import { pascalCase } from '../shared/identifiers.js';

/**
 * The type literals (object shapes `{ id: z.ZodInt; ... }`, enum values `{ open: "open" }`) that
 * a module's annotations (`zodType`) spell more than once, each named once by a module-local type
 * alias (`type PullRequestHeadShape = { ... }`) that every annotation spelling it refers to.
 *
 * Why: tsc gives each type literal node a type of its own, so a shape written in 20 annotations is
 * 20 distinct types, and so is every `z.ZodObject<…>`, `z.ZodOptional<…>` built on it. tsc checks
 * the type arguments of each distinct instantiation against zod's constraints (`SomeType`,
 * `$ZodLooseShape`, `EnumLike`), structurally, through zod's internals: the most expensive part
 * of checking `zod.ts` (GitHub: 5,015 literals, of which 1,239 distinct). Named, a shape is one
 * type, checked once. An alias is transparent, so the types are exactly those spelled inline.
 * A literal spelled once stays inline, where it is read.
 */
export interface SharedLiterals {
  /** Each annotation, its repeated literals replaced by their alias names. */
  types: (string | undefined)[];
  /** The alias declarations to print before each annotation's const (first use), in order. */
  aliases: string[][];
}

interface Literal {
  /** The literal, its own nested literals replaced by tokens. */
  text: string;
  /** The property key it is the value of, where it was first seen (a name hint). */
  key: string;
  kind: 'Shape' | 'Values';
}

/** Stands for literal `id` while the annotations are parsed: no printed type holds a NUL. */
const token = (id: number) => `\0${id}\0`;
const TOKENS = /\0(\d+)\0/g;

/**
 * `annotations`: each const's annotation (`undefined`: none) and the const's name, from which an
 * alias first used there takes its name. `reserved`: type names the module declares already.
 */
export function shareTypeLiterals(
  annotations: readonly { type: string | undefined; owner: string }[],
  reserved: ReadonlySet<string>,
): SharedLiterals {
  const ids = new Map<string, number>();
  const literals: Literal[] = [];
  const roots = annotations.map(({ type }) =>
    type === undefined ? undefined : tokenize(type, ids, literals),
  );

  // How often each literal is written once repeated literals are named: a literal inside a
  // named one is written once, inside an inlined one as often as that one. Parents were
  // interned after their children, so larger ids first.
  const uses = literals.map(() => 0);
  for (const root of roots) for (const id of tokensOf(root ?? '')) uses[id]! += 1;
  for (let id = literals.length - 1; id >= 0; id -= 1) {
    const written = uses[id]! >= 2 ? 1 : uses[id]!;
    for (const child of tokensOf(literals[id]!.text)) uses[child]! += written;
  }

  const names = new Map<number, string>();
  const taken = new Set(reserved);
  const aliases: string[][] = [];
  const types = roots.map((root, index) => {
    const declared: string[] = [];
    const owner = pascalCase(annotations[index]!.owner.replace(/Schema$/, ''));
    const expand = (text: string): string =>
      text.replace(TOKENS, (_match, digits: string) => {
        const id = Number(digits);
        const literal = literals[id]!;
        if (uses[id]! < 2) return expand(literal.text);
        let name = names.get(id);
        if (name === undefined) {
          const base = `${owner}${literal.key ? pascalCase(literal.key) : ''}${literal.kind}`;
          name = base;
          for (let suffix = 2; taken.has(name); suffix += 1) name = `${base}${suffix}`;
          taken.add(name);
          names.set(id, name);
          const body = expand(literal.text);
          declared.push(`type ${name} = ${body};`);
        }
        return name;
      });
    const type = root === undefined ? undefined : expand(root);
    aliases.push(declared);
    return type;
  });
  return { types, aliases };
}

function tokensOf(text: string): number[] {
  return [...text.matchAll(TOKENS)].map((match) => Number(match[1]));
}

/**
 * `type` with each `{…}` literal (outside string literals) replaced by the token of its interned
 * text, innermost first, so that equal literals, nested ones included, get the same id.
 */
function tokenize(type: string, ids: Map<string, number>, literals: Literal[]): string {
  const open: string[] = [''];
  let quote: string | undefined;
  for (let index = 0; index < type.length; index += 1) {
    const char = type[index]!;
    if (quote) {
      if (char === '\\') {
        open[open.length - 1] += char + type[index + 1]!;
        index += 1;
        continue;
      }
      if (char === quote) quote = undefined;
    } else if (char === '"' || char === "'") quote = char;
    else if (char === '{') {
      open.push('');
      continue;
    } else if (char === '}' && open.length > 1) {
      const text = `{${open.pop()!}}`;
      const before = open[open.length - 1]!;
      let id = ids.get(text);
      if (id === undefined) {
        id = literals.length;
        ids.set(text, id);
        literals.push({
          text,
          key: keyBefore(before),
          kind: /ZodEnum<\s*$/.test(before) ? 'Values' : 'Shape',
        });
      }
      open[open.length - 1] += token(id);
      continue;
    }
    open[open.length - 1] += char;
  }
  return open.join('');
}

/** The property key whose value starts at the end of `text` (`head: z.ZodObject<`), or ''. */
function keyBefore(text: string): string {
  const match =
    /(?:^|[{;,])\s*("(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*'|[$\p{ID_Continue}]+)\??:\s*[^:;{}]*$/u.exec(
      // A tail cut mid-key must not match at its start: `:` begins no key.
      text.length > 400 ? `:${text.slice(-400)}` : text,
    );
  return match ? match[1]!.replace(/^["']|["']$/g, '') : '';
}
