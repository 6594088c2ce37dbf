/**
 * `diffModels`: every change between two versions of an API, classified by what it does to code
 * that uses the generated package (see `rules.ts`).
 */
import type { ApiModel, NamedSchema, SecuritySchemeModel } from '../model/types.js';
import type { TransformersConfig } from '../config/types.js';
import { ChangeCollector, type Change } from './changes.js';
import { Locator } from './locate.js';
import { OperationComparer } from './operations.js';
import { maxLevel, type Level } from './rules.js';
import { jsonEqual } from '../json/value.js';
import { quote, SchemaComparer, type SchemaSide } from './schemas.js';
import { joinPointer } from '../json/pointer.js';
import type { ReadWriteMode } from '../model/read-write.js';
import { SameClosures } from '../model/closure.js';

/** The root key zapgen adds to the `openapi.json` it writes; not part of the spec. */
export const GENERATED_BY_KEY = 'x-generated-by';

/** Every change from `base` to `revision`, breaking first. */
export function diffModels({
  base,
  revision,
  readWrite,
  transformers,
  skipSame = true,
}: {
  base: ApiModel;
  revision: ApiModel;
  /** `'split'`: readOnly properties are compared in responses only, writeOnly ones in requests only. */
  readWrite?: ReadWriteMode;
  /** The package's `transformers` (a format change can change a type then). */
  transformers?: TransformersConfig | undefined;
  /** false: compare also what is the same on both sides (what the tests hold the skip to). */
  skipSame?: boolean;
}): Change[] {
  const changes = new ChangeCollector();
  const sides = { base: side(base), revision: side(revision) };
  const schemas = new SchemaComparer({
    ...sides,
    changes,
    ...(readWrite && { readWrite }),
    transformers,
  });
  // What is the same JSON on both sides, with everything it reaches, has no change to find: an
  // edit of GitHub's spec compares the few operations and schemas it reached, not all 2,200.
  const same = new SameClosures({ base, revision });
  new OperationComparer({ changes, schemas }).compareAll({
    base: base.operations,
    revision: revision.operations,
    unchanged: (before, after) => skipSame && same.operation(before, after),
  });
  components({
    base,
    revision,
    changes,
    schemas,
    unchanged: (name) => skipSame && same.schema(name),
  });
  securitySchemes({ base: base.securitySchemes, revision: revision.securitySchemes, changes });
  documentLevel({ base, revision, changes });
  return changes.list();
}

/**
 * The one change of two documents that differ in form only (a `$ref` refactoring, 3.0 to 3.1
 * syntax, reordered keys, examples): `zapgen diff` reports no change, but the package's files
 * differ, so a release still makes a patch. Undefined when the documents are the same.
 */
export function formChange({
  base,
  revision,
}: {
  base: Record<string, unknown>;
  revision: Record<string, unknown>;
}): Change | undefined {
  if (sameDocument(base, revision)) return undefined;
  return {
    rule: 'document-changed',
    severity: 'non-breaking',
    level: 'patch',
    message: 'the spec was rewritten without changing a type or a behaviour of the package',
    pointer: '#',
    operations: [],
    schemas: [],
  };
}

/** The semver part a set of changes bumps; undefined when there is none. */
export function releaseLevel(changes: readonly Change[]): Level | undefined {
  return changes.reduce<Level | undefined>(
    (level, change) => (level ? maxLevel(level, change.level) : change.level),
    undefined,
  );
}

function side(model: ApiModel): SchemaSide {
  return {
    components: new Map<string, NamedSchema>(model.schemas.map((schema) => [schema.name, schema])),
    locator: new Locator(model.document),
  };
}

/**
 * Component schemas: removed and added ones (each is an exported type and validator), and the
 * changes inside those no operation uses (the others were compared through the operations).
 */
function components({
  base,
  revision,
  changes,
  schemas,
  unchanged,
}: {
  base: ApiModel;
  revision: ApiModel;
  changes: ChangeCollector;
  schemas: SchemaComparer;
  /** True when the component and all it reaches are the same on both sides. */
  unchanged: (name: string) => boolean;
}): void {
  const names = new Set(revision.schemas.map((schema) => schema.name));
  const previous = new Set(base.schemas.map((schema) => schema.name));
  for (const schema of base.schemas) {
    if (names.has(schema.name)) continue;
    changes.add({
      owner: 'components',
      rule: 'schema-removed',
      message: `schema ${quote(schema.name)} removed`,
      pointer: schema.pointer,
      schema: schema.name,
    });
  }
  for (const schema of revision.schemas) {
    if (!previous.has(schema.name)) {
      changes.add({
        owner: 'components',
        rule: 'schema-added',
        message: `schema ${quote(schema.name)} added`,
        pointer: schema.pointer,
        schema: schema.name,
      });
      continue;
    }
    const pair = { base: schema.name, revision: schema.name };
    if (
      unchanged(schema.name) ||
      schemas.compared({ ...pair, direction: 'request' }) ||
      schemas.compared({ ...pair, direction: 'response' })
    )
      continue;
    schemas.comparePair({
      ...pair,
      from: { owner: `component:${schema.name}`, direction: 'schema' },
    });
  }
}

function securitySchemes({
  base,
  revision,
  changes,
}: {
  base: SecuritySchemeModel[];
  revision: SecuritySchemeModel[];
  changes: ChangeCollector;
}): void {
  const previous = new Map(base.map((scheme) => [scheme.name, scheme]));
  const pointer = (name: string) =>
    joinPointer({ pointer: '#/components/securitySchemes', keys: [name] });
  const add = (rule: string, name: string, message: string) =>
    changes.add({
      owner: 'security',
      rule,
      message: `security scheme ${quote(name)}: ${message}`,
      pointer: pointer(name),
    });
  for (const scheme of revision) {
    const old = previous.get(scheme.name);
    previous.delete(scheme.name);
    if (!old) {
      add('security-scheme-added', scheme.name, 'added');
      continue;
    }
    const changed = credentialChanges(old, scheme);
    if (changed.length) add('security-scheme-changed', scheme.name, changed.join(', '));
    const { description: oldDescription, ...oldRest } = old;
    const { description: newDescription, ...newRest } = scheme;
    if (!changed.length && !jsonEqual(oldRest, newRest))
      add('security-scheme-updated', scheme.name, 'URLs, scopes or format changed');
    if (!jsonEqual(oldDescription ?? null, newDescription ?? null)) {
      changes.add({
        owner: 'security',
        rule: 'documentation-changed',
        message: `security scheme ${quote(scheme.name)}: description changed`,
        pointer: pointer(scheme.name),
      });
    }
  }
  for (const name of previous.keys()) add('security-scheme-removed', name, 'removed');
}

/** What changes how a caller provides the credential: its type, where it goes, its name, its OAuth flows. */
function credentialChanges(base: SecuritySchemeModel, revision: SecuritySchemeModel): string[] {
  if (base.type !== revision.type) return [`type ${base.type} → ${revision.type}`];
  if (base.type === 'apiKey' && revision.type === 'apiKey') {
    return [
      ...(base.in !== revision.in ? [`sent in the ${base.in} → the ${revision.in}`] : []),
      ...(base.paramName !== revision.paramName
        ? [`name ${quote(base.paramName)} → ${quote(revision.paramName)}`]
        : []),
    ];
  }
  if (base.type === 'http' && revision.type === 'http') {
    return base.scheme.toLowerCase() !== revision.scheme.toLowerCase()
      ? [`scheme ${base.scheme} → ${revision.scheme}`]
      : [];
  }
  if (base.type === 'oauth2' && revision.type === 'oauth2') {
    return (['implicit', 'password', 'clientCredentials', 'authorizationCode'] as const)
      .filter((flow) => base.flows[flow] && !revision.flows[flow])
      .map((flow) => `flow ${flow} removed`);
  }
  return [];
}

function documentLevel({
  base,
  revision,
  changes,
}: {
  base: ApiModel;
  revision: ApiModel;
  changes: ChangeCollector;
}): void {
  if (!jsonEqual(base.servers, revision.servers)) {
    const url = (model: ApiModel) => model.servers[0]?.url ?? 'none';
    changes.add({
      owner: 'document',
      rule: 'server-changed',
      message:
        url(base) === url(revision)
          ? 'servers changed'
          : `default server ${url(base)} → ${url(revision)}`,
      pointer: '#/servers',
    });
  }
  if (base.info.version !== revision.info.version) {
    changes.add({
      owner: 'document',
      rule: 'api-version-changed',
      message: `info.version ${base.info.version} → ${revision.info.version}`,
      pointer: '#/info/version',
    });
  }
  const documentation = (['title', 'description'] as const).filter(
    (key) => (base.info[key] ?? '') !== (revision.info[key] ?? ''),
  );
  if (documentation.length) {
    changes.add({
      owner: 'document',
      rule: 'documentation-changed',
      message: `info: ${documentation.join(', ')} changed`,
      pointer: '#/info',
    });
  }
}

/** Equal documents, the header zapgen adds to `openapi.json` aside. */
function sameDocument(base: Record<string, unknown>, revision: Record<string, unknown>): boolean {
  const { [GENERATED_BY_KEY]: _base, ...left } = base;
  const { [GENERATED_BY_KEY]: _revision, ...right } = revision;
  return JSON.stringify(left) === JSON.stringify(right);
}
