/**
 * What tells the deals module that an escrow provider's transaction changed (funded, cancelled...):
 * the sandbox page's buttons and the provider webhook. A notification is a trigger to re-read the
 * transaction from the provider, never the truth itself.
 */
export type EscrowTransactionChangedHandler = (transactionId: string) => Promise<void>;

export type EscrowEvents = ReturnType<typeof createEscrowEvents>;

export function createEscrowEvents(deps: {
  logger: { error(obj: Record<string, unknown>, msg: string): void };
}) {
  const handlers: EscrowTransactionChangedHandler[] = [];

  function onTransactionChanged(handler: EscrowTransactionChangedHandler): void {
    handlers.push(handler);
  }

  /**
   * Runs every handler; a failing one is logged and does not stop the others (the periodic sync
   * picks the transaction up again). Resolves to whether all succeeded.
   */
  async function notifyTransactionChanged(transactionId: string): Promise<boolean> {
    let ok = true;
    for (const handler of handlers) {
      try {
        await handler(transactionId);
      } catch (err) {
        ok = false;
        deps.logger.error(
          { event: 'escrow.transaction_changed_handler_failed', transactionId, err },
          'Escrow transaction change handler failed',
        );
      }
    }
    return ok;
  }

  return { onTransactionChanged, notifyTransactionChanged };
}
