/**
 * Incremental regeneration (issue 24): a run that reuses an earlier run's work through the memo
 * writes, after every edit of a sequence, the bytes a run that computes everything writes. Each
 * step generates with the memo carried over from the steps before, then `check`s the package with
 * no memo at all: any drift is a byte the memo got wrong. The memo must also have been used (a
 * test of reuse that reused nothing would prove nothing).
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { check, generate } from '../../src/pipeline.js';
import { Memo } from '../../src/memo/index.js';
import { edits, start, type Document } from './edits.js';

describe('incremental regeneration', () => {
  const folder = mkdtempSync(path.join(tmpdir(), 'zapgen-incremental-'));
  const spec = path.join(folder, 'openapi.json');
  const out = path.join(folder, 'package');
  const memo = new Memo();
  const document: Document = structuredClone(start);
  afterAll(() => rmSync(folder, { recursive: true, force: true }));

  it('writes the first package', async () => {
    writeFileSync(spec, JSON.stringify(document, null, 2));
    await generate({ spec, out, apiName: 'pets', memo });
    expect(memo.size).toBeGreaterThan(0);
  });

  it.each(edits)(
    'after an edit (%s), writes what a run without the memo writes',
    async (_name, edit) => {
      edit(document);
      writeFileSync(spec, JSON.stringify(document, null, 2));
      await generate({ spec, out, apiName: 'pets', memo });
      const { drift } = await check({ spec, out, apiName: 'pets', memo: false });
      expect(drift.patch).toBe('');
      expect(drift.files).toEqual([]);
    },
  );

  it('after an edit of one operation, writes only the files whose bytes it changes', async () => {
    document.paths['/pets'].post.summary = 'Adds a pet';
    writeFileSync(spec, JSON.stringify(document, null, 2));
    const { files } = await generate({ spec, out, apiName: 'pets', memo });
    // No header carries a hash of the whole spec, so most files keep their bytes.
    expect(files.unchanged).toBeGreaterThan(files.written);
    const { drift } = await check({ spec, out, apiName: 'pets', memo: false });
    expect(drift.files).toEqual([]);
  });

  it('writes a hand-edited file again as generated, though the memo knows its code', async () => {
    const client = path.join(out, 'src/client.ts');
    const generated = readFileSync(client, 'utf8');
    writeFileSync(client, `${generated}// a hand edit\n`);
    const { files } = await generate({ spec, out, apiName: 'pets', memo });
    expect(files.written).toBe(1);
    expect(readFileSync(client, 'utf8')).toBe(generated);
  });

  it('reused the formatted files, the check of the types, and the fixtures', () => {
    expect(memo.hits.get('format')).toBeGreaterThan(0);
    expect(memo.hits.get('verify-types')).toBeGreaterThan(0);
    // The check of the fixtures proof.ts leaves to the checker (the tuple `Point`).
    expect(memo.hits.get('verify-fixtures')).toBeGreaterThan(0);
    // The sections of types.ts an edit did not reach, and the fixtures of the schemas and
    // operations it did not reach.
    expect(memo.hits.get('verify-section')).toBeGreaterThan(0);
    expect(memo.hits.get('fixtures-component')).toBeGreaterThan(0);
    expect(memo.hits.get('fixtures-operation')).toBeGreaterThan(0);
    // The spec hash of the openapi.json the run before wrote, to trust it as the release's base.
    expect(memo.hits.get('previous-spec-hash')).toBeGreaterThan(0);
  });
});
