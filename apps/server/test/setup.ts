import { afterEach, beforeAll, beforeEach, vi } from 'vitest';
import { getWorkerDatabase } from './test-database.ts';

// The worker's database is created and migrated once, here, with a hook's time: not inside whichever
// test happens to run first, where it would count against that test's timeout.
beforeAll(async () => {
  await getWorkerDatabase();
}, 120_000);

// A test fails on an unexpected console.error: errors must be asserted, not ignored.
let errorSpy: ReturnType<typeof vi.spyOn> | undefined;
beforeEach(() => {
  errorSpy = vi.spyOn(console, 'error');
});
afterEach(async () => {
  // Close the apps the test built (see test/build-test-app.ts) before judging its console output.
  const apps = (globalThis as { __openTestApps?: Array<{ close(): Promise<unknown> }> }).__openTestApps ?? [];
  await Promise.all(apps.splice(0).map((a) => a.close()));
  const calls = errorSpy?.mock.calls ?? [];
  errorSpy?.mockRestore();
  if (calls.length > 0)
    throw new Error(`Unexpected console.error: ${calls.map((c: unknown[]) => c.join(' ')).join('\n')}`);
});
