import { describe, expect, it, vi } from 'vitest';
import { createProcessErrorHandler } from './process-errors.ts';

/** The handler with a logger that keeps its lines, a shutdown that resolves when told, and a recorded exit. */
function handler() {
  const lines: string[] = [];
  const exits: number[] = [];
  let finishShutdown = () => {};
  let stopping = false;
  const shutdown = vi.fn(() => {
    stopping = true;
    return new Promise<void>((resolve) => {
      finishShutdown = resolve;
    });
  });
  const onError = createProcessErrorHandler({
    logger: { error: (_obj: unknown, msg?: string) => void lines.push(String(msg)) } as never,
    shutdown,
    stopping: () => stopping,
    delayMs: 10_000,
    exit: (code) => void exits.push(code),
  });
  return { onError, lines, exits, shutdown, finishShutdown: () => finishShutdown() };
}

describe('an error nobody caught', () => {
  it('is logged and the server carries on when it is a lost database connection', () => {
    const { onError, lines, exits, shutdown } = handler();
    // What node-postgres emits on a client whose backend was terminated, and what follows it.
    onError(
      Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' }),
    );
    onError(new Error('Connection terminated unexpectedly'));
    // A background promise that met the outage through Drizzle (the driver's error as its cause).
    onError(
      new Error('Failed query: select 1', {
        cause: Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET' }),
      }),
    );
    expect(lines).toEqual(Array(3).fill('database connection lost outside a request; carrying on'));
    expect(shutdown).not.toHaveBeenCalled();
    expect(exits).toEqual([]);
  });

  it('shuts the server down gracefully with exit code 1 when it is anything else; a second error exits at once', async () => {
    const { onError, lines, exits, shutdown, finishShutdown } = handler();
    onError(new TypeError("Cannot read properties of undefined (reading 'id')"));
    expect(lines).toEqual(['shutting down after an error']);
    expect(shutdown).toHaveBeenCalledTimes(1);
    expect(exits).toEqual([]);

    onError(new Error('another bug'));
    expect(lines.at(-1)).toBe('second error, exiting');
    expect(exits).toEqual([1]);
    finishShutdown();
    await vi.waitFor(() => expect(exits).toEqual([1, 1]));
    expect(shutdown).toHaveBeenCalledTimes(1);
  });
});
