import { describe, expect, it } from 'vitest';
import { formatFile } from '../../src/write/format.js';
import { formatFiles } from '../../src/write/format-pool.js';

/** A TypeScript file of about `bytes` bytes, badly formatted on purpose. */
function bigSource(bytes: number, seed: string): string {
  const line = `export const ${seed}_N={a:1,b:[1,2,3],c:"x"}\n`;
  let text = '';
  for (let index = 0; text.length < bytes; index += 1) text += line.replace('_N', `_${index}`);
  return text;
}

describe('formatFiles', () => {
  it('gives, through worker threads, exactly what formatFile gives on the main thread', async () => {
    const jobs = [
      { path: 'src/a.ts', contents: bigSource(3_000, 'a') },
      { path: 'src/b.ts', contents: bigSource(2_000, 'b') },
      { path: 'package.json', contents: '{"name":"x","files":["dist"]}' },
      { path: 'notes.txt', contents: 'left as it is\r\n' },
    ];
    const parallel = await formatFiles(jobs, { minParallelBytes: 0 });
    const serial = await Promise.all(jobs.map((job) => formatFile(job)));
    expect(parallel.map((result) => (result.status === 'fulfilled' ? result.value : result.reason))).toEqual(serial);
  });

  it('reports a file prettier cannot parse, and still formats the others', async () => {
    const jobs = [
      { path: 'src/ok.ts', contents: bigSource(2_000, 'ok') },
      { path: 'src/broken.ts', contents: 'export const = ;' },
    ];
    const [ok, broken] = await formatFiles(jobs, { minParallelBytes: 0 });
    expect(ok?.status).toBe('fulfilled');
    expect(broken?.status).toBe('rejected');
  });
});
