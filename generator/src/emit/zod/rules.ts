import type { OperationModel, ParameterRef, ParameterRule } from '../../model/types.js';
import { stringLiteral } from '../shared/identifiers.js';
import type { ZodContext } from './context.js';
import type { Check } from './flavour.js';

/** `a`, `a and b`, `a, b and c`. */
function listing(names: readonly string[]): string {
  return names.length <= 1
    ? (names[0] ?? '')
    : `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
}

function access(ref: ParameterRef): string {
  return `value.${ref.in}?.[${stringLiteral(ref.name)}]`;
}

function issue(ref: ParameterRef, message: string): string {
  return `ctx.addIssue({ code: 'custom', path: [${stringLiteral(ref.in)}, ${stringLiteral(ref.name)}], message: ${stringLiteral(message)} });`;
}

/** The statements checking one rule inside `superRefine((value, ctx) => { ... })`. */
function ruleStatements(rule: ParameterRule): string {
  if (rule.kind === 'mutuallyExclusive') {
    const names = rule.parameters.map((ref) => ref.name);
    const message =
      names.length === 2
        ? `${listing(names)} cannot both be set`
        : `at most one of ${listing(names)} may be set`;
    if (rule.parameters.length === 2) {
      const [first, second] = rule.parameters as [ParameterRef, ParameterRef];
      return `if (isSet(${access(first)}) && isSet(${access(second)})) ${issue(second, message)}`;
    }
    // The issue goes on the last parameter that is set: the one that breaks the rule.
    const entries = rule.parameters.map(
      (ref) => `[${stringLiteral(ref.in)}, ${stringLiteral(ref.name)}, isSet(${access(ref)})]`,
    );
    return [
      `{`,
      `  const given = ([${entries.join(', ')}] as const).filter(([, , isGiven]) => isGiven);`,
      `  const [location, name] = given[given.length - 1] ?? [];`,
      `  if (given.length > 1 && location && name) ctx.addIssue({ code: 'custom', path: [location, name], message: ${stringLiteral(message)} });`,
      `}`,
    ].join('\n');
  }
  return rule.then
    .map(
      (ref) =>
        `if (isSet(${access(rule.if)}) && !isSet(${access(ref)})) ${issue(ref, `${ref.name} is required when ${rule.if.name} is given`)}`,
    )
    .join('\n');
}

/** Whether every parameter a rule names exists on the operation (the validator checks this too). */
function ruleResolves(rule: ParameterRule, operation: OperationModel): boolean {
  const refs = rule.kind === 'mutuallyExclusive' ? rule.parameters : [rule.if, ...rule.then];
  return refs.every((ref) =>
    operation.parameters.some(
      (parameter) => parameter.in === ref.in && parameter.name === ref.name,
    ),
  );
}

/**
 * The `superRefine` check enforcing the operation's `x-zapgen-rules`, or none when it has none.
 * Each issue's path is `[location, parameterName]` and its message names the parameters.
 */
export function rulesRefinement({
  operation,
  context,
}: {
  operation: OperationModel;
  context: Pick<ZodContext, 'useHelper'>;
}): Check[] {
  const rules = operation.extensions.rules;
  if (!rules.length) return [];
  context.useHelper('isSet');
  const statements = rules.map((rule) =>
    ruleResolves(rule, operation)
      ? ruleStatements(rule)
      : '// An x-zapgen-rules entry names a parameter this operation does not have: not enforced.',
  );
  return [{ kind: 'superRefine', args: `(value, ctx) => {\n${statements.join('\n')}\n}` }];
}
