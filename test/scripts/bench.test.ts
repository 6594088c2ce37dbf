/**
 * The benchmark's own logic (`scripts/bench/report.ts`): statistics over runs, the reading of GNU
 * time's and zapgen's output, zapgen's ratios and the verdicts against issue 9's targets, and the
 * tables of bench/results/. The benchmark itself is a script (`npm run bench`), never a test: no
 * time is asserted here, only that the numbers it prints mean what the README says.
 */
import { describe, expect, test } from 'vitest';
import {
  countTscErrors,
  filesTable,
  memoryTable,
  parseGnuTime,
  parsePhases,
  phaseTable,
  ratio,
  resultsTable,
  startupTable,
  stats,
  verdictTable,
  verdicts,
  type MemoryRun,
  type Stats,
  type StartupResult,
  type TargetInputs,
  type ToolResult,
  type Verdict,
} from '../../scripts/bench/report.js';

describe('stats', () => {
  const cases: [string, { given: number[]; want: Stats | undefined }][] = [
    ['no samples', { given: [], want: undefined }],
    ['one sample', { given: [5], want: { median: 5, min: 5, max: 5, n: 1 } }],
    ['odd count, unsorted', { given: [9, 1, 5], want: { median: 5, min: 1, max: 9, n: 3 } }],
    [
      'even count: mean of the middle two',
      { given: [4, 1, 3, 10], want: { median: 3.5, min: 1, max: 10, n: 4 } },
    ],
    ['repeated values', { given: [2, 2, 2], want: { median: 2, min: 2, max: 2, n: 3 } }],
  ];
  test.each(cases)('%s', (_name, { given, want }) => {
    expect(stats(given)).toEqual(want);
  });

  test('leaves its argument as it was', () => {
    const given = [3, 1, 2];
    stats(given);
    expect(given).toEqual([3, 1, 2]);
  });
});

describe('parseGnuTime', () => {
  const cases: [string, { given: string; want: ReturnType<typeof parseGnuTime> }][] = [
    [
      'a clean run',
      { given: '4.69 2.31 0.12 223488\n', want: { wallMs: 4690, cpuMs: 2430, peakRssKiB: 223488 } },
    ],
    [
      'a failed command: GNU time says so on the line before',
      {
        given: 'Command exited with non-zero status 1\n0.50 0.40 0.05 51200\n',
        want: { wallMs: 500, cpuMs: 450, peakRssKiB: 51200 },
      },
    ],
    ['killed before GNU time wrote anything', { given: '', want: undefined }],
    ['another format', { given: 'real 1.0\nuser 0.5\n', want: undefined }],
  ];
  test.each(cases)('%s', (_name, { given, want }) => {
    expect(parseGnuTime(given)).toEqual(want);
  });
});

describe('parsePhases', () => {
  const cases: [string, { given: string; want: ReturnType<typeof parsePhases> }][] = [
    [
      "zapgen's summary line",
      {
        given:
          'oai-v30-petstore: 3 operations, 3 schemas, 12 files (12 written, 0 unchanged) in 2399 ms (load 428, model 14, emit 188, verify 582, write 1187); 3 warnings',
        want: { total: 2399, load: 428, model: 14, emit: 188, verify: 582, write: 1187 },
      },
    ],
    ['no summary (a failed run)', { given: 'error: spec not found', want: undefined }],
  ];
  test.each(cases)('%s', (_name, { given, want }) => {
    expect(parsePhases(given)).toEqual(want);
  });
});

describe('countTscErrors', () => {
  const cases: [string, { given: string; want: number }][] = [
    ['no output', { given: '', want: 0 }],
    [
      'two errors and a continuation line',
      {
        given: [
          "out/a.ts(1,7): error TS2322: Type 'string' is not assignable to type 'number'.",
          '  Related information',
          "out/b.ts(3,1): error TS2304: Cannot find name 'x'.",
        ].join('\n'),
        want: 2,
      },
    ],
    ['a message that only mentions errors', { given: 'Found 0 errors.', want: 0 }],
  ];
  test.each(cases)('%s', (_name, { given, want }) => {
    expect(countTscErrors(given).errors).toBe(want);
  });
});

describe('ratio', () => {
  const cases: [
    string,
    { given: [number | undefined, number | undefined]; want: number | undefined },
  ][] = [
    ['zapgen slower', { given: [300, 100], want: 3 }],
    ['zapgen faster', { given: [50, 100], want: 0.5 }],
    ['zapgen not measured', { given: [undefined, 100], want: undefined }],
    ['peer not measured', { given: [100, undefined], want: undefined }],
    ['peer of zero: no ratio rather than Infinity', { given: [100, 0], want: undefined }],
  ];
  test.each(cases)('%s', (_name, { given, want }) => {
    expect(ratio(...given)).toBe(want);
  });
});

function tool(args: {
  tool: string;
  input: string;
  wallMs?: number;
  rssMiB?: number[];
  outcome?: ToolResult['outcome'];
}): ToolResult {
  const { tool, input, wallMs = 1000, rssMiB = [100], outcome = 'ok' } = args;
  if (outcome !== 'ok') return { tool, input, outcome, error: 'boom', samples: [] };
  return {
    tool,
    input,
    outcome,
    samples: [],
    wall: stats([wallMs]),
    cpu: stats([wallMs]),
    rss: stats(rssMiB.map((mib) => mib * 1024)),
    outputBytes: 2048,
  };
}

const pick = (list: Verdict[], target: string) => list.find((verdict) => verdict.target === target);

describe('verdicts', () => {
  const base: TargetInputs = {
    results: [],
    memory: [],
    startup: [],
    largeInputs: [],
    smallInputs: [],
  };
  const cases: [
    string,
    { given: Partial<TargetInputs>; target: string; want: Partial<Verdict> | undefined },
  ][] = [
    [
      'small input within 1.5×',
      {
        given: {
          smallInputs: ['petstore'],
          results: [
            tool({ tool: 'zapgen', input: 'petstore', wallMs: 1500 }),
            tool({ tool: 'openapi-typescript', input: 'petstore', wallMs: 1000 }),
          ],
        },
        target: 'petstore: time ≤ 1.5× openapi-typescript',
        want: { measured: 1.5, limit: 1.5, met: true },
      },
    ],
    [
      'small input above 1.5×',
      {
        given: {
          smallInputs: ['petstore'],
          results: [
            tool({ tool: 'zapgen', input: 'petstore', wallMs: 2200 }),
            tool({ tool: 'openapi-typescript', input: 'petstore', wallMs: 1000 }),
          ],
        },
        target: 'petstore: time ≤ 1.5× openapi-typescript',
        want: { measured: 2.2, met: false },
      },
    ],
    [
      'large input within 2×',
      {
        given: {
          largeInputs: ['github'],
          results: [
            tool({ tool: 'zapgen', input: 'github', wallMs: 9000 }),
            tool({ tool: 'openapi-typescript', input: 'github', wallMs: 5000 }),
          ],
        },
        target: 'github: time ≤ 2× openapi-typescript',
        want: { measured: 1.8, limit: 2, met: true },
      },
    ],
    [
      'a zapgen failure is not measured, never met',
      {
        given: {
          largeInputs: ['github'],
          results: [
            tool({ tool: 'zapgen', input: 'github', outcome: 'timeout' }),
            tool({ tool: 'openapi-typescript', input: 'github' }),
          ],
        },
        target: 'github: time ≤ 2× openapi-typescript',
        want: { measured: undefined, met: undefined, note: 'zapgen timeout' },
      },
    ],
    [
      'a failure of the reference peer is named',
      {
        given: {
          smallInputs: ['petstore'],
          results: [
            tool({ tool: 'zapgen', input: 'petstore' }),
            tool({ tool: 'openapi-typescript', input: 'petstore', outcome: 'failed' }),
          ],
        },
        target: 'petstore: time ≤ 1.5× openapi-typescript',
        want: { met: undefined, note: 'openapi-typescript failed' },
      },
    ],
    [
      'memory: the largest run counts, 1 GiB exactly is not under 1 GiB',
      {
        given: {
          largeInputs: ['stripe'],
          results: [
            tool({ tool: 'zapgen', input: 'stripe', rssMiB: [600, 1024] }),
            tool({ tool: 'openapi-typescript', input: 'stripe' }),
          ],
        },
        target: 'stripe: peak RSS < 1 GiB',
        want: { measured: 1024, limit: 1024, met: false },
      },
    ],
    [
      'memory under 1 GiB',
      {
        given: {
          largeInputs: ['stripe'],
          results: [
            tool({ tool: 'zapgen', input: 'stripe', rssMiB: [900] }),
            tool({ tool: 'openapi-typescript', input: 'stripe' }),
          ],
        },
        target: 'stripe: peak RSS < 1 GiB',
        want: { measured: 900, met: true },
      },
    ],
    [
      'small inputs have no memory target',
      {
        given: {
          smallInputs: ['petstore'],
          results: [tool({ tool: 'zapgen', input: 'petstore', rssMiB: [4096] })],
        },
        target: 'petstore: peak RSS < 1 GiB',
        want: undefined,
      },
    ],
    [
      'an out-of-memory run under the heap limit',
      {
        given: {
          memory: [
            { input: 'github', heapLimitMiB: 1024, outcome: 'out-of-memory' } satisfies MemoryRun,
          ],
        },
        target: 'github: generates with --max-old-space-size=1024',
        want: { met: false, note: 'out-of-memory' },
      },
    ],
    [
      'an edit of a large spec: its time as a ratio to the reference peer',
      {
        given: {
          largeInputs: ['github'],
          results: [
            tool({ tool: 'zapgen (edit)', input: 'github', wallMs: 1500 }),
            tool({ tool: 'openapi-typescript', input: 'github', wallMs: 5000 }),
          ],
        },
        target: "github: an edit regenerates ≤ 0.25× openapi-typescript's full run",
        want: { measured: 0.3, limit: 0.25, met: false },
      },
    ],
    [
      'an edit of a large spec under 1 s',
      {
        given: {
          largeInputs: ['github'],
          results: [tool({ tool: 'zapgen (edit)', input: 'github', wallMs: 900 })],
        },
        target: 'github: an edit regenerates < 1 s',
        want: { measured: 900, limit: 1000, met: true },
      },
    ],
    [
      'an edit in watch mode, under 1 s and as a ratio to the reference peer',
      {
        given: {
          largeInputs: ['github'],
          results: [
            tool({ tool: 'zapgen (watch edit)', input: 'github', wallMs: 1500 }),
            tool({ tool: 'openapi-typescript', input: 'github', wallMs: 5000 }),
          ],
        },
        target: "github: an edit in watch mode regenerates ≤ 0.25× openapi-typescript's full run",
        want: { measured: 0.3, limit: 0.25, met: false },
      },
    ],
    [
      'check under 1 s',
      {
        given: {
          startup: [
            {
              name: 'check, both APIs',
              command: 'zapgen check',
              outcome: 'ok',
              wall: stats([800, 990, 1200]),
            } satisfies StartupResult,
          ],
        },
        target: 'check, both APIs < 1 s',
        want: { measured: 990, limit: 1000, met: true },
      },
    ],
    [
      'generate at exactly 1 s is not under 1 s',
      {
        given: {
          startup: [
            {
              name: 'generate',
              command: 'zapgen generate',
              outcome: 'ok',
              wall: stats([1000]),
            } satisfies StartupResult,
          ],
        },
        target: 'generate < 1 s',
        want: { measured: 1000, met: false },
      },
    ],
  ];
  test.each(cases)('%s', (_name, { given, target, want }) => {
    const verdict = pick(verdicts({ ...base, ...given }), target);
    if (want === undefined) expect(verdict).toBeUndefined();
    else expect(verdict).toMatchObject(want);
  });
});

describe('tables', () => {
  const results: ToolResult[] = [
    {
      ...tool({ tool: 'zapgen', input: 'petstore', wallMs: 2000, rssMiB: [200] }),
      wall: stats([2000, 1900, 2500]),
      phases: { load: stats([400])!, write: stats([1200])! },
      files: { 'src/types.ts': 3000, 'src/zod.ts': 2000 },
      outputBytes: 5000,
      tsc: { outcome: 'ok', wallMs: 2700, errors: 0, firstErrors: [] },
    },
    {
      ...tool({ tool: 'openapi-typescript', input: 'petstore', wallMs: 1000, rssMiB: [100] }),
      tsc: { outcome: 'ok', wallMs: 1300, errors: 2, firstErrors: ['a.ts(1,1): error TS1: x'] },
    },
    tool({ tool: 'orval', input: 'petstore', outcome: 'timeout' }),
  ];

  const cases: [string, { given: () => string[]; want: string[] }][] = [
    [
      'results: median (min–max), ratios to each peer, failures in place of figures',
      {
        given: () => resultsTable(results, ['petstore'], ['zapgen', 'openapi-typescript', 'orval']),
        want: [
          '| input | tool | wall | CPU (user+sys) | peak RSS | output | tsc --strict | zapgen ÷ tool |',
          '|---|---:|---:|---:|---:|---:|---:|---:|',
          '| petstore | zapgen | 2.00 s (1.90 s–2.50 s) | 2.00 s | 200 MiB | 4.9 KiB | 2.70 s, 0 errors | – |',
          '| petstore | openapi-typescript | 1.00 s | 1.00 s | 100 MiB | 2.0 KiB | 1.30 s, 2 errors | 2.00× time, 2.00× RSS |',
          '| petstore | orval | timeout: boom | – | – | – | – | – |',
        ],
      },
    ],
    [
      'phases',
      {
        given: () => phaseTable(results, ['petstore']),
        want: ['| input | load | write |', '|---|---:|---:|', '| petstore | 0.40 s | 1.20 s |'],
      },
    ],
    [
      'bytes per file, with the total',
      {
        given: () => filesTable(results, ['petstore']),
        want: [
          '| file | petstore |',
          '|---|---:|',
          '| src/types.ts | 2.9 KiB |',
          '| src/zod.ts | 2.0 KiB |',
          '| **total** | **4.9 KiB** |',
        ],
      },
    ],
    [
      'memory runs',
      {
        given: () =>
          memoryTable([
            {
              input: 'petstore',
              heapLimitMiB: 1024,
              outcome: 'ok',
              wallMs: 3000,
              peakRssKiB: 204800,
            },
            {
              input: 'github',
              heapLimitMiB: 1024,
              outcome: 'out-of-memory',
              error: 'FATAL ERROR: heap | limit',
            },
          ]),
        want: [
          '| input | heap limit | outcome | wall | peak RSS |',
          '|---|---:|---:|---:|---:|',
          '| petstore | 1024 MiB | passed | 3.00 s | 200 MiB |',
          '| github | 1024 MiB | **out-of-memory**: FATAL ERROR: heap \\| limit | – | – |',
        ],
      },
    ],
    [
      'start-up commands',
      {
        given: () =>
          startupTable([
            {
              name: 'check',
              command: 'zapgen check',
              outcome: 'ok',
              wall: stats([900, 1100, 1000]),
              cpu: stats([700]),
              detail: '12 files (up to date)',
            },
            { name: 'generate', command: 'zapgen generate', outcome: 'timeout', error: 'killed' },
          ]),
        want: [
          '| command | wall | CPU (user+sys) | note |',
          '|---|---:|---:|---:|',
          '| check (`zapgen check`) | 1.00 s (0.90 s–1.10 s) | 0.70 s | 12 files (up to date) |',
          '| generate (`zapgen generate`) | **timeout** | – | killed |',
        ],
      },
    ],
    [
      'verdicts: met, not met, not measured; GiB above 1024 MiB',
      {
        given: () =>
          verdictTable([
            { target: 'a', measured: 1.2, limit: 1.5, unit: 'ratio', met: true },
            {
              target: 'b',
              measured: 2048,
              limit: 1024,
              unit: 'MiB',
              met: false,
              note: 'largest of the runs',
            },
            { target: 'c', limit: 1000, unit: 'ms', note: 'timeout' },
          ]),
        want: [
          '| target | measured | verdict | note |',
          '|---|---:|---:|---:|',
          '| a | 1.20× | met |  |',
          '| b | 2.00 GiB | **not met** | largest of the runs |',
          '| c | – | not measured | timeout |',
        ],
      },
    ],
  ];
  test.each(cases)('%s', (_name, { given, want }) => {
    expect(given()).toEqual(want);
  });
});
