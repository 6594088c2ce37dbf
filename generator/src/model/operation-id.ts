/** operationIds for operations whose spec gives none. */

/** `get` + `/pets/{petId}` → `getPetsPetId`: the method, then each word of the path capitalised. */
export function derivedOperationId({ method, path }: { method: string; path: string }): string {
  const words = path.split(/[^\p{L}\p{N}]+/u).filter(Boolean);
  return method + words.map((word) => word.charAt(0).toUpperCase() + word.slice(1)).join('');
}

/** `candidate`, or `candidate2`, `candidate3`, ... : the first not in `taken` (which it joins). */
export function uniqueId({ candidate, taken }: { candidate: string; taken: Set<string> }): string {
  let id = candidate;
  for (let suffix = 2; taken.has(id); suffix += 1) id = `${candidate}${suffix}`;
  taken.add(id);
  return id;
}
