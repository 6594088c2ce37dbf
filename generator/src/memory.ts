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

/**
 * Between two emitters of a large run: the heap in use above which, and the growth since the last
 * collection beyond which, the garbage of the emitters so far is collected before the next runs.
 * V8 collected the old generation once in GitHub's whole emit phase, which left it holding the
 * garbage of every emitter (460 MB in use, 190 MB live) while the verify worker's heap was alive:
 * the peak of the run. The growth bounds the collections to a few (about 0.1 s each).
 */
export const EMITTER_HEAP = { aboveBytes: 192 * 1024 * 1024, grownBytes: 128 * 1024 * 1024 };

let gc: (() => void) | undefined;
/** The heap in use after the last collection here. */
let inUseAfterLast = 0;

/**
 * Collects garbage when more than `aboveBytes` of the heap is in use and, with `grownBytes`, the
 * heap in use has grown by more than that since the last collection here.
 */
export function collectGarbage({
  aboveBytes,
  grownBytes = 0,
}: {
  aboveBytes: number;
  grownBytes?: number;
}): void {
  const inUse = process.memoryUsage().heapUsed;
  if (inUse < aboveBytes || inUse - inUseAfterLast < grownBytes) return;
  if (gc === undefined) {
    v8.setFlagsFromString('--expose-gc');
    gc = vm.runInNewContext('gc') as () => void;
  }
  gc();
  inUseAfterLast = process.memoryUsage().heapUsed;
}
