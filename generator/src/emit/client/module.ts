import { Node, Project, type StatementStructures } from 'ts-morph';

/** ts-morph wants JSDoc as text without the comment markers. */
export function docs(lines: string[]): { description: string }[] {
  return lines.length ? [{ description: lines.join('\n') }] : [];
}

/** Prints statements as one module: imports together, one blank line between declarations. */
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
