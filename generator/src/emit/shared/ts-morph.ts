/**
 * How the emitters that build declarations from statement structures (the client, the
 * definitions) print them with ts-morph: one in-memory project, each statement as written. The
 * module around them (imports, re-exports, blank lines) is the module builder's, as for every
 * other emitter.
 */
import { Project, type StatementStructures } from 'ts-morph';
import type { ModuleBuilder } from './module.js';

/** ts-morph wants JSDoc as text without the comment markers. */
export function docs(lines: string[]): { description: string }[] {
  return lines.length ? [{ description: lines.join('\n') }] : [];
}

/** The text of `module` with `statements` (declarations, not imports) printed by ts-morph. */
export function moduleText(module: ModuleBuilder, statements: StatementStructures[]): string {
  const project = new Project({ useInMemoryFileSystem: true });
  const file = project.createSourceFile('module.ts', { statements });
  return module.text(file.getStatements().map((statement) => statement.getFullText().trimStart()));
}
