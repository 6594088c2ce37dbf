/**
 * How the emitters that build modules from statement structures (the client, the definitions)
 * print them with ts-morph: one in-memory project, imports first, each statement as written.
 */
import { Node, Project, type StatementStructures } from 'ts-morph';

/** ts-morph wants JSDoc as text without the comment markers. */
export function docs(lines: string[]): { description: string }[] {
  return lines.length ? [{ description: lines.join('\n') }] : [];
}

/** The text of a module of `statements`: its imports, then its other statements a blank line apart. */
export function moduleText(statements: StatementStructures[]): string {
  const project = new Project({ useInMemoryFileSystem: true });
  const file = project.createSourceFile('module.ts', { statements });
  const imports = file.getImportDeclarations().map((statement) => statement.getText());
  const rest = file
    .getStatements()
    .filter((statement) => !Node.isImportDeclaration(statement))
    .map((statement) => statement.getFullText().trimStart());
  return `${[imports.join('\n'), ...rest].join('\n\n')}\n`;
}
