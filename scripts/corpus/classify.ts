/**
 * Failure classes of the corpus sweep: each failure is reduced to a key without the names,
 * numbers and types of the spec it came from, so that the same bug in many specs counts once per
 * spec under one key. Keys start with the step that failed:
 * - `build` / `consumer` / `<peer> compile`: `src/fixtures.ts TS2741 Property '…' is missing in type '…' but required in type '…'.`
 * - `generate` / `validate`: `internal error: Maximum call stack size exceeded @ generator/src/model/schema.ts (convert)`
 * - `fixtures`: the kind of disagreement (`schema full: zod rejects (invalid_type)`)
 * - `timeout in <step>`, `worker: JavaScript heap out of memory in <step>`.
 */

export interface TsDiagnostic {
  /** As tsc printed it (relative to its working directory). */
  file: string;
  code: string;
  /** First line of the message. */
  message: string;
  /** The whole diagnostic line, for examples. */
  text: string;
}

const DIAGNOSTIC = /^(?:(.+?)\(\d+,\d+\): )?error (TS\d+): (.*)$/;

/** The error diagnostics of `tsc --pretty false` output (continuation lines are left out). */
export function parseTsDiagnostics(output: string): TsDiagnostic[] {
  const diagnostics: TsDiagnostic[] = [];
  for (const line of output.split('\n')) {
    const match = DIAGNOSTIC.exec(line.trimEnd());
    if (match)
      diagnostics.push({
        file: match[1] ?? '',
        code: match[2]!,
        message: match[3]!,
        text: line.trimEnd(),
      });
  }
  return diagnostics;
}

/**
 * Whether tsc stopped before the type check: `tsc -p` reports a program's semantic errors only
 * when it has no syntax errors (TS1xxx, TS17xxx) and no options errors (TS5xxx, TS6xxx). In one
 * program of several documents' outputs, a syntax error in one hides the type errors of all the
 * others, so none of them passes there. (The checker's own grammar errors are TS1xxx too: such a
 * batch is checked again document by document, which costs time, never a false pass.)
 */
export function typeCheckSkipped(output: string): boolean {
  return parseTsDiagnostics(output).some(({ code }) => {
    const number = Number(code.slice(2));
    return (
      number < 2000 || (number >= 5000 && number < 7000) || (number >= 17000 && number < 18000)
    );
  });
}

/**
 * Groups tsc's `--pretty false` output into diagnostics (a line and the indented lines after
 * it) and attributes each with `owner` (undefined: no owner), for one program that checked the
 * outputs of several documents at once.
 */
export function attribute({
  output,
  owner,
}: {
  output: string;
  owner: (line: string) => number | undefined;
}): { byPackage: Map<number, string[]>; unattributed: string[] } {
  const byPackage = new Map<number, string[]>();
  const unattributed: string[] = [];
  let current: string[] | undefined;
  for (const line of output.split('\n')) {
    if (!line.trim()) continue;
    if (/^\s/.test(line) && current) {
      current.push(line);
      continue;
    }
    const index = owner(line);
    if (index === undefined) current = unattributed;
    else {
      current = byPackage.get(index) ?? [];
      byPackage.set(index, current);
    }
    current.push(line);
  }
  return { byPackage, unattributed };
}

/**
 * A message without what is specific to one spec: quoted names and types become `'…'`, numbers
 * `N`, JSON pointers `#/…`, regular expressions `/…/`, lists of property names `…`.
 */
export function normaliseMessage(message: string): string {
  return (
    replaceQuoted(
      message
        // `Invalid regular expression: /^a\:b/u: Invalid escape` (the pattern may hold anything).
        .replace(/(Invalid regular expression: )\/.*\/[a-z]*: /, '$1/…/: ')
        // String literals inside types first: they may hold apostrophes (`"won't fix"`).
        .replace(/"(?:[^"\\]|\\.)*"/g, '"…"'),
    )
      // `… is missing the following properties from type '…': a, b, and 3 more.`
      .replace(/(following properties from type '…'): .*$/, '$1: …')
      .replace(/#\/[^\s'",;)]*/g, '#/…')
      .replace(/\b\d+(\.\d+)?\b/g, 'N')
      .replace(/\s+/g, ' ')
      .trim()
      .slice(0, 220)
  );
}

/**
 * The line of a tool's failed run that says what went wrong: the message of the error it threw
 * (`Error: …`, `TypeError: …`, also nested, as hey-api prints `error: TypeError: …`), rather than
 * the source line Node prints above an uncaught error (`throw new Error(errorMessage);`); else
 * the first line that mentions an error, else the last line. Colour codes are left out.
 */
export function failureLine(output: string): string | undefined {
  const lines = output
    .replace(/\x1b\[[0-9;]*m/g, '')
    .split('\n')
    .filter((line) => line.trim());
  for (const line of lines) {
    const thrown = /\b(?:[A-Z]\w*)?Error: .*/.exec(line);
    if (thrown) return thrown[0];
  }
  return lines.find((line) => /error/i.test(line)) ?? lines[lines.length - 1];
}

/**
 * `'…'` for each single-quoted name or type. A type may itself hold quoted property names
 * (`'{ 'a:b'?: string; }'`), which come in pairs: a quote closes the text only after an even
 * number of inner quotes, and before the end, a space or `.,:;)`.
 */
function replaceQuoted(message: string): string {
  let result = '';
  let index = 0;
  while (index < message.length) {
    const open = message.indexOf("'", index);
    if (open < 0) break;
    if (open > 0 && !/[\s([{<]/.test(message[open - 1]!)) {
      result += message.slice(index, open + 1);
      index = open + 1;
      continue;
    }
    let close = -1;
    let inner = 0;
    for (let at = message.indexOf("'", open + 1); at >= 0; at = message.indexOf("'", at + 1)) {
      if (inner % 2 === 0 && (at + 1 === message.length || /[\s.,:;)]/.test(message[at + 1]!))) {
        close = at;
        break;
      }
      inner += 1;
    }
    result += `${message.slice(index, open)}'…'`;
    if (close < 0) return result;
    index = close + 1;
  }
  return result + message.slice(index);
}

/**
 * The same class key, whatever version of the normalisation wrote it: keys are normalised again
 * (which leaves a normalised key unchanged), and a validator that throws is one class whatever
 * fixture it threw on (`fixtures: ajv throws: …`), since the cause is the schema, not the case.
 */
export function canonicalClass(key: string): string {
  const [step, ...rest] = key.split(': ');
  const message = normaliseMessage(rest.join(': '));
  if (step === 'fixtures') {
    const thrown = /\b((?:zod|ajv) throws: .*)$/.exec(message);
    if (thrown) return `fixtures: ${thrown[1]}`;
  }
  return rest.length ? `${step}: ${message}` : normaliseMessage(key);
}

/**
 * A diagnostic's file without the spec's folder: `src/fixtures.ts`, `dist/zod.d.ts`,
 * `node_modules/zod/…`; for a peer, its path inside the output folder (`client/client.gen.ts`).
 */
export function normaliseFile(file: string): string {
  if (!file) return '(no file)';
  const posix = file.split('\\').join('/');
  const modules = posix.lastIndexOf('node_modules/');
  if (modules >= 0) {
    const rest = posix.slice(modules + 'node_modules/'.length).split('/');
    const name = rest[0]?.startsWith('@') ? rest.slice(0, 2).join('/') : rest[0];
    // The package under test is linked into the consumer's node_modules: keep its own file.
    const own = /\/(src|dist)\/([^/]+)$/.exec(posix);
    return name?.startsWith('@zapgen/') && name !== '@zapgen/runtime' && own
      ? `${own[1]}/${own[2]}`
      : `node_modules/${name}/…`;
  }
  const own = /(?:^|\/)(src|dist)\/([^/]+)$/.exec(posix);
  if (own) return `${own[1]}/${own[2]}`;
  const peer = /(?:^|\/)out\/(.+)$/.exec(posix);
  return peer ? peer[1]! : posix.split('/').pop()!;
}

/** Count of each class key in one tsc output, with the first diagnostic of each as an example. */
export function tsClasses({
  output,
  step,
}: {
  output: string;
  step: string;
}): Map<string, { count: number; example: string }> {
  const classes = new Map<string, { count: number; example: string }>();
  const diagnostics = parseTsDiagnostics(output);
  for (const diagnostic of diagnostics) {
    const key = `${step}: ${normaliseFile(diagnostic.file)} ${diagnostic.code} ${normaliseMessage(diagnostic.message)}`;
    const entry = classes.get(key);
    if (entry) entry.count += 1;
    else classes.set(key, { count: 1, example: diagnostic.text.slice(0, 400) });
  }
  if (!diagnostics.length && output.trim())
    classes.set(`${step}: tsc failed: ${normaliseMessage(output.trim().split('\n')[0]!)}`, {
      count: 1,
      example: output.trim().slice(0, 400),
    });
  return classes;
}

/** The first lines of a stack: the message and the frames that locate it. */
export function stackHead(stack: string, frames = 4): string {
  const lines = stack.split('\n');
  const first = lines.findIndex((line) => /^\s+at /.test(line));
  const message = (first < 0 ? lines : lines.slice(0, first)).join(' ').trim().slice(0, 300);
  return [
    message,
    ...(first < 0 ? [] : lines.slice(first, first + frames).map((line) => line.trim())),
  ].join('\n');
}

/**
 * The class of an internal error: its message without names and numbers, and the first frame in
 * the generator (or the first frame at all) without line numbers.
 */
export function internalErrorClass({ stage, stack }: { stage: string; stack: string }): string {
  const lines = stack.split('\n');
  const firstFrame = lines.findIndex((line) => /^\s+at /.test(line));
  const message = (firstFrame < 0 ? lines.slice(0, 1) : lines.slice(0, firstFrame))
    .join(' ')
    .replace(/^Error: /, '');
  const frames = lines.filter((line) => /^\s+at /.test(line));
  const frame = frames.find((line) => line.includes('generator/src/')) ?? frames[0];
  return `${stage}: internal error: ${normaliseMessage(message)}${frame ? ` @ ${frameName(frame)}` : ''}`;
}

/** `at convert (/repo/generator/src/model/schema.ts:12:3)` → `generator/src/model/schema.ts (convert)`. */
function frameName(frame: string): string {
  const match = /^\s*at (?:(.+?) \()?(.+?)(?::\d+:\d+)?\)?$/.exec(frame);
  if (!match) return frame.trim();
  const file = match[2]!.replace(/^file:\/\//, '');
  const generator = file.indexOf('generator/src/');
  const modules = file.lastIndexOf('node_modules/');
  const where =
    generator >= 0
      ? file.slice(generator)
      : modules >= 0
        ? file.slice(modules)
        : file.split('/').slice(-2).join('/');
  return match[1] ? `${where} (${match[1].replace(/^async /, '')})` : where;
}

/** The class of a worker that ended without a result (out of memory, killed, a crash outside the steps). */
export function workerFailureClass({
  output,
  step,
  code,
}: {
  output: string;
  step: string;
  code: number | null;
}): string {
  if (/heap out of memory|Allocation failed|ERR_WORKER_OUT_OF_MEMORY/.test(output))
    return `worker: JavaScript heap out of memory in ${step}`;
  if (/Maximum call stack size exceeded/.test(output))
    return `worker: Maximum call stack size exceeded in ${step}`;
  const lastError = output
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => /error/i.test(line) && !/^at /.test(line))
    .pop();
  return `worker: exited ${code ?? 'by signal'} in ${step}${lastError ? `: ${normaliseMessage(lastError)}` : ''}`;
}

/** Whether a finding line is `file:line:col  error  rule  message` with a real position. */
export function isLocated(finding: string): boolean {
  const match = /^([^\s:][^:]*):(\d+):(\d+) {2}error {2}\S+ {2}\S/.exec(finding);
  return !!match && Number(match[2]) >= 1 && Number(match[3]) >= 1;
}

/** The rule of a finding line (`file:line:col  error  rule  message`). */
export function findingRule(finding: string): string {
  return finding.split('  ')[2] ?? '?';
}
