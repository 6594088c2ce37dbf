/** Validating one API end to end, without the generation machinery (fast for `zapgen validate`). */
import path from 'node:path';
import type { Finding } from './finding.js';
import { loadSpec } from './load-spec.js';
import { validateSpec } from './validate.js';

export interface ValidateSummary {
  api: string;
  findings: Finding[];
  timings: { load: number; validate: number };
}

/** Loads and validates `spec`: every finding, errors and warnings, located in the source files. */
export function validate(options: {
  spec: string;
  apiName?: string;
  /** Overlay 1.0 files applied first (a config's `overlays`). */
  overlays?: readonly string[];
  /** The folder `$ref`s may read files in (a config's `specRoot`, `--spec-root`); default the spec's. */
  specRoot?: string;
}): ValidateSummary {
  const start = performance.now();
  const loaded = loadSpec(options.spec, {
    overlays: options.overlays ?? [],
    specRoot: options.specRoot,
  });
  const loadedAt = performance.now();
  const findings = validateSpec(loaded);
  return {
    api: options.apiName ?? apiNameOf(options.spec),
    findings,
    timings: {
      load: Math.round(loadedAt - start),
      validate: Math.round(performance.now() - loadedAt),
    },
  };
}

/** `spec/actions-v2` and `spec/actions-v2/openapi.yaml` → `actions-v2`; `corpus/stripe.yaml` → `stripe`. */
export function apiNameOf(spec: string): string {
  const absolute = path.resolve(spec);
  const base = path.basename(absolute);
  const name = /^openapi\.(ya?ml|json)$/i.test(base)
    ? path.basename(path.dirname(absolute))
    : base.replace(/\.(ya?ml|json)$/i, '');
  return (
    name
      .toLowerCase()
      .replace(/[^a-z0-9._-]+/g, '-')
      .replace(/^[._-]+|-+$/g, '') || 'api'
  );
}
