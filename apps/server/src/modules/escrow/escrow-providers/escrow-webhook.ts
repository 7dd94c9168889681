import { createHmac, timingSafeEqual } from 'node:crypto';
import { AppError } from '../../../lib/app-error.ts';
import type { EscrowEvents } from './escrow-events.ts';

/** The header carrying the hex HMAC-SHA256 of the raw body under ESCROW_WEBHOOK_SECRET. */
export const ESCROW_SIGNATURE_HEADER = 'x-escrow-signature';

export const ESCROW_WEBHOOK_MESSAGES = {
  badSignature: 'Invalid webhook signature',
  noTransaction: 'The webhook names no transaction',
} as const;

export function signEscrowWebhook(secret: string, body: string): string {
  return createHmac('sha256', secret).update(body).digest('hex');
}

/** With the sandbox (no ESCROW_WEBHOOK_SECRET) the secret derives from AUTH_SECRET, so none is stored. */
export function deriveEscrowWebhookSecret(authSecret: string): string {
  return `whsec_esc_${createHmac('sha256', authSecret).update('recytrade escrow webhook secret v1').digest('hex')}`;
}

function isValidSignature(secret: string, body: string, header: string | undefined): boolean {
  if (!header) return false;
  const expected = Buffer.from(signEscrowWebhook(secret, body), 'hex');
  const given = Buffer.from(header.trim().replace(/^sha256=/, ''), 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/**
 * A provider webhook is a trigger to re-read the transaction, never the truth: verify the
 * signature, take the transaction id, and tell the listeners (who fetch its state from the provider).
 */
export async function handleEscrowWebhook(
  events: EscrowEvents,
  secret: string,
  rawBody: string,
  signature: string | undefined,
): Promise<{ received: true; transactionId: string }> {
  if (!isValidSignature(secret, rawBody, signature))
    throw new AppError('VALIDATION_FAILED', ESCROW_WEBHOOK_MESSAGES.badSignature);
  let payload: Record<string, unknown>;
  try {
    payload = JSON.parse(rawBody) as Record<string, unknown>;
  } catch {
    throw new AppError('VALIDATION_FAILED', 'The request body is not valid JSON');
  }
  const nested = payload?.transaction as { id?: unknown } | undefined;
  const id = payload?.transaction_id ?? payload?.transactionId ?? nested?.id;
  if (
    (typeof id !== 'string' && typeof id !== 'number') ||
    String(id).length === 0 ||
    String(id).length > 100
  )
    throw new AppError('VALIDATION_FAILED', ESCROW_WEBHOOK_MESSAGES.noTransaction);
  const transactionId = String(id);
  await events.notifyTransactionChanged(transactionId);
  return { received: true, transactionId };
}
