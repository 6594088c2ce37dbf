/** One method of `createClient`'s object, flat or namespaced, and the runtime calls behind it. */
import { routeName } from '../definitions/index.js';
import type { OperationNames } from '../shared/operation-names.js';
import { jsDocComment } from '../shared/jsdoc.js';

export const RUNTIME_CALLS = {
  call: {
    options: 'CallOptions',
    returns: (type: string) => `Promise<${type}Result>`,
    generic: (type: string) => `${type}Result`,
  },
  paginate: {
    options: 'PaginateOptions',
    returns: (type: string) => `AsyncIterableIterator<${type}Item>`,
    generic: (type: string) => `${type}Item`,
  },
  poll: {
    options: 'PollOptions',
    returns: (type: string) => `Promise<${type}Result>`,
    generic: (type: string) => `${type}Result`,
  },
} as const;

/**
 * How a member of the client is printed: `value` in `createClient`'s object (`key(args) { body }`),
 * `type` in the interface that declares that object's type (`key(args): Result`), so that
 * `client.d.ts` names the interface instead of spelling out the inferred type of the object. The
 * doc comments are the interface's, which is what a user's editor shows: the object has none.
 */
export type MemberForm = 'value' | 'type';

/** A member's doc comment in `form`: in the interface only. */
export function memberDoc(doc: string, form: MemberForm): string {
  return form === 'type' ? doc : '';
}

/** Members of one object of the client joined in `form`: `,` between values, `;` in a type. */
export function joinMembers(members: readonly string[], form: MemberForm): string {
  return members.map((member) => `${member}${form === 'value' ? ',' : ';'}`).join('\n');
}

/**
 * One method of the client object: a named call (through the operation's function, below), or its
 * `paginate`/`poll` variant.
 */
export function method(input: {
  doc: string[];
  names: OperationNames;
  /** Whether a call needs no argument (`argsOptional`, or true for a degraded operation). */
  argsOptional: boolean;
  /** Whether the result is a file download, typed by the call's `parseAs` (`isDownload`). */
  download: boolean;
  kind: keyof typeof RUNTIME_CALLS;
  /** The method's key, when it is not the function's name (a namespaced method). */
  key?: string;
  form: MemberForm;
}): string {
  const { names, kind, form } = input;
  const call = RUNTIME_CALLS[kind];
  const argsType = `${names.type}Args`;
  // `args = {}` in the object is `args?` in its type.
  const args = !input.argsOptional
    ? `args: ${argsType}`
    : form === 'value'
      ? `args: ${argsType} = {}`
      : `args?: ${argsType}`;
  const key = input.key ?? names.fn;
  // A file download's result follows the call's `parseAs` (a stream, bytes, a Blob, text).
  const download = kind === 'call' && input.download;
  // `callOptions`, not `options`: that is `createClient`'s own parameter. Not `async`: the
  // function or runtime method it returns never throws, it rejects, so a wrapper promise would
  // only cost a promise and two ticks per call.
  const signature = download
    ? `${key}<Options extends CallOptions = CallOptions>(${args}, callOptions?: Options): Promise<ParsedAs<Options, ${names.type}Result>>`
    : `${key}(${args}, callOptions?: ${call.options}): ${call.returns(names.type)}`;
  if (form === 'type') return `${jsDocComment(input.doc, { compact: true })}${signature}`;
  // In a method, `${names.fn}` names the module's function of the same name, not the method.
  const body =
    kind === 'call'
      ? `return ${names.fn}(runtime, args, callOptions);`
      : `return runtime.${kind}<${call.generic(names.type)}>(${routeName(names.definition)}, args, callOptions);`;
  return `${signature} {\n${body}\n}`;
}
