import { createHmac, timingSafeEqual } from 'node:crypto';
import { WebhookSignatureError } from '../../payment-provider.ts';

/** The header the sandbox signs its webhooks with, in Stripe's `t=<unix>,v1=<hex hmac>` format. */
export const SANDBOX_SIGNATURE_HEADER = 'sandbox-signature';
/** Signatures older (or newer) than this are refused, which stops replays of captured deliveries. */
export const SIGNATURE_TOLERANCE_SECONDS = 300;

export function signSandboxPayload(secret: string, body: string, timestampSeconds: number): string {
  const mac = createHmac('sha256', secret).update(`${timestampSeconds}.${body}`).digest('hex');
  return `t=${timestampSeconds},v1=${mac}`;
}

/** Throws WebhookSignatureError unless one v1 signature matches and the timestamp is fresh. */
export function verifySandboxSignature(
  secret: string,
  body: string,
  header: string | undefined,
  nowSeconds: number,
) {
  if (!header) throw new WebhookSignatureError('Missing webhook signature');
  const parts = header.split(',').map((p) => p.trim().split('='));
  const timestamp = Number(parts.find(([k]) => k === 't')?.[1]);
  const signatures = parts.filter(([k]) => k === 'v1').map(([, v]) => v ?? '');
  if (!Number.isInteger(timestamp) || signatures.length === 0)
    throw new WebhookSignatureError('Malformed webhook signature');
  const expected = Buffer.from(signSandboxPayload(secret, body, timestamp).split('v1=')[1], 'hex');
  const matches = signatures.some((s) => {
    const given = Buffer.from(s, 'hex');
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
  if (!matches) throw new WebhookSignatureError('Invalid webhook signature');
  if (Math.abs(nowSeconds - timestamp) > SIGNATURE_TOLERANCE_SECONDS)
    throw new WebhookSignatureError('Webhook signature has expired');
}

/** The sandbox's webhook secret, derived from AUTH_SECRET so no secret is stored or committed. */
export function deriveSandboxWebhookSecret(authSecret: string): string {
  return `whsec_sbx_${createHmac('sha256', authSecret).update('recytrade sandbox webhook secret v1').digest('hex')}`;
}
