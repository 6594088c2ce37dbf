/**
 * The sweep's batches (`test/contract/support/batch-check.ts`): several generated packages built
 * in one tsc program and strictly consumed in another must still catch an error planted in one
 * of them, and name that package and no other, so that the sweep re-checks that document alone
 * and records the failure against it.
 */
import { appendFileSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { removeRunDir, tempRoot, runId } from '../support/contract-helpers.js';
import { attribute } from '../../scripts/corpus/classify.js';
import { compileTogether } from '../../scripts/corpus/peer-steps.js';
import { batchBuild, batchConsumer, batchPackage } from '../contract/support/batch-check.js';
import { generateStep, writeAgreement } from '../contract/support/corpus-steps.js';

const batch = path.join(tempRoot, runId, 'batch-planted');

/** A one-operation spec; `title` names the package (names must differ within a batch). */
const spec = (title: string) => ({
  openapi: '3.1.0',
  info: { title, version: '1.0.0' },
  paths: {
    '/pets/{id}': {
      get: {
        operationId: 'getPet',
        parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'integer' } }],
        responses: {
          '200': {
            description: 'A pet',
            content: {
              'application/json': {
                schema: {
                  type: 'object',
                  required: ['id'],
                  properties: { id: { type: 'integer' }, name: { type: 'string' } },
                },
              },
            },
          },
        },
      },
    },
  },
});

beforeAll(async () => {
  rmSync(batch, { recursive: true, force: true });
  mkdirSync(batch, { recursive: true });
  for (const index of [0, 1, 2]) {
    const file = path.join(batch, `spec-${index}.json`);
    writeFileSync(file, JSON.stringify(spec(`Planted ${index}`)));
    const result = { spec: file, generated: false, generateMs: 0 };
    expect(await generateStep({ spec: file, dir: batchPackage(batch, index), result })).toBe(true);
    writeAgreement(batchPackage(batch, index));
  }
}, 120_000);

afterAll(() => {
  if (!process.env.CONTRACT_RUN_ID) removeRunDir();
});

describe('attribute', () => {
  test.each([
    [
      'a diagnostic and its continuation lines go to the package its owner names',
      {
        given:
          "p1/src/a.ts(1,1): error TS2322: x\n  Type 'a' is not 'b'.\nother.ts(2,2): error TS1: y",
        want: {
          byPackage: [[1, ['p1/src/a.ts(1,1): error TS2322: x', "  Type 'a' is not 'b'."]]],
          unattributed: ['other.ts(2,2): error TS1: y'],
        },
      },
    ],
    ['no output, no diagnostic', { given: '\n', want: { byPackage: [], unattributed: [] } }],
  ])('%s', (_name, { given, want }) => {
    const { byPackage, unattributed } = attribute({
      output: given,
      owner: (line) => (/^p(\d+)\//.exec(line) ? Number(/^p(\d+)\//.exec(line)![1]) : undefined),
    });
    expect({ byPackage: [...byPackage], unattributed }).toEqual(want);
  });
});

describe('a batch catches an error planted in one package and names that package', () => {
  test('build: one program, each package to its own dist/', async () => {
    appendFileSync(
      path.join(batchPackage(batch, 1), 'src', 'index.ts'),
      "\nexport const planted: number = 'not a number';\n",
    );
    const built = await batchBuild({ batch, indexes: [0, 1, 2] });
    expect(built.failed).toBe(false);
    expect(built.unattributed).toEqual([]);
    expect([...built.byPackage.keys()]).toEqual([1]);
    expect(built.byPackage.get(1)![0]).toMatch(/^p1\/src\/index\.ts\(\d+,\d+\): error TS2322/);
  }, 180_000);

  test('strict consumer: one program over the built declarations of every package', async () => {
    // A clean package (0) and one whose built declarations name an undefined type (2).
    appendFileSync(
      path.join(batchPackage(batch, 2), 'dist', 'index.d.ts'),
      '\nexport declare const planted: UndefinedPlantedType;\n',
    );
    const consumed = await batchConsumer({ batch, indexes: [0, 2], warm: false });
    expect(consumed.failed).toBe(false);
    expect(consumed.unattributed).toEqual([]);
    expect([...consumed.byPackage.keys()]).toEqual([2]);
    expect(consumed.byPackage.get(2)![0]).toMatch(
      /p2\/dist\/index\.d\.ts\(\d+,\d+\): error TS2304/,
    );
    expect(consumed.subpaths.get(0)).toContain('.');
  }, 180_000);
});

describe("the peers' outputs in one program", () => {
  const peers = path.join(tempRoot, runId, 'peers-planted');
  const setup = {
    node: process.execPath,
    peersRoot: path.resolve('.'),
    root: path.resolve('.'),
    timeoutMs: 120_000,
    memoryMb: 2048,
  };
  const output = (index: number, text: string) => {
    mkdirSync(path.join(peers, `d${index}`, 'out'), { recursive: true });
    writeFileSync(path.join(peers, `d${index}`, 'out', 'types.gen.ts'), text);
  };

  test('a type error fails its document only; a syntax error anywhere passes none', async () => {
    rmSync(peers, { recursive: true, force: true });
    output(0, 'export const fine: number = 1;\n');
    output(1, "export const planted: number = 'not a number';\n");
    // The same names in every output: each is a module, so they do not collide.
    output(2, 'export const fine: number = 2;\n');
    expect([...(await compileTogether({ dir: peers, indexes: [0, 1, 2], setup })).indexes]).toEqual(
      [0, 2],
    );
    // tsc reports no type errors of a program with a syntax error: 1's would be hidden.
    output(2, 'export const broken: number = ;\n');
    expect([...(await compileTogether({ dir: peers, indexes: [0, 1, 2], setup })).indexes]).toEqual(
      [],
    );
    rmSync(peers, { recursive: true, force: true });
  }, 120_000);
});
