/**
 * The declarations the client and the definitions write beside their imports, as data, and
 * their one printer: a type alias, an interface, a function or a const, each with its doc
 * comment. What a declaration holds of a spec arrives escaped by the code that built it (types
 * and initializers from the printers of `literal.ts` and `identifiers.ts`, doc lines from
 * `commentText` / `jsDocLines`); the printer checks the names, which come from zapgen's own
 * naming (`operation-names.ts`), and quotes a property key that is not an identifier, so nothing
 * of a spec can become code here. The layout is the formatter's (`write/format.ts`); the
 * printer writes one statement per declaration, a blank line apart (`module.ts`).
 */
import { commentText, jsDocComment } from './jsdoc.js';
import { isIdentifier, propertyKey } from './identifiers.js';

interface Documented {
  name: string;
  exported?: boolean;
  /** Lines of the doc comment, escaped (`commentText`, `jsDocLines`). */
  docs?: readonly string[];
}

/** A parameter of a function: `name?: type = initializer`. */
export interface Parameter {
  name: string;
  type: string;
  optional?: boolean;
  initializer?: string;
}

export type Declaration =
  | (Documented & { kind: 'type'; type: string })
  | (Documented & {
      kind: 'interface';
      extends?: readonly string[];
      properties: readonly (Documented & { type: string; optional?: boolean })[];
      /**
       * Members printed already, after the properties (method signatures, properties whose type
       * is a nested type literal), each with its doc comment and escaped by the code that built it.
       */
      members?: readonly string[];
    })
  | (Documented & {
      kind: 'function';
      async?: boolean;
      /** A comment before the doc comment, such as `/* @__NO_SIDE_EFFECTS__ *\/`. */
      annotation?: string;
      typeParameters?: readonly { name: string; constraint?: string; default?: string }[];
      parameters: readonly Parameter[];
      returnType?: string;
      /** The statements of its body. */
      body: readonly string[];
    })
  | (Documented & { kind: 'const'; type?: string; initializer: string });

/** A doc comment of `lines`, one line on one line; a line holding line breaks is several. */
function docComment(lines: readonly string[] | undefined): string {
  return jsDocComment(
    (lines ?? []).flatMap((line) => commentText(line).split('\n')),
    {
      compact: true,
    },
  );
}

/** A declared name: an identifier, or a bug of zapgen. */
function checked(name: string): string {
  if (!isIdentifier(name)) throw new Error(`not a declarable name: ${JSON.stringify(name)}`);
  return name;
}

/** A comment that a declaration carries before its doc: one comment, on its own line. */
function annotation(text: string | undefined): string {
  if (text === undefined) return '';
  if (!/^\/\*(?:(?!\*\/)[^\n])*\*\/$/.test(text)) throw new Error(`not one comment: ${text}`);
  return `${text}\n`;
}

function parameter({ name, type, optional, initializer }: Parameter): string {
  return `${checked(name)}${optional ? '?' : ''}: ${type}${initializer === undefined ? '' : ` = ${initializer}`}`;
}

function typeParameters(declaration: Extract<Declaration, { kind: 'function' }>): string {
  const parameters = declaration.typeParameters ?? [];
  if (!parameters.length) return '';
  const printed = parameters.map(
    (parameter) =>
      `${checked(parameter.name)}${parameter.constraint ? ` extends ${parameter.constraint}` : ''}${parameter.default ? ` = ${parameter.default}` : ''}`,
  );
  return `<${printed.join(', ')}>`;
}

/** The text of a declaration with its doc comment, without a trailing newline. */
export function printDeclaration(declaration: Declaration): string {
  const doc = docComment(declaration.docs);
  const exported = declaration.exported ? 'export ' : '';
  const name = checked(declaration.name);
  switch (declaration.kind) {
    case 'type':
      return `${doc}${exported}type ${name} = ${declaration.type};`;
    case 'interface': {
      const heritage = declaration.extends?.length
        ? ` extends ${declaration.extends.join(', ')}`
        : '';
      const members = declaration.properties.map(
        (property) =>
          `${docComment(property.docs)}${propertyKey(property.name)}${property.optional ? '?' : ''}: ${property.type};\n`,
      );
      const printed = (declaration.members ?? []).map((member) => `${member};\n`);
      return `${doc}${exported}interface ${name}${heritage} {\n${[...members, ...printed].join('')}}`;
    }
    case 'function': {
      const signature = `${exported}${declaration.async ? 'async ' : ''}function ${name}${typeParameters(declaration)}(${declaration.parameters.map(parameter).join(', ')})${declaration.returnType ? `: ${declaration.returnType}` : ''}`;
      return `${annotation(declaration.annotation)}${doc}${signature} {\n${declaration.body.join('\n')}\n}`;
    }
    case 'const':
      return `${doc}${exported}const ${name}${declaration.type ? `: ${declaration.type}` : ''} = ${declaration.initializer};`;
  }
}
