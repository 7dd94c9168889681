import { afterEach, beforeEach, vi } from 'vitest';

// A test fails on an unexpected console.error: errors must be asserted, not ignored.
let errorSpy: ReturnType<typeof vi.spyOn> | undefined;
beforeEach(() => {
  errorSpy = vi.spyOn(console, 'error');
});
afterEach(() => {
  const calls = errorSpy?.mock.calls ?? [];
  errorSpy?.mockRestore();
  if (calls.length > 0)
    throw new Error(`Unexpected console.error: ${calls.map((c: unknown[]) => c.join(' ')).join('\n')}`);
});
