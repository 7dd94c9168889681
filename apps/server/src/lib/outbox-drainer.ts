/**
 * The sender loop of an outbox: one pass at a time per instance, and a poll that runs a pass every
 * `pollIntervalMs` between `start` and `stop`. Calls while a pass waits to start share it; a call
 * during a running pass gets a pass after it (so it sees what was queued since).
 */
export function createOutboxDrainer<T>(opts: {
  pass: () => Promise<T>;
  pollIntervalMs: number;
  onError: (err: unknown) => void;
}) {
  let waiting: Promise<T> | null = null;
  let tail: Promise<unknown> = Promise.resolve();
  /** Resolves once a pass that started after the call has ended. */
  function drain(): Promise<T> {
    if (waiting) return waiting;
    const pass = tail.then(() => {
      waiting = null;
      return opts.pass();
    });
    waiting = pass;
    tail = pass.catch(() => {});
    return pass;
  }

  let poll: NodeJS.Timeout | undefined;
  let stopped = false;
  function start(): void {
    stopped = false;
    const tick = async () => {
      await drain().catch(opts.onError);
      if (!stopped) poll = setTimeout(() => void tick(), opts.pollIntervalMs);
    };
    void tick();
  }

  /** Stops the poll and waits for the pass in flight. */
  async function stop(): Promise<void> {
    stopped = true;
    clearTimeout(poll);
    await tail;
  }

  return { drain, start, stop };
}
