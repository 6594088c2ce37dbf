import { describe, expect, it, vi } from 'vitest';
import { main, type Io } from '../../src/cli.js';

// An emitter bug, as the CLI sees it: generate() throws something that is not a SpecError.
vi.mock('../../src/pipeline.js', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../src/pipeline.js')>()),
  generate: async () => {
    throw new Error('the zod emitter failed');
  },
}));

function capture(): Io & { out: string[]; err: string[] } {
  const out: string[] = [];
  const err: string[] = [];
  return { out, err, stdout: (text) => out.push(text), stderr: (text) => err.push(text) };
}

describe('main on an internal error', () => {
  const spec = 'test/fixtures/bad-specs/valid.yaml';

  it('prints a short message without a stack and exits 70, apart from an invalid spec (1) and usage (2)', async () => {
    const io = capture();
    expect(await main(['generate', '--spec', spec, '--out', 'unused'], io)).toBe(70);
    expect(io.err).toEqual([
      'zapgen: internal error: the zod emitter failed',
      '(run with --debug for the stack trace; this is a bug in zapgen, please report it)',
    ]);
  });

  it('prints the stack with --debug', async () => {
    const io = capture();
    expect(await main(['generate', '--debug', '--spec', spec, '--out', 'unused'], io)).toBe(70);
    expect(io.err[0]).toBe('zapgen: internal error: the zod emitter failed');
    expect(io.err[1]).toMatch(/^Error: the zod emitter failed\n\s+at /);
  });
});
