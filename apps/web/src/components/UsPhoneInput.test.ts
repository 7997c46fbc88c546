// The phone checks load on demand (decision 0062): a form's submit waits for them, then runs with
// the checks in place; its handler is called with nothing (a form's own submit handler would take
// the loaded module for its event).
import type { FormEvent } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { afterUsPhoneCheck, usPhoneE164OnceLoaded, usPhoneProblemOnceLoaded } from './UsPhoneInput';

describe('afterUsPhoneCheck', () => {
  it('runs the submit once the checks have loaded, with no arguments, and the checks then apply', async () => {
    const preventDefault = vi.fn();
    let problems: unknown[] = [];
    const handler = vi.fn((...args: unknown[]) => {
      expect(args).toEqual([]);
      problems = [
        usPhoneProblemOnceLoaded(''),
        usPhoneProblemOnceLoaded('+44 20 7946 0958'),
        usPhoneProblemOnceLoaded('555'),
        usPhoneProblemOnceLoaded('(201) 555-0123'),
      ];
    });
    afterUsPhoneCheck(handler)({ preventDefault } as unknown as FormEvent);
    expect(preventDefault).toHaveBeenCalled();
    await vi.waitFor(() => expect(handler).toHaveBeenCalledTimes(1));
    expect(problems).toEqual(['required', 'not_us', 'invalid', null]);
    expect(usPhoneE164OnceLoaded('(201) 555-0123')).toBe('+12015550123');
  });
});
