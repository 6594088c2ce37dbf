/** Building small models by hand and loading the `zod.ts` generated from them. */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import ts from 'typescript';
import type {
  ApiModel,
  NamedSchema,
  OperationModel,
  SchemaModel,
} from '../../../src/model/types.js';
import { expect } from 'vitest';
import english from 'zod/v4/locales/en.js';
import { operationSchemasNames, zodModule, zodNames } from '../../../src/emit/zod/module.js';
import { CLASSIC, MINI } from '../../../src/emit/zod/flavour.js';
import { RUNTIME_PACKAGE } from '../../../src/pipeline.js';
import type { TransformersConfig } from '../../../src/config/types.js';

const ROOT = path.resolve(import.meta.dirname, '../../../..');

type Without<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;

/** A schema node with `nullable: false` unless given. */
export function s(node: Without<SchemaModel, 'nullable'> & { nullable?: boolean }): SchemaModel {
  return { nullable: false, ...node } as SchemaModel;
}

/** An operation with defaults for everything but what is given. */
export function operation(
  overrides: Partial<OperationModel> & { operationId: string },
): OperationModel {
  return {
    operationIdDerived: false,
    method: 'get',
    path: '/',
    tags: [],
    deprecated: false,
    parameters: [],
    responses: [],
    security: [],
    extensions: { rules: [] },
    ...overrides,
  };
}

/** An `ApiModel` with the given component schemas (sorted by name, as the model is) and operations. */
export function apiModel({
  schemas = {},
  operations = [],
}: {
  schemas?: Record<string, SchemaModel>;
  operations?: OperationModel[];
}): ApiModel {
  const named: NamedSchema[] = Object.keys(schemas)
    .sort()
    .map((name) => ({ name, schema: schemas[name]!, pointer: `#/components/schemas/${name}` }));
  return {
    openapi: '3.1.0',
    info: { title: 'Test', version: '1' },
    servers: [],
    schemas: named,
    securitySchemes: [],
    operations,
    document: {},
    mock: { caller: {}, collections: [], behaviours: {}, errorShapes: {}, operationErrors: {} },
    paths: [],
    webhooks: [],
    callbacks: [],
    components: { parameters: [], responses: [], requestBodies: [], headers: [], pathItems: [] },
  };
}

const scratchDirs: string[] = [];

/** Removes every scratch directory made so far (the `node_modules` link, not its target). */
export function removeScratchDirs(): void {
  for (const dir of scratchDirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  delete (importZod as { dir?: string }).dir;
}

/** A directory under the system temp dir from which `zod` resolves (to the repo's node_modules). */
export function scratchDir(prefix: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), prefix));
  scratchDirs.push(dir);
  symlinkSync(path.join(ROOT, 'node_modules'), path.join(dir, 'node_modules'));
  writeFileSync(path.join(dir, 'package.json'), '{ "type": "module" }\n');
  mkdirSync(path.join(dir, 'src'));
  return dir;
}

export interface SafeParser {
  safeParse(value: unknown): {
    success: boolean;
    data?: unknown;
    error?: { issues: { path: PropertyKey[]; message: string }[] };
  };
}

export interface ZodModule {
  componentSchemas: Record<string, SafeParser>;
  operationSchemas: Record<
    string,
    Record<string, SafeParser> & { responses: Record<string, SafeParser> }
  >;
}

let loaded = 0;

/** Strips the types of a generated module and imports it. */
async function load(source: string): Promise<Record<string, unknown>> {
  const { outputText } = ts.transpileModule(source, {
    compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022 },
  });
  const dir =
    (importZod as { dir?: string }).dir ??
    ((importZod as { dir?: string }).dir = scratchDir('zapgen-zod-'));
  const file = path.join(dir, `zod-${(loaded += 1)}.mjs`);
  writeFileSync(file, outputText);
  return (await import(pathToFileURL(file).href)) as Record<string, unknown>;
}

/** zod's English messages, which zod/mini leaves out unless given (the runtime gives them). */
const ENGLISH = { error: english().localeError };

/**
 * One validator that runs the classic schema and its zod/mini twin and fails the test where they
 * disagree: on the verdict, the parsed value, or any issue's code, path or message.
 */
function twin({
  classic,
  mini,
  label,
}: {
  classic: SafeParser;
  mini: SafeParser;
  label: string;
}): SafeParser {
  return {
    safeParse(value) {
      const expected = classic.safeParse(value);
      const actual = (mini as MiniParser).safeParse(value, ENGLISH);
      const summary = (result: ReturnType<SafeParser['safeParse']>) => ({
        success: result.success,
        data: result.data,
        issues: result.error?.issues.map(({ path, message, code }: Issue) => ({
          path,
          message,
          code,
        })),
      });
      expect(summary(actual), `zod/mini disagrees with classic zod on ${label}`).toEqual(
        summary(expected),
      );
      return expected;
    },
  };
}
type Issue = { path: PropertyKey[]; message: string; code?: string };
type MiniParser = {
  safeParse(value: unknown, options: typeof ENGLISH): ReturnType<SafeParser['safeParse']>;
};

/**
 * Generates the zod module of `model` in both flavours and imports them: every validator of the
 * result checks that the two agree (see `twin`), so each test of the classic module tests the
 * client's zod/mini module too. `source` is the classic module's.
 */
export async function importZod(
  model: ApiModel,
  options: { transformers?: TransformersConfig } = {},
): Promise<ZodModule & { source: string; classic: ZodModule }> {
  const source = zodModule({
    model,
    runtimePackage: RUNTIME_PACKAGE,
    flavour: CLASSIC,
    ...options,
  });
  const classic = (await load(source)) as unknown as ZodModule;
  const mini = await load(
    zodModule({ model, runtimePackage: RUNTIME_PACKAGE, flavour: MINI, ...options }),
  );
  const { constNames } = zodNames(model);
  const operationNames = operationSchemasNames(model.operations.map((entry) => entry.operationId));
  const componentSchemas = Object.fromEntries(
    Object.entries(classic.componentSchemas).map(([name, schema]) => [
      name,
      twin({ classic: schema, mini: mini[constNames.get(name)!] as SafeParser, label: name }),
    ]),
  );
  const operationSchemas = Object.fromEntries(
    Object.entries(classic.operationSchemas).map(([operationId, validators]) => {
      const twins = mini[operationNames.get(operationId)!] as Record<string, unknown>;
      const pair = (key: string, schema: SafeParser, other: unknown) =>
        twin({ classic: schema, mini: other as SafeParser, label: `${operationId} ${key}` });
      const { responses, ...rest } = validators;
      return [
        operationId,
        {
          ...Object.fromEntries(
            Object.entries(rest).map(([key, schema]) => [key, pair(key, schema, twins[key])]),
          ),
          responses: Object.fromEntries(
            Object.entries(responses).map(([status, schema]) => [
              status,
              pair(
                `response ${status}`,
                schema,
                (twins.responses as Record<string, unknown>)[status],
              ),
            ]),
          ),
        },
      ];
    }),
  ) as ZodModule['operationSchemas'];
  return { componentSchemas, operationSchemas, source, classic };
}

const TSCONFIG = {
  compilerOptions: {
    target: 'ES2022',
    lib: ['ES2023', 'DOM'],
    module: 'NodeNext',
    moduleResolution: 'NodeNext',
    strict: true,
    noUncheckedIndexedAccess: true,
    verbatimModuleSyntax: true,
    skipLibCheck: true,
    noEmit: true,
    types: [],
  },
  include: ['src'],
};

/** Writes `files` (paths relative to a package root) to a scratch package and returns tsc's error lines. */
export function typecheck(files: readonly { path: string; contents: string }[]): string[] {
  const dir = scratchDir('zapgen-zod-tsc-');
  writeFileSync(path.join(dir, 'tsconfig.json'), JSON.stringify(TSCONFIG));
  for (const file of files) writeFileSync(path.join(dir, file.path), file.contents);
  try {
    execFileSync(path.join(ROOT, 'node_modules/.bin/tsc'), ['-p', dir], {
      encoding: 'utf8',
      stdio: 'pipe',
    });
    return [];
  } catch (error) {
    const output = String((error as { stdout?: string }).stdout ?? error);
    return output.split('\n').filter((line) => line.includes('error TS'));
  }
}
