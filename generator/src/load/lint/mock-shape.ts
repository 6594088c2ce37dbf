/** The shape of the `x-zapgen-mock` extensions (spec/README.md), for rule `extension-shape`. */
import { isObject } from '../../json/pointer.js';
import { PARAMETER_LOCATIONS, type Json } from './document.js';
import type { Report } from './rule.js';

const KINDS = ['list', 'read', 'create', 'update', 'delete', 'check', 'respond', 'loginLink'];
const COMPARISONS = ['equals', 'notEquals', 'in', 'notIn', 'containsAll', 'includes'];
const SOURCES = ['parameter', 'body', 'parent', 'caller', 'value'];

type Check = (value: unknown, pointer: string, report: Report) => void;

/** The field a pointer ends at, for messages: `count`, `filters/1`. */
function label(pointer: string): string {
  const tokens = pointer.split('/').map((token) => token.replace(/~1/g, '/').replace(/~0/g, '~'));
  const last = tokens[tokens.length - 1] ?? '';
  return /^\d+$/.test(last) ? `${tokens[tokens.length - 2] ?? ''}[${last}]` : last;
}

function isReference(value: unknown): boolean {
  return (
    isObject(value) &&
    typeof value.name === 'string' &&
    value.name !== '' &&
    (PARAMETER_LOCATIONS as readonly unknown[]).includes(value.in) &&
    Object.keys(value).every((key) => key === 'in' || key === 'name')
  );
}

const reference: Check = (value, pointer, report) => {
  if (!isReference(value))
    report(
      pointer,
      `${label(pointer)} must be a parameter reference { in: ${PARAMETER_LOCATIONS.join('|')}, name: string }`,
    );
};

const string: Check = (value, pointer, report) => {
  if (typeof value !== 'string') report(pointer, `${label(pointer)} must be a string`);
};

const nonEmpty: Check = (value, pointer, report) => {
  if (typeof value !== 'string' || value === '')
    report(pointer, `${label(pointer)} must be a non-empty string`);
};

const pointerText: Check = (value, pointer, report) => {
  if (typeof value !== 'string' || (value !== '' && !value.startsWith('/')))
    report(pointer, `${label(pointer)} must be a JSON pointer ("" or starting with /)`);
};

const anything: Check = () => {};

function fields(spec: Record<string, { required?: boolean; check: Check }>): Check {
  return (value, pointer, report) => {
    if (!isObject(value))
      return report(
        pointer,
        `${label(pointer)} must be an object with ${Object.keys(spec).join(', ')}`,
      );
    for (const [name, field] of Object.entries(spec)) {
      if (value[name] === undefined) {
        if (field.required) report(pointer, `missing required field "${name}"`);
      } else field.check(value[name], `${pointer}/${name}`, report);
    }
    for (const name of Object.keys(value)) {
      if (!Object.hasOwn(spec, name))
        report(
          `${pointer}/${name}`,
          `unknown field "${name}" (expected ${Object.keys(spec).join(', ')})`,
        );
    }
  };
}

function listOf(item: Check, minimum = 0): Check {
  return (value, pointer, report) => {
    if (!Array.isArray(value) || value.length < minimum)
      return report(
        pointer,
        `${label(pointer)} must be a list${minimum ? ` of at least ${minimum}` : ''}`,
      );
    value.forEach((member, index) => item(member, `${pointer}/${index}`, report));
  };
}

function mapOf(item: Check): Check {
  return (value, pointer, report) => {
    if (!isObject(value)) return report(pointer, `${label(pointer)} must be an object`);
    for (const [key, member] of Object.entries(value))
      item(member, `${pointer}/${key.replace(/~/g, '~0').replace(/\//g, '~1')}`, report);
  };
}

function integer(minimum: number, maximum = Number.MAX_SAFE_INTEGER): Check {
  return (value, pointer, report) => {
    if (!Number.isInteger(value) || (value as number) < minimum || (value as number) > maximum)
      report(
        pointer,
        `${label(pointer)} must be an integer from ${minimum}${maximum < Number.MAX_SAFE_INTEGER ? ` to ${maximum}` : ''}`,
      );
  };
}

function oneOf(values: readonly string[]): Check {
  return (value, pointer, report) => {
    if (typeof value !== 'string' || !values.includes(value))
      report(pointer, `${label(pointer)} must be one of ${values.join(', ')}`);
  };
}

const boolean: Check = (value, pointer, report) => {
  if (typeof value !== 'boolean') report(pointer, `${label(pointer)} must be true or false`);
};

/** `{ parameter } | { body } | { parent } | { caller } | { value }`, plus `each`/`where` when `mapped`. */
function source(mapped: boolean): Check {
  return (value, pointer, report) => {
    if (!isObject(value))
      return report(pointer, `${label(pointer)} must be a source: one of ${SOURCES.join(', ')}`);
    const given = SOURCES.filter((key) => Object.hasOwn(value, key));
    if (given.length !== 1)
      return report(pointer, `${label(pointer)} must have exactly one of ${SOURCES.join(', ')}`);
    const spec: Record<string, { check: Check }> = {
      parameter: { check: reference },
      body: { check: pointerText },
      parent: { check: pointerText },
      caller: { check: nonEmpty },
      value: { check: anything },
    };
    if (mapped)
      Object.assign(spec, { each: { check: pointerText }, where: { check: listOf(predicate) } });
    fields(spec)(value, pointer, report);
  };
}

const predicate: Check = (value, pointer, report) => {
  if (!isObject(value))
    return report(
      pointer,
      `${label(pointer)} must be a predicate: { field, <comparison> }, { flag }, { notFlag } or { some, where }`,
    );
  if (value.flag !== undefined)
    return fields({ flag: { required: true, check: nonEmpty } })(value, pointer, report);
  if (value.notFlag !== undefined)
    return fields({ notFlag: { required: true, check: nonEmpty } })(value, pointer, report);
  if (value.some !== undefined)
    return fields({
      some: { required: true, check: pointerText },
      where: { required: true, check: listOf(predicate, 1) },
    })(value, pointer, report);
  const comparisons = COMPARISONS.filter((name) => Object.hasOwn(value, name));
  if (comparisons.length !== 1)
    return report(
      pointer,
      `${label(pointer)}: a comparison needs field and exactly one of ${COMPARISONS.join(', ')}`,
    );
  fields({
    field: { required: true, check: pointerText },
    [comparisons[0] ?? 'equals']: { required: true, check: source(false) },
    when: { check: reference },
  })(value, pointer, report);
};

const values = mapOf(source(true));

const writes = {
  set: { check: values },
  when: {
    check: listOf(
      fields({
        parameter: { required: true, check: reference },
        set: { required: true, check: values },
      }),
    ),
  },
  require: {
    check: listOf(
      fields({
        when: { check: reference },
        every: { required: true, check: source(false) },
        where: { required: true, check: listOf(predicate, 1) },
        status: { required: true, check: integer(400, 599) },
        message: { required: true, check: nonEmpty },
      }),
    ),
  },
};

const BY_KIND: Record<string, Record<string, { required?: boolean; check: Check }>> = {
  list: {
    collection: { required: true, check: nonEmpty },
    filters: { check: listOf(predicate) },
    itemsField: { check: string },
  },
  read: { collection: { required: true, check: nonEmpty }, key: { check: reference } },
  delete: { collection: { required: true, check: nonEmpty }, key: { check: reference } },
  create: { collection: { required: true, check: nonEmpty }, ...writes },
  update: {
    collection: { required: true, check: nonEmpty },
    key: { check: reference },
    replace: { check: boolean },
    ...writes,
  },
  check: {
    collection: { required: true, check: nonEmpty },
    key: { check: reference },
    fails: { required: true, check: listOf(predicate, 1) },
    onFailure: { check: values },
    passed: { required: true, check: anything },
    failed: { required: true, check: anything },
  },
  respond: writes,
  loginLink: {
    field: { required: true, check: nonEmpty },
    email: { check: reference },
    givenName: { check: reference },
    familyName: { check: reference },
    redirect: { check: reference },
    authorize: {
      check: fields({
        scheme: { required: true, check: nonEmpty },
        clientId: { required: true, check: reference },
        redirectUri: { required: true, check: reference },
        codeChallenge: { required: true, check: reference },
      }),
    },
  },
};

/** An operation's `x-zapgen-mock`: a kind and the fields of that kind. */
export function checkMockOperation(value: unknown, pointer: string, report: Report): void {
  if (!isObject(value)) return report(pointer, 'x-zapgen-mock must be an object with a kind');
  if (typeof value.kind !== 'string' || !KINDS.includes(value.kind)) {
    return report(
      value.kind === undefined ? pointer : `${pointer}/kind`,
      `mock kind must be one of ${KINDS.join(', ')} (found ${JSON.stringify(value.kind)})`,
    );
  }
  fields({ kind: { required: true, check: string }, ...BY_KIND[value.kind] })(
    value,
    pointer,
    report,
  );
}

const seedGroup = fields({
  count: { check: integer(1, 100_000) },
  values: { check: mapOf(anything) },
  sequence: {
    check: mapOf((value, pointer, report) =>
      typeof value === 'number' && Number.isFinite(value)
        ? undefined
        : report(pointer, `${label(pointer)} must be a number`),
    ),
  },
  cycle: { check: mapOf(listOf(anything, 1)) },
  flags: { check: listOf(nonEmpty) },
  owner: { check: oneOf(['caller', 'none']) },
});

/** The document's `x-zapgen-mock`: the default caller and the collections with their seeds. */
export function checkMockDocument(
  document: Json,
  value: unknown,
  pointer: string,
  report: Report,
): void {
  const schemas =
    isObject(document.components) && isObject(document.components.schemas)
      ? document.components.schemas
      : {};
  const schemaName: Check = (name, at, inner) => {
    if (typeof name !== 'string' || !Object.hasOwn(schemas, name))
      inner(at, `schema must name a schema of components.schemas (found ${JSON.stringify(name)})`);
  };
  fields({
    caller: { check: mapOf(anything) },
    collections: {
      check: mapOf(
        fields({
          schema: { required: true, check: schemaName },
          key: { check: nonEmpty },
          private: { check: boolean },
          seed: { check: listOf(seedGroup) },
        }),
      ),
    },
  })(value, pointer, report);
}

/** The collection names the document declares, for the operations' references. */
export function declaredCollections(document: Json): string[] {
  const mock = document['x-zapgen-mock'];
  return isObject(mock) && isObject(mock.collections) ? Object.keys(mock.collections) : [];
}
