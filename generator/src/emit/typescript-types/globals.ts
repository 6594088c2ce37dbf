/**
 * TypeScript's global types that the printed file refers to (`Record<string, never>`, `Omit<…>`):
 * a named export of that name would shadow the global in the whole module (`export type Record =
 * …` makes every `Record<…>` TS2315), so a component of that name is reached through `components`
 * only. The verify check's reduced library keeps them (`verify/library.ts`).
 */
export const GLOBALS_REFERRED_TO: ReadonlySet<string> = new Set(['Record', 'Omit']);
