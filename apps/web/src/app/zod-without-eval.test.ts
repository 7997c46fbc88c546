import { describe, expect, it } from 'vitest';
import './zod-without-eval';

describe('zod without eval', () => {
  it('zod reads the setting made before it loads: no compiled parsers, no probe for eval', async () => {
    const { config, util } = await import('zod/v4/core');
    const { z } = await import('zod');
    expect(config().jitless).toBe(true);
    expect(util.allowsEval.value).toBe(false);
    expect(z.object({ a: z.string() }).parse({ a: 'x' })).toEqual({ a: 'x' });
  });
});
