/**
 * A full garbage collection between the phases of a large run. V8 lets its heap grow to a multiple
 * of what is live before it collects, so the garbage of one phase (the type checker's programs over
 * GitHub's fixtures: hundreds of MB) was still held while the next (the formatter) allocated: the
 * peak memory of a run was their sum. A collection costs about 0.1 s on such a heap and runs only
 * when the heap is that large; small specs never pay for it.
 *
 * `gc` is exposed the way jest's leak detector does it: the flag, then a new context that has it.
 */
import v8 from 'node:v8';
import vm from 'node:vm';

/** Heap in use above which a phase collects its garbage before the next starts. */
export const LARGE_HEAP = 512 * 1024 * 1024;

/**
 * Heap in use above which a run collects once more before it formats. When the emitters and the
 * verify phase are done, most of the heap is garbage (GitHub's spec: 460 MB in use, 212 MB after
 * a collection), and V8 would not have collected it before the formatter's own memory came on
 * top: the peak of the run. About 0.2 s on such a heap; small specs stay below and never pay.
 */
export const HEAP_BEFORE_FORMAT = 128 * 1024 * 1024;

let gc: (() => void) | undefined;

/** Collects garbage when more than `aboveBytes` of the heap is in use. */
export function collectGarbage({ aboveBytes }: { aboveBytes: number }): void {
  if (process.memoryUsage().heapUsed < aboveBytes) return;
  if (gc === undefined) {
    v8.setFlagsFromString('--expose-gc');
    gc = vm.runInNewContext('gc') as () => void;
  }
  gc();
}
