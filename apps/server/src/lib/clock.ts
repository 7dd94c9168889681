/** The source of time for rules that depend on it; tests pass a fixed clock. */
export type Clock = { now(): Date };
export const systemClock: Clock = { now: () => new Date() };
