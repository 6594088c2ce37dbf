/**
 * What happened to one document in zapgen's worker, step by step, with its failure classes.
 * Steps: validate (valid, or invalid with located errors) → generate → no network → build (the
 * package's own compiler options, strict) → consumer (strict, `skipLibCheck: false`) → fixtures
 * (every fixture under zod and ajv).
 */
import type { CorpusResult } from '../../test/contract/support/corpus-worker.js';
import type { ChildOutcome } from './child.js';
import {
  findingRule,
  internalErrorClass,
  isLocated,
  canonicalClass,
  parseTsDiagnostics,
  stackHead,
  tsClasses,
  workerFailureClass,
} from './classify.js';

export const STEPS = ['validate', 'generate', 'network', 'build', 'consumer', 'fixtures'] as const;
export type Step = (typeof STEPS)[number];
export type StepState = 'pass' | 'fail' | 'timeout' | 'not run';

export interface ZapgenOutcome {
  /** `pass`: valid and every step passed; `invalid`: `zapgen validate` found errors; `fail` otherwise. */
  status: 'pass' | 'fail' | 'invalid';
  steps: Record<Step, StepState>;
  /** For an invalid document: whether every error is `file:line:col` located, and their rules. */
  invalid?: { located: boolean; errors: number; rules: string[]; first: string[] };
  /** Failure classes with their number of occurrences in this document. */
  classes: Record<string, number>;
  /** The first occurrence of each class, as printed (diagnostic line or stack head). */
  examples: Record<string, string>;
  ms: number;
  timings: Partial<Record<Step, number>>;
  /**
   * Passed (or was found invalid) in a batch of this many small documents (`corpus-batch.ts`):
   * `ms` and the build and consumer timings are its own steps plus an equal share of the batch's
   * two tsc runs. Absent: checked alone, by the per-document worker.
   */
  batched?: number;
  operations?: number;
  schemas?: number;
  /** Warnings of `zapgen validate` and of generation. */
  warnings?: number;
  buildErrors?: number;
  consumerErrors?: number;
  /** The first tsc diagnostics of the build and consumer steps, as printed (for a closer look). */
  diagnostics?: { build?: string[]; consumer?: string[] };
  fixtures?: { valid: string; invalid: string; failures: number };
  network?: string[];
}

/** Reads the worker's outcome. `timeoutMs` is the limit it ran under. */
export function zapgenOutcome({
  child,
  timeoutMs,
}: {
  child: ChildOutcome;
  timeoutMs: number;
}): ZapgenOutcome {
  const steps: Record<Step, StepState> = {
    validate: 'not run',
    generate: 'not run',
    network: 'not run',
    build: 'not run',
    consumer: 'not run',
    fixtures: 'not run',
  };
  const outcome: ZapgenOutcome = {
    status: 'fail',
    steps,
    classes: {},
    examples: {},
    ms: child.ms,
    timings: {},
  };
  const add = (key: string, count: number, example: string) => {
    outcome.classes[key] = (outcome.classes[key] ?? 0) + count;
    outcome.examples[key] ??= example;
  };
  const line = child.stdout.split('\n').find((text) => text.startsWith('RESULT '));
  // Printed by test/support/trap-network.mjs, which the sweep preloads into the worker.
  const network = [
    ...new Set(child.stderr.split('\n').filter((text) => text.startsWith('NETWORK ATTEMPT '))),
  ];
  if (network.length) {
    outcome.network = network;
    add('network access attempted', network.length, network.slice(0, 3).join('\n'));
  }
  // The step it was in: the last `STEP <name>` it printed.
  const running = ([...child.stdout.matchAll(/^STEP (\S+)$/gm)].pop()?.[1] ?? 'validate') as Step;
  if (!line) {
    // Steps before the one it was in passed; that one failed or timed out.
    for (const step of STEPS.slice(0, Math.max(0, STEPS.indexOf(running)))) steps[step] = 'pass';
    if (network.length) steps.network = 'fail';
    if (child.timedOut) {
      steps[running] = 'timeout';
      add(
        `${running}: timeout (${Math.round(timeoutMs / 1000)} s)`,
        1,
        `still in ${running} after ${Math.round(child.ms / 1000)} s`,
      );
    } else {
      steps[running] = 'fail';
      const output = `${child.stderr}\n${child.stdout}`.trim();
      add(
        workerFailureClass({ output, step: running, code: child.code }),
        1,
        stackHead(output.split('\n').slice(-15).join('\n'), 6),
      );
    }
    return outcome;
  }
  const result = JSON.parse(line.slice('RESULT '.length)) as CorpusResult;

  // validate
  if (result.validation) {
    outcome.timings.validate = result.validation.ms;
    outcome.warnings = result.validation.warnings;
    if (result.validation.crash) {
      steps.validate = 'fail';
      add(
        internalErrorClass({ stage: 'validate', stack: result.validation.crash }),
        1,
        stackHead(result.validation.crash),
      );
      return outcome;
    }
    if (result.validation.errors.length) {
      steps.validate = 'fail';
      outcome.status = 'invalid';
      const located = result.validation.errors.every(isLocated);
      outcome.invalid = {
        located,
        errors: result.validation.errors.length,
        rules: [...new Set(result.validation.errors.map(findingRule))].sort(),
        first: result.validation.errors.slice(0, 3),
      };
      if (!located)
        add(
          'validate: invalid without a located error',
          1,
          result.validation.errors.find((finding) => !isLocated(finding)) ?? '',
        );
      return outcome;
    }
  }
  steps.validate = 'pass';

  // generate
  outcome.timings.generate = result.generateMs;
  steps.network = network.length ? 'fail' : 'pass';
  if (!result.generated) {
    steps.generate = 'fail';
    if (result.crash)
      add(
        internalErrorClass({ stage: 'generate', stack: result.crash }),
        1,
        stackHead(result.crash),
      );
    else
      add(
        'generate: rejected after validate passed',
        1,
        (result.specErrors ?? []).slice(0, 2).join('\n'),
      );
    return outcome;
  }
  steps.generate = 'pass';
  outcome.operations = result.generation?.operations;
  outcome.schemas = result.generation?.schemas;
  outcome.warnings = (outcome.warnings ?? 0) + (result.generation?.warnings.length ?? 0);

  // build
  if (result.typecheck) {
    outcome.timings.build = result.typecheck.ms;
    steps.build = result.typecheck.ok ? 'pass' : 'fail';
    outcome.buildErrors = parseTsDiagnostics(result.typecheck.diagnostics).length;
    if (!result.typecheck.ok)
      (outcome.diagnostics ??= {}).build = firstLines(result.typecheck.diagnostics);
    if (!result.typecheck.ok)
      for (const [key, { count, example }] of tsClasses({
        output: result.typecheck.diagnostics,
        step: 'build',
      }))
        add(key, count, example);
  }

  // zapgen's own agreement test (zod's output types against openapi-typescript's): a finding about
  // the generator, listed as a class, but no step of the package fails on it.
  if (result.disagreements?.length)
    for (const [key, { count, example }] of tsClasses({
      output: result.disagreements.join('\n'),
      step: 'agreement (not in the package)',
    }))
      add(key, count, example);

  // consumer (only after a build without errors)
  if (result.consumer) {
    outcome.timings.consumer = result.consumer.ms;
    steps.consumer = result.consumer.ok ? 'pass' : 'fail';
    outcome.consumerErrors = parseTsDiagnostics(result.consumer.diagnostics).length;
    if (!result.consumer.ok)
      (outcome.diagnostics ??= {}).consumer = firstLines(result.consumer.diagnostics);
    if (!result.consumer.ok)
      for (const [key, { count, example }] of tsClasses({
        output: result.consumer.diagnostics,
        step: 'consumer',
      }))
        add(key, count, example);
  }

  // fixtures
  if (result.fixturesMs !== undefined) outcome.timings.fixtures = result.fixturesMs;
  if (result.importError) {
    steps.fixtures = 'fail';
    add(
      internalErrorClass({ stage: 'fixtures: import', stack: result.importError }),
      1,
      stackHead(result.importError),
    );
  } else if (result.fixtures) {
    const { valid, invalid, failures, kinds } = result.fixtures;
    outcome.fixtures = {
      valid: `${valid.passed}/${valid.total}`,
      invalid: `${invalid.passed}/${invalid.total}`,
      failures: failures.length,
    };
    steps.fixtures = failures.length ? 'fail' : 'pass';
    for (const [kind, { count, example }] of Object.entries(kinds))
      add(canonicalClass(`fixtures: ${kind}`), count, example.slice(0, 400));
  }
  outcome.status = STEPS.every((step) => steps[step] === 'pass') ? 'pass' : 'fail';
  return outcome;
}

/** The first lines of a tsc output, each at most 600 characters. */
const firstLines = (output: string) =>
  output
    .split('\n')
    .slice(0, 30)
    .map((line) => line.slice(0, 600));
