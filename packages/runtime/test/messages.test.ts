/**
 * The client validates with zod/mini, which words every issue "Invalid input" until a locale is
 * configured: the runtime words failures in English, and leaves a configured locale alone.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import * as z from 'zod/mini';
import { config } from 'zod/v4/core';
import { safeParseWorded } from '../src/messages.js';

const configured = config().localeError;
afterEach(() => {
  config({ localeError: configured });
});

const name = z.string().check(z.minLength(2));

describe('safeParseWorded', () => {
  it('words the issues of a failing parse in English when no locale is configured', () => {
    config({ localeError: undefined });
    expect(name.safeParse('a').error?.issues[0]?.message).toBe('Invalid input');
    const result = safeParseWorded(name, 'a');
    expect(result.success).toBe(false);
    expect(!result.success && result.error.issues[0]?.message).toBe(
      'Too small: expected string to have >=2 characters',
    );
  });

  it("keeps the application's locale", () => {
    config({ localeError: () => 'zu kurz' });
    const result = safeParseWorded(name, 'a');
    expect(!result.success && result.error.issues[0]?.message).toBe('zu kurz');
  });

  it('parses a valid value once', () => {
    config({ localeError: undefined });
    const spy = vi.spyOn(name, 'safeParse');
    expect(safeParseWorded(name, 'ab')).toEqual({ success: true, data: 'ab' });
    expect(spy).toHaveBeenCalledTimes(1);
  });
});
