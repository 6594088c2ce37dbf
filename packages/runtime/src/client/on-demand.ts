/**
 * A module the runtime loads the first time a call needs it (`import()`): the stream reader, the
 * redirect follower, pagination and polling. A client whose calls never need one never loads it,
 * and a bundler splitting code leaves it out of what loads at once. Loaded once; a failed load
 * (a chunk offline) rejects that call and is tried again by the next.
 */
export function onDemand<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | undefined;
  return () =>
    (loading ??= load().catch((error: unknown) => {
      loading = undefined;
      throw error;
    }));
}
