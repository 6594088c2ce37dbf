/**
 * Compares the operations of two models: matched by method and path (path parameter names do
 * not count), then by operationId for one that moved. Their parameters, bodies, responses,
 * security and `x-zapgen-*` rules are compared; schemas go to the `SchemaComparer`.
 */
import { joinPointer, operationPointer } from '../json/pointer.js';
import { essence, isSuccess } from '../model/media-types.js';
import { compareCodePoints } from '../model/order.js';
import type {
  MediaTypeModel,
  OperationModel,
  ParameterModel,
  ResponseModel,
  SecurityRequirementModel,
} from '../model/types.js';
import type { ChangeCollector } from './changes.js';
import { jsonEqual } from '../json/value.js';
import { canonical, plural, quote, SchemaComparer, type At } from './schemas.js';

/** `/pets/{petId}` and `/pets/{id}` are the same route. */
export function routeKey(operation: Pick<OperationModel, 'method' | 'path'>): string {
  return `${operation.method} ${operation.path.replace(/\{[^}]*\}/g, '{}')}`;
}

/** `getPet (GET /pets/{petId})`. */
function label(operation: OperationModel): string {
  return `${operation.operationId} (${operation.method.toUpperCase()} ${operation.path})`;
}

export class OperationComparer {
  readonly #changes: ChangeCollector;
  readonly #schemas: SchemaComparer;

  constructor({ changes, schemas }: { changes: ChangeCollector; schemas: SchemaComparer }) {
    this.#changes = changes;
    this.#schemas = schemas;
  }

  /** Compares every operation; returns nothing, changes go to the collector. */
  compareAll({
    base,
    revision,
    unchanged = () => false,
  }: {
    base: readonly OperationModel[];
    revision: readonly OperationModel[];
    /**
     * True when two matched operations are the same, with every schema they reach: comparing
     * them would find nothing and link only pairs of schemas that are the same too.
     */
    unchanged?: (before: OperationModel, after: OperationModel) => boolean;
  }): void {
    const byRoute = new Map(revision.map((operation) => [routeKey(operation), operation]));
    const matched = new Map<OperationModel, OperationModel>();
    const unmatchedBase: OperationModel[] = [];
    for (const operation of base) {
      const found = byRoute.get(routeKey(operation));
      if (found) {
        byRoute.delete(routeKey(operation));
        matched.set(operation, found);
      } else {
        unmatchedBase.push(operation);
      }
    }
    // An operation that kept its id but not its route moved.
    const movedCandidates = new Map(
      [...byRoute.values()].map((operation) => [operation.operationId, operation]),
    );
    for (const operation of unmatchedBase) {
      const moved = operation.operationIdDerived
        ? undefined
        : movedCandidates.get(operation.operationId);
      if (moved && !moved.operationIdDerived) {
        movedCandidates.delete(operation.operationId);
        byRoute.delete(routeKey(moved));
        matched.set(operation, moved);
        continue;
      }
      const owner = `operation:${operation.operationId}`;
      this.#changes.add({
        owner,
        rule: 'operation-removed',
        message: `${label(operation)} removed`,
        pointer: operationPointer(operation),
      });
      this.#changes.attribute({ owner, operationId: operation.operationId });
    }
    for (const operation of byRoute.values()) {
      const owner = `operation:${operation.operationId}`;
      this.#changes.add({
        owner,
        rule: 'operation-added',
        message: `${label(operation)} added`,
        pointer: operationPointer(operation),
      });
      this.#changes.attribute({ owner, operationId: operation.operationId });
    }
    for (const [before, after] of matched) {
      if (unchanged(before, after)) continue;
      const owner = `operation:${after.operationId}`;
      this.#operation({ before, after, owner });
      this.#changes.attribute({ owner, operationId: after.operationId });
    }
  }

  #add({
    owner,
    rule,
    message,
    pointer,
  }: {
    owner: string;
    rule: string;
    message: string;
    pointer: string;
  }): void {
    this.#changes.add({ owner, rule, message, pointer });
  }

  #operation({
    before,
    after,
    owner,
  }: {
    before: OperationModel;
    after: OperationModel;
    owner: string;
  }): void {
    const pointer = operationPointer(after);
    const name = after.operationId;
    const add = (rule: string, message: string, at = pointer) =>
      this.#add({ owner, rule, message: `${name}: ${message}`, pointer: at });
    if (routeKey({ ...before, method: after.method }) !== routeKey(after))
      add('operation-path-changed', `path ${before.path} → ${after.path}`);
    if (before.method !== after.method)
      add(
        'operation-method-changed',
        `method ${before.method.toUpperCase()} → ${after.method.toUpperCase()}`,
      );
    if (before.operationId !== after.operationId) {
      add(
        'operation-id-changed',
        `operationId ${quote(before.operationId)} → ${quote(after.operationId)}${after.operationIdDerived ? ' (derived from the method and path: give the operation an operationId)' : ''}`,
      );
    }
    if (before.deprecated !== after.deprecated)
      add('deprecated', after.deprecated ? 'deprecated' : 'no longer deprecated');
    const documentation = (['summary', 'description', 'tags'] as const).filter(
      (key) => !jsonEqual(before[key] ?? null, after[key] ?? null),
    );
    if (documentation.length) add('documentation-changed', `${documentation.join(', ')} changed`);
    this.#parameters({ before, after, owner });
    this.#requestBody({ before, after, owner });
    this.#responses({ before, after, owner });
    this.#security({ before: before.security, after: after.security, owner, name, pointer });
    this.#extensions({ before, after, add });
  }

  #parameters({
    before,
    after,
    owner,
  }: {
    before: OperationModel;
    after: OperationModel;
    owner: string;
  }): void {
    const key = (parameter: ParameterModel) =>
      `${parameter.in}:${parameter.in === 'header' ? parameter.name.toLowerCase() : parameter.name}`;
    const previous = new Map(before.parameters.map((parameter) => [key(parameter), parameter]));
    const operationAt = operationPointer(after);
    const name = after.operationId;
    for (const parameter of after.parameters) {
      const old = previous.get(key(parameter));
      previous.delete(key(parameter));
      const subject = `${name} ${parameter.in} parameter ${quote(parameter.name)}`;
      const at = parameterPointer(parameter);
      const add = (rule: string, message: string) =>
        this.#add({ owner, rule, message: `${subject}: ${message}`, pointer: at });
      if (!old) {
        add(
          parameter.required ? 'required-parameter-added' : 'optional-parameter-added',
          `${parameter.required ? 'required' : 'optional'} parameter added`,
        );
        continue;
      }
      if (old.required !== parameter.required)
        add(
          parameter.required ? 'parameter-became-required' : 'parameter-became-optional',
          `became ${parameter.required ? 'required' : 'optional'}`,
        );
      if (old.deprecated !== parameter.deprecated)
        add('deprecated', parameter.deprecated ? 'deprecated' : 'no longer deprecated');
      const serialization = (
        [
          'style',
          'explode',
          'allowReserved',
          'allowEmptyValue',
          'contentType',
          'keyPrefix',
        ] as const
      ).filter((field) => old[field] !== parameter[field]);
      if (serialization.length)
        add(
          'parameter-serialization-changed',
          serialization
            .map(
              (field) =>
                `${field} ${String(old[field] ?? 'none')} → ${String(parameter[field] ?? 'none')}`,
            )
            .join(', '),
        );
      const documentation = (['description', 'example'] as const).filter(
        (field) => !jsonEqual(old[field] ?? null, parameter[field] ?? null),
      );
      if (documentation.length) add('documentation-changed', `${documentation.join(', ')} changed`);
      this.#schemas.compare(old.schema, parameter.schema, {
        subject,
        base: old.pointer,
        revision: parameter.pointer,
        owner,
        direction: 'request',
      });
    }
    for (const old of previous.values()) {
      this.#add({
        owner,
        rule: 'parameter-removed',
        message: `${name} ${old.in} parameter ${quote(old.name)}: removed`,
        pointer: joinPointer({ pointer: operationAt, keys: ['parameters'] }),
      });
    }
  }

  #requestBody({
    before,
    after,
    owner,
  }: {
    before: OperationModel;
    after: OperationModel;
    owner: string;
  }): void {
    const name = after.operationId;
    const at = joinPointer({ pointer: operationPointer(after), keys: ['requestBody'] });
    const add = (rule: string, message: string) =>
      this.#add({ owner, rule, message: `${name} request body: ${message}`, pointer: at });
    const [old, body] = [before.requestBody, after.requestBody];
    if (!old && !body) return;
    if (!old)
      return add(
        body!.required ? 'required-request-body-added' : 'optional-request-body-added',
        `${body!.required ? 'required' : 'optional'} body added`,
      );
    if (!body) return add('request-body-removed', 'removed');
    if (old.required !== body.required)
      add(
        body.required ? 'request-body-became-required' : 'request-body-became-optional',
        `became ${body.required ? 'required' : 'optional'}`,
      );
    if (!jsonEqual(old.description ?? null, body.description ?? null))
      add('documentation-changed', 'description changed');
    this.#content({
      before: old.content,
      after: body.content,
      owner,
      subject: `${name} request body`,
      direction: 'request',
      pointer: joinPointer({ pointer: at, keys: ['content'] }),
    });
  }

  #responses({
    before,
    after,
    owner,
  }: {
    before: OperationModel;
    after: OperationModel;
    owner: string;
  }): void {
    const name = after.operationId;
    const previous = new Map(
      before.responses.map((response) => [response.status.toUpperCase(), response]),
    );
    const responsesAt = joinPointer({ pointer: operationPointer(after), keys: ['responses'] });
    for (const response of after.responses) {
      const old = previous.get(response.status.toUpperCase());
      previous.delete(response.status.toUpperCase());
      const at = joinPointer({ pointer: responsesAt, keys: [response.status] });
      const subject = `${name} response ${response.status}`;
      if (!old) {
        this.#add({ owner, rule: 'response-added', message: `${subject}: added`, pointer: at });
        continue;
      }
      if (old.description !== response.description)
        this.#add({
          owner,
          rule: 'documentation-changed',
          message: `${subject}: description changed`,
          pointer: at,
        });
      this.#content({
        before: old.content,
        after: response.content,
        owner,
        subject,
        direction: 'response',
        pointer: joinPointer({ pointer: at, keys: ['content'] }),
      });
      this.#headers({ before: old, after: response, owner, subject, pointer: at });
    }
    for (const old of previous.values()) {
      const success = isSuccess(old.status);
      this.#add({
        owner,
        rule: success ? 'success-response-removed' : 'error-response-removed',
        message: `${name} response ${old.status}: removed`,
        pointer: responsesAt,
      });
    }
  }

  #headers({
    before,
    after,
    owner,
    subject,
    pointer,
  }: {
    before: ResponseModel;
    after: ResponseModel;
    owner: string;
    subject: string;
    pointer: string;
  }): void {
    const previous = new Map(before.headers.map((header) => [header.name.toLowerCase(), header]));
    for (const header of after.headers) {
      const old = previous.get(header.name.toLowerCase());
      previous.delete(header.name.toLowerCase());
      const at = joinPointer({ pointer, keys: ['headers', header.name] });
      const headerSubject = `${subject} header ${quote(header.name)}`;
      if (!old) {
        this.#add({
          owner,
          rule: 'response-header-added',
          message: `${headerSubject}: added`,
          pointer: at,
        });
        continue;
      }
      if (old.required !== header.required) {
        this.#add({
          owner,
          rule: header.required
            ? 'response-header-became-required'
            : 'response-header-became-optional',
          message: `${headerSubject}: became ${header.required ? 'required' : 'optional'}`,
          pointer: at,
        });
      }
      if (!jsonEqual(old.description ?? null, header.description ?? null))
        this.#add({
          owner,
          rule: 'documentation-changed',
          message: `${headerSubject}: description changed`,
          pointer: at,
        });
      const schemaAt = joinPointer({ pointer: at, keys: ['schema'] });
      this.#schemas.compare(old.schema, header.schema, {
        subject: headerSubject,
        base: schemaAt,
        revision: schemaAt,
        owner,
        direction: 'response',
      });
    }
    for (const old of previous.values()) {
      this.#add({
        owner,
        rule: 'response-header-removed',
        message: `${subject} header ${quote(old.name)}: removed`,
        pointer,
      });
    }
  }

  /** The media types of a body or response: matched by type (case and parameters aside). */
  #content({
    before,
    after,
    owner,
    subject,
    direction,
    pointer,
  }: {
    before: MediaTypeModel[];
    after: MediaTypeModel[];
    owner: string;
    subject: string;
    direction: 'request' | 'response';
    pointer: string;
  }): void {
    const key = (media: MediaTypeModel) => essence(media.mediaType);
    const previous = new Map(before.map((media) => [key(media), media]));
    const several = before.length > 1 || after.length > 1;
    for (const media of after) {
      const old = previous.get(key(media));
      previous.delete(key(media));
      const mediaSubject = several ? `${subject} (${media.mediaType})` : subject;
      if (!old) {
        this.#add({
          owner,
          rule: `${direction}-media-type-added`,
          message: `${subject}: media type ${media.mediaType} added`,
          pointer: joinPointer({ pointer, keys: [media.mediaType] }),
        });
        continue;
      }
      if (!jsonEqual(old.examples, media.examples))
        this.#add({
          owner,
          rule: 'documentation-changed',
          message: `${mediaSubject}: examples changed`,
          pointer: joinPointer({ pointer, keys: [media.mediaType] }),
        });
      const at: At = {
        subject: mediaSubject,
        base: old.pointer,
        revision: media.pointer,
        owner,
        direction,
      };
      this.#schemas.compare(old.schema, media.schema, at);
    }
    for (const old of previous.values()) {
      this.#add({
        owner,
        rule: `${direction}-media-type-removed`,
        message: `${subject}: media type ${old.mediaType} removed`,
        pointer,
      });
    }
  }

  /**
   * Security: every set of credentials that satisfied an old requirement must satisfy a new one,
   * or the change is tightened. A requirement needing no scheme (`{}`, or no security) is met by
   * any caller.
   */
  #security({
    before,
    after,
    owner,
    name,
    pointer,
  }: {
    before: SecurityRequirementModel[];
    after: SecurityRequirementModel[];
    owner: string;
    name: string;
    pointer: string;
  }): void {
    if (jsonEqual(normalSecurity(before), normalSecurity(after))) return;
    const oldOptions = normalSecurity(before);
    const newOptions = normalSecurity(after);
    const lost = oldOptions.filter(
      (option) => !newOptions.some((candidate) => satisfiedBy(candidate, option)),
    );
    const show = (options: SecurityRequirementModel[]) =>
      options
        .map((option) =>
          option.length
            ? option
                .map((entry) =>
                  entry.scopes.length
                    ? `${entry.scheme} [${entry.scopes.join(', ')}]`
                    : entry.scheme,
                )
                .join(' + ')
            : 'none',
        )
        .join(' or ');
    const at = joinPointer({ pointer, keys: ['security'] });
    if (lost.length) {
      this.#add({
        owner,
        rule: 'security-tightened',
        message: `${name}: security ${show(oldOptions)} → ${show(newOptions)} (${show(lost)} no longer enough)`,
        pointer: at,
      });
    } else {
      this.#add({
        owner,
        rule: 'security-loosened',
        message: `${name}: security ${show(oldOptions)} → ${show(newOptions)}`,
        pointer: at,
      });
    }
  }

  #extensions({
    before,
    after,
    add,
  }: {
    before: OperationModel;
    after: OperationModel;
    add: (rule: string, message: string) => void;
  }): void {
    for (const feature of ['pagination', 'polling'] as const) {
      const [old, now] = [before.extensions[feature], after.extensions[feature]];
      if (!old && now) add(`${feature}-added`, `x-zapgen-${feature} added`);
      else if (old && !now) add(`${feature}-removed`, `x-zapgen-${feature} removed`);
      else if (old && now && !jsonEqual(old, now))
        add(`${feature}-changed`, `x-zapgen-${feature} changed`);
    }
    const oldRules = new Set(
      before.extensions.rules.map((rule) => canonical({ ...rule, description: undefined })),
    );
    const newRules = new Set(
      after.extensions.rules.map((rule) => canonical({ ...rule, description: undefined })),
    );
    const added = [...newRules].filter((rule) => !oldRules.has(rule));
    const removed = [...oldRules].filter((rule) => !newRules.has(rule));
    if (added.length)
      add(
        'parameter-rule-added',
        `${plural(added.length, 'x-zapgen-rules rule')} added: ${added.map(describeRule).join('; ')}`,
      );
    if (removed.length)
      add(
        'parameter-rule-removed',
        `${plural(removed.length, 'x-zapgen-rules rule')} removed: ${removed.map(describeRule).join('; ')}`,
      );
    const other = (['stability', 'cache'] as const).filter(
      (key) => !jsonEqual(before.extensions[key] ?? null, after.extensions[key] ?? null),
    );
    if (other.length)
      add(
        'operation-extension-changed',
        `${other.map((key) => `x-zapgen-${key}`).join(', ')} changed`,
      );
  }
}

/** Where a parameter is: its schema pointer without the trailing `/schema` (or `/content/...`). */
function parameterPointer(parameter: ParameterModel): string {
  return parameter.pointer.replace(/\/(schema|content\/.*)$/, '');
}

/** Requirements as sorted alternatives; no security at all is one alternative needing nothing. */
function normalSecurity(requirements: SecurityRequirementModel[]): SecurityRequirementModel[] {
  const options = requirements.length ? requirements : [[]];
  return options
    .map((option) =>
      option
        .map((entry) => ({
          scheme: entry.scheme,
          scopes: [...new Set(entry.scopes)].sort(compareCodePoints),
        }))
        .sort((a, b) => compareCodePoints(a.scheme, b.scheme)),
    )
    .sort((a, b) => compareCodePoints(canonical(a), canonical(b)));
}

/** True when credentials meeting `held` also meet `needed`: each needed scheme held, with its scopes. */
function satisfiedBy(needed: SecurityRequirementModel, held: SecurityRequirementModel): boolean {
  return needed.every((entry) => {
    const match = held.find((candidate) => candidate.scheme === entry.scheme);
    return match !== undefined && entry.scopes.every((scope) => match.scopes.includes(scope));
  });
}

function describeRule(rule: string): string {
  const parsed = JSON.parse(rule) as {
    kind: string;
    parameters?: { name: string }[];
    if?: { name: string };
    then?: { name: string }[];
  };
  if (parsed.kind === 'mutuallyExclusive')
    return `${(parsed.parameters ?? []).map((parameter) => parameter.name).join(' and ')} cannot both be set`;
  return `${parsed.if?.name ?? '?'} needs ${(parsed.then ?? []).map((parameter) => parameter.name).join(' and ')}`;
}
