/** A tool's flat input turned into the operation's call arguments, and call issues named back as tool arguments. */
import type { OperationArgs } from '../definition.js';
import { formatPath, type ValidationIssue } from '../errors.js';
import { ownValue, setOwn } from '../own.js';
import type { ToolArgument, ToolDefinition } from './definition.js';

/** The call arguments, or why the input cannot be read as the tool's arguments. */
export function operationArguments(
  tool: ToolDefinition,
  input: Record<string, unknown> | undefined,
): { args: OperationArgs } | { problem: string } {
  const given = input ?? {};
  const known = new Map(tool.arguments.map((argument) => [argument.name, argument]));
  const unknown = Object.keys(given).filter((name) => !known.has(name));
  if (unknown.length)
    return {
      problem: `unknown argument${unknown.length === 1 ? '' : 's'} ${unknown.map((name) => JSON.stringify(name)).join(', ')}; ${tool.name} takes ${tool.arguments.length ? tool.arguments.map((argument) => argument.name).join(', ') : 'no arguments'}`,
    };
  const args: Record<string, Record<string, unknown> | unknown> = {};
  for (const [name, value] of Object.entries(given)) {
    const argument = known.get(name)!;
    // `null` for an optional argument that cannot be null is how many agents say "not given".
    if (value === undefined || (value === null && !argument.nullable && !isRequired(tool, name)))
      continue;
    if (argument.in !== 'body') {
      const group = (ownValue(args, argument.in) ?? {}) as Record<string, unknown>;
      setOwn(group, argument.parameter, value);
      args[argument.in] = group;
    } else if (argument.property === undefined) args.body = value;
    else {
      const body = (args.body ?? {}) as Record<string, unknown>;
      setOwn(body, argument.property, value);
      args.body = body;
    }
  }
  // A required body spread over arguments is checked property by property, named as arguments.
  if (
    args.body === undefined &&
    tool.operation.requestBody?.required &&
    tool.arguments.some((argument) => argument.in === 'body' && argument.property !== undefined)
  )
    args.body = {};
  return { args: args as OperationArgs };
}

function isRequired(tool: ToolDefinition, name: string): boolean {
  return tool.input.required.includes(name);
}

/** Where a call's validation issue is, as the tool's arguments name it: `per_page`, `items[0].name`. */
export function argumentPath(tool: ToolDefinition, issue: ValidationIssue): string {
  const [location, name, ...rest] = issue.path;
  const matches = (argument: ToolArgument) =>
    argument.in === 'body'
      ? location === 'body' && (argument.property === undefined || argument.property === name)
      : argument.in === location && argument.parameter === name;
  const argument = tool.arguments.find(matches);
  if (argument === undefined) return issue.parameter;
  if (argument.in === 'body' && argument.property === undefined)
    return name === undefined ? argument.name : formatPath([argument.name, name, ...rest]);
  return formatPath([argument.name, ...rest]);
}
