/**
 * The pure part of `npm run bench` (scripts/bench.ts): statistics over runs, GNU time's and
 * zapgen's own output read into numbers, zapgen's ratio to each peer, the verdicts against issue
 * 9's targets, and the Markdown report. No I/O here, so that the unit tests
 * (test/scripts/bench.test.ts) prove what the numbers in bench/results/ mean.
 */

export interface Stats {
  median: number;
  min: number;
  max: number;
  /** How many samples the figures stand on. */
  n: number;
}

/** One run of one tool as a child process, measured by GNU time over the whole process tree. */
export interface Sample {
  wallMs: number;
  /** User + system CPU time of the child and every descendant it waited for. */
  cpuMs: number;
  /** Peak resident set of the largest process of the tree (GNU time's %M), in KiB. */
  peakRssKiB: number;
}

export type Outcome = 'ok' | 'failed' | 'timeout';

export interface TscResult {
  outcome: Outcome;
  wallMs: number;
  errors: number;
  /** The first error lines, so that a reader sees what kind of errors they are. */
  firstErrors: string[];
}

export interface ToolResult {
  tool: string;
  input: string;
  /** 'ok' when every run succeeded; otherwise the first failure, which ends that tool's runs on that input. */
  outcome: Outcome;
  error?: string;
  samples: Sample[];
  wall?: Stats;
  cpu?: Stats;
  rss?: Stats;
  outputBytes?: number;
  /** zapgen only: bytes of each file it wrote, by path relative to the package. */
  files?: Record<string, number>;
  /** zapgen only: its phase timings (ms) as its CLI reports them, over the runs. */
  phases?: Record<string, Stats>;
  tsc?: TscResult;
}

export interface MemoryRun {
  input: string;
  /** The heap limit given to node (`--max-old-space-size`), in MiB. */
  heapLimitMiB: number;
  outcome: Outcome | 'out-of-memory';
  wallMs?: number;
  peakRssKiB?: number;
  error?: string;
}

export interface StartupResult {
  name: string;
  command: string;
  outcome: Outcome;
  error?: string;
  wall?: Stats;
  /** User + system CPU time of the process tree: less sensitive than wall time to a loaded machine. */
  cpu?: Stats;
  detail?: string;
}

export interface Verdict {
  target: string;
  /** The measured figure, in the target's unit (a ratio, MiB or ms); undefined when not measured. */
  measured?: number;
  limit: number;
  unit: 'ratio' | 'MiB' | 'ms' | 'pass';
  met?: boolean;
  note?: string;
}

export const zapgenTool = 'zapgen';
export const referencePeer = 'openapi-typescript';
/** zapgen regenerating after a small edit of the spec (issue 24). */
export const zapgenEditTool = 'zapgen (edit)';
/** The same edit in watch mode: the run of a long-lived process's session, not a whole process. */
export const zapgenWatchEditTool = 'zapgen (watch edit)';

export function stats(values: number[]): Stats | undefined {
  if (values.length === 0) return undefined;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  const median =
    sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
  return { median, min: sorted[0]!, max: sorted[sorted.length - 1]!, n: sorted.length };
}

/**
 * Reads what `/usr/bin/time -f '%e %U %S %M'` wrote (its last line; the lines before it are
 * "Command exited with non-zero status" or "Command terminated by signal").
 */
export function parseGnuTime(text: string): Sample | undefined {
  const last = text.trim().split('\n').at(-1)?.trim() ?? '';
  const match = /^(\d+(?:\.\d+)?) (\d+(?:\.\d+)?) (\d+(?:\.\d+)?) (\d+)$/.exec(last);
  if (!match) return undefined;
  const [, elapsed, user, system, rss] = match;
  return {
    wallMs: Math.round(Number(elapsed) * 1000),
    cpuMs: Math.round((Number(user) + Number(system)) * 1000),
    peakRssKiB: Number(rss),
  };
}

/** zapgen's summary line: `… in 2399 ms (load 428, model 14, emit 188, verify 582, write 1187); …`. */
export function parsePhases(stdout: string): Record<string, number> | undefined {
  const match = /\bin (\d+) ms \(((?:[a-z-]+ \d+(?:, )?)+)\)/.exec(stdout);
  if (!match) return undefined;
  const phases: Record<string, number> = { total: Number(match[1]) };
  for (const part of match[2]!.split(', ')) {
    const [name, value] = part.split(' ');
    phases[name!] = Number(value);
  }
  return phases;
}

/** tsc's diagnostics in its plain (`--pretty false`) format: `file(line,col): error TS2322: …`. */
export function countTscErrors(output: string): { errors: number; firstErrors: string[] } {
  const lines = output.split('\n').filter((line) => /\berror TS\d+:/.test(line));
  return { errors: lines.length, firstErrors: lines.slice(0, 3).map((line) => line.trim()) };
}

/** zapgen's median over the peer's; above 1, zapgen is slower (or bigger). */
export function ratio(zapgen: number | undefined, peer: number | undefined): number | undefined {
  if (zapgen === undefined || peer === undefined || peer <= 0) return undefined;
  return zapgen / peer;
}

export interface TargetInputs {
  results: ToolResult[];
  memory: MemoryRun[];
  startup: StartupResult[];
  /** Inputs held to the large-spec targets (2×, < 1 GiB), by name. */
  largeInputs: string[];
  /** Inputs held to the small-spec target (1.5×), by name. */
  smallInputs: string[];
}

const GiBinKiB = 1024 * 1024;

function find(results: ToolResult[], tool: string, input: string): ToolResult | undefined {
  return results.find((result) => result.tool === tool && result.input === input);
}

function limitVerdict(args: {
  target: string;
  measured: number | undefined;
  limit: number;
  unit: Verdict['unit'];
  strict?: boolean;
  note?: string;
}): Verdict {
  const { target, measured, limit, unit, strict, note } = args;
  const met = measured === undefined ? undefined : strict ? measured < limit : measured <= limit;
  return { target, measured, limit, unit, met, note };
}

/** Issue 9's targets, each met, not met, or not measured (with why). */
export function verdicts(inputs: TargetInputs): Verdict[] {
  const { results, memory, startup, largeInputs, smallInputs } = inputs;
  const out: Verdict[] = [];
  const timeRatio = (input: string, limit: number) => {
    const zapgen = find(results, zapgenTool, input);
    const peer = find(results, referencePeer, input);
    const note =
      zapgen?.outcome !== 'ok'
        ? `zapgen ${zapgen?.outcome ?? 'not run'}`
        : peer?.outcome !== 'ok'
          ? `${referencePeer} ${peer?.outcome ?? 'not run'}`
          : undefined;
    out.push(
      limitVerdict({
        target: `${input}: time ≤ ${limit}× ${referencePeer}`,
        measured: note ? undefined : ratio(zapgen?.wall?.median, peer?.wall?.median),
        limit,
        unit: 'ratio',
        note,
      }),
    );
  };
  for (const input of largeInputs) {
    timeRatio(input, 2);
    const zapgen = find(results, zapgenTool, input);
    out.push(
      limitVerdict({
        target: `${input}: peak RSS < 1 GiB`,
        measured: zapgen?.outcome === 'ok' && zapgen.rss ? zapgen.rss.max / 1024 : undefined,
        limit: 1024,
        unit: 'MiB',
        strict: true,
        note:
          zapgen?.outcome === 'ok'
            ? 'largest of the runs'
            : `zapgen ${zapgen?.outcome ?? 'not run'}`,
      }),
    );
  }
  for (const input of smallInputs) timeRatio(input, 1.5);
  const editTools = [
    { tool: zapgenEditTool, what: 'an edit' },
    { tool: zapgenWatchEditTool, what: 'an edit in watch mode' },
  ];
  for (const input of largeInputs)
    for (const { tool, what } of editTools) {
      const edit = find(results, tool, input);
      const peer = find(results, referencePeer, input);
      if (!edit) continue;
      const note =
        edit.outcome !== 'ok'
          ? `${tool} ${edit.outcome}`
          : peer?.outcome !== 'ok'
            ? `${referencePeer} ${peer?.outcome ?? 'not run'}`
            : undefined;
      out.push(
        limitVerdict({
          target: `${input}: ${what} regenerates ≤ 0.25× ${referencePeer}'s full run`,
          measured: note ? undefined : ratio(edit.wall?.median, peer?.wall?.median),
          limit: 0.25,
          unit: 'ratio',
          note,
        }),
        limitVerdict({
          target: `${input}: ${what} regenerates < 1 s`,
          measured: edit.outcome === 'ok' ? edit.wall?.median : undefined,
          limit: 1000,
          unit: 'ms',
          strict: true,
          note: edit.outcome === 'ok' ? 'median' : edit.outcome,
        }),
      );
    }
  for (const run of memory) {
    out.push({
      target: `${run.input}: generates with --max-old-space-size=${run.heapLimitMiB}`,
      limit: 1,
      unit: 'pass',
      measured: run.outcome === 'ok' ? 1 : 0,
      met: run.outcome === 'ok',
      note: run.outcome === 'ok' ? undefined : run.outcome,
    });
  }
  for (const command of startup) {
    out.push(
      limitVerdict({
        target: `${command.name} < 1 s`,
        measured: command.outcome === 'ok' ? command.wall?.median : undefined,
        limit: 1000,
        unit: 'ms',
        strict: true,
        note: command.outcome === 'ok' ? 'median' : `${command.outcome}: ${command.error ?? ''}`,
      }),
    );
  }
  return out;
}

export const formatMs = (ms: number | undefined): string =>
  ms === undefined
    ? '–'
    : ms < 10_000
      ? `${(ms / 1000).toFixed(2)} s`
      : `${(ms / 1000).toFixed(1)} s`;

export const formatMiB = (kib: number | undefined): string =>
  kib === undefined
    ? '–'
    : kib >= GiBinKiB
      ? `${(kib / GiBinKiB).toFixed(2)} GiB`
      : `${Math.round(kib / 1024)} MiB`;

export function formatBytes(bytes: number | undefined): string {
  if (bytes === undefined) return '–';
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KiB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MiB`;
}

export const formatRatio = (value: number | undefined): string =>
  value === undefined ? '–' : `${value.toFixed(2)}×`;

function formatStats(value: Stats | undefined, format: (n: number) => string): string {
  if (!value) return '–';
  if (value.n === 1) return format(value.median);
  return `${format(value.median)} (${format(value.min)}–${format(value.max)})`;
}

function formatVerdictValue(verdict: Verdict): string {
  if (verdict.measured === undefined) return '–';
  switch (verdict.unit) {
    case 'ratio':
      return formatRatio(verdict.measured);
    case 'MiB':
      return formatMiB(verdict.measured * 1024);
    case 'ms':
      return formatMs(verdict.measured);
    case 'pass':
      return verdict.measured === 1 ? 'passed' : 'failed';
  }
}

export const verdictMark = (verdict: Verdict): string =>
  verdict.met === undefined ? 'not measured' : verdict.met ? 'met' : '**not met**';

function table(header: string[], rows: string[][]): string[] {
  return [
    `| ${header.join(' | ')} |`,
    `|${header.map((_, index) => (index === 0 ? '---' : '---:')).join('|')}|`,
    ...rows.map((row) => `| ${row.join(' | ')} |`),
  ];
}

const escapeCell = (text: string): string => text.replace(/\|/g, '\\|').replace(/\s+/g, ' ').trim();

function outcomeCell(result: ToolResult): string | undefined {
  if (result.outcome === 'ok') return undefined;
  return `${result.outcome}${result.error ? `: ${escapeCell(result.error).slice(0, 80)}` : ''}`;
}

/** The main table: one row per input and tool, wall time as median (min–max) of the runs. */
export function resultsTable(results: ToolResult[], inputs: string[], tools: string[]): string[] {
  const rows: string[][] = [];
  for (const input of inputs) {
    const zapgen = find(results, zapgenTool, input);
    for (const tool of tools) {
      const result = find(results, tool, input);
      if (!result) continue;
      const failure = outcomeCell(result);
      const tsc = result.tsc;
      const tscCell = !tsc
        ? '–'
        : tsc.outcome === 'ok' || tsc.outcome === 'failed'
          ? `${formatMs(tsc.wallMs)}, ${tsc.errors} error${tsc.errors === 1 ? '' : 's'}`
          : `${tsc.outcome} after ${formatMs(tsc.wallMs)}`;
      const versus =
        tool === zapgenTool || result.outcome !== 'ok' || zapgen?.outcome !== 'ok'
          ? '–'
          : `${formatRatio(ratio(zapgen.wall?.median, result.wall?.median))} time, ${formatRatio(ratio(zapgen.rss?.median, result.rss?.median))} RSS`;
      rows.push([
        input,
        tool,
        failure ?? formatStats(result.wall, formatMs),
        failure ? '–' : formatStats(result.cpu, formatMs),
        failure ? '–' : formatStats(result.rss, formatMiB),
        failure ? '–' : formatBytes(result.outputBytes),
        failure ? '–' : tscCell,
        versus,
      ]);
    }
  }
  return table(
    [
      'input',
      'tool',
      'wall',
      'CPU (user+sys)',
      'peak RSS',
      'output',
      'tsc --strict',
      'zapgen ÷ tool',
    ],
    rows,
  );
}

export function verdictTable(list: Verdict[]): string[] {
  return table(
    ['target', 'measured', 'verdict', 'note'],
    list.map((verdict) => [
      verdict.target,
      formatVerdictValue(verdict),
      verdictMark(verdict),
      escapeCell(verdict.note ?? ''),
    ]),
  );
}

/** zapgen's phases (ms, medians over the runs), one row per input. */
export function phaseTable(results: ToolResult[], inputs: string[]): string[] {
  const rows = inputs
    .map((input) => find(results, zapgenTool, input))
    .filter((result): result is ToolResult => Boolean(result?.phases));
  const names = [...new Set(rows.flatMap((result) => Object.keys(result.phases!)))];
  return table(
    ['input', ...names],
    rows.map((result) => [
      result.input,
      ...names.map((name) => formatMs(result.phases![name]?.median)),
    ]),
  );
}

/** zapgen's output bytes per file, one column per input. */
export function filesTable(results: ToolResult[], inputs: string[]): string[] {
  const rows = inputs
    .map((input) => find(results, zapgenTool, input))
    .filter((result): result is ToolResult => Boolean(result?.files));
  const files = [...new Set(rows.flatMap((result) => Object.keys(result.files!)))].sort();
  return table(
    ['file', ...rows.map((result) => result.input)],
    [
      ...files.map((file) => [file, ...rows.map((result) => formatBytes(result.files![file]))]),
      ['**total**', ...rows.map((result) => `**${formatBytes(result.outputBytes)}**`)],
    ],
  );
}

export function memoryTable(runs: MemoryRun[]): string[] {
  return table(
    ['input', 'heap limit', 'outcome', 'wall', 'peak RSS'],
    runs.map((run) => [
      run.input,
      `${run.heapLimitMiB} MiB`,
      run.outcome === 'ok'
        ? 'passed'
        : `**${run.outcome}**${run.error ? `: ${escapeCell(run.error).slice(0, 80)}` : ''}`,
      formatMs(run.wallMs),
      formatMiB(run.peakRssKiB),
    ]),
  );
}

export function startupTable(commands: StartupResult[]): string[] {
  return table(
    ['command', 'wall', 'CPU (user+sys)', 'note'],
    commands.map((command) => [
      `${command.name} (\`${command.command}\`)`,
      command.outcome === 'ok' ? formatStats(command.wall, formatMs) : `**${command.outcome}**`,
      command.outcome === 'ok' ? formatStats(command.cpu, formatMs) : '–',
      escapeCell(command.outcome === 'ok' ? (command.detail ?? '') : (command.error ?? '')),
    ]),
  );
}
