/**
 * A body that fails when the server stops sending without closing: each read must bring bytes
 * within `idleMs` (an SSE comment, a keep-alive, counts: it proves the connection alive). The
 * original body is cancelled, so the connection is closed rather than left hanging.
 */

/** `body`, erroring with `idle()` when no chunk arrives within `idleMs` of asking for one. */
export function withIdleTimeout(
  body: ReadableStream<Uint8Array>,
  idleMs: number,
  idle: () => Error,
): ReadableStream<Uint8Array> {
  const reader = body.getReader();
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      let timer: ReturnType<typeof setTimeout> | undefined;
      const timedOut = new Promise<'idle'>((resolve) => {
        timer = setTimeout(() => resolve('idle'), idleMs);
      });
      try {
        const next = await Promise.race([reader.read(), timedOut]);
        if (next === 'idle') {
          await reader.cancel().catch(() => {});
          controller.error(idle());
        } else if (next.done) controller.close();
        else controller.enqueue(next.value);
      } catch (error) {
        controller.error(error);
      } finally {
        clearTimeout(timer);
      }
    },
    cancel: (reason) => reader.cancel(reason),
  });
}
