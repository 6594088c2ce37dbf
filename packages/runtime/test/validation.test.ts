import { describe, expect, it } from 'vitest';
import type { OperationDefinition } from '../src/definition.js';
import { responseFor } from '../src/validation.js';

describe('responseFor', () => {
  const operation = {
    responses: [
      { status: '200', mediaTypes: [] },
      { status: '4XX', mediaTypes: [] },
      { status: 'default', mediaTypes: [] },
    ],
  } as unknown as OperationDefinition;

  it.each([
    [200, '200'],
    [404, '4XX'],
    [503, 'default'],
  ])('status %i uses %s', (status, want) => {
    expect(responseFor(operation, status)?.status).toBe(want);
  });
});
