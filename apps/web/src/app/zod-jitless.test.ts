import { afterEach, describe, expect, it, vi } from 'vitest';

afterEach(() => {
  vi.restoreAllMocks();
  vi.resetModules();
});

describe('zod in jitless mode', () => {
  it('is what zod reads as its configuration, when set before zod loads', async () => {
    await import('./zod-jitless.ts');
    const { z } = await import('zod');
    expect(z.config().jitless).toBe(true);
  });

  it('never compiles code (eval, forbidden by our CSP) when making and parsing object schemas', async () => {
    await import('./zod-jitless.ts');
    const compile = vi.spyOn(globalThis, 'Function');
    const { z } = await import('zod');
    const { register } = await import('@bank/contract/registration');
    const schema = z.object({ name: z.string(), nested: z.object({ count: z.number() }) });
    expect(schema.parse({ name: 'a', nested: { count: 1 } })).toEqual({ name: 'a', nested: { count: 1 } });
    expect(register.request.safeParse({}).success).toBe(false);
    expect(compile).not.toHaveBeenCalled();
  });
});
