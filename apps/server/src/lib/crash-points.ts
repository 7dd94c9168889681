/**
 * Named places between two durable steps of a money flow (a provider call and the transaction that
 * books it, say) where the fault tests kill the server with SIGKILL, as a power cut would. Armed only
 * by the test-only `CRASH_AT` variable (refused in production); an unarmed point costs a set lookup.
 */
export const CRASH_POINTS = [
  /** A refund the payment provider made, before the ledger booked it. */
  'payments.refund.after-provider',
  /** A stray charge's refund the provider made, before the ledger booked it. */
  'payments.stray-refund.after-provider',
  /** A card or Klarna refund of a deal booked, before its funding attempt is marked settled. */
  'deals.card-refund.after-booking',
  /** A release or refund the escrow provider carried out, before the deal recorded it. */
  'deals.escrow-provider.after-call',
  /** A contact fee's refund booked, before its request is marked done. */
  'messaging.contact-refund.after-booking',
  /** A money-back refund booked, before the subscription is ended at the provider. */
  'billing.money-back.after-refund',
] as const;
export type CrashPoint = (typeof CRASH_POINTS)[number];

const armed = new Set<CrashPoint>();

export function armCrashPoints(points: readonly CrashPoint[]): void {
  armed.clear();
  for (const point of points) armed.add(point);
}

/** Kills the process here when the point is armed; does nothing otherwise. */
export function crashPoint(point: CrashPoint): void {
  if (armed.has(point)) process.kill(process.pid, 'SIGKILL');
}
