/** Whether JavaScript can compile a spec's pattern with the `u` flag (as ajv does); specs hold PCRE-only ones. */
export function compiles(pattern: string): boolean {
  try {
    new RegExp(pattern, 'u');
    return true;
  } catch {
    return false;
  }
}
