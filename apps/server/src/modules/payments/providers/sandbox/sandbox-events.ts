import { type Db, inTransaction } from '../../../../db/client.ts';
import type { Clock } from '../../../../lib/clock.ts';
import type { JobQueue } from '../../../../lib/jobs.ts';
import { findEvent, insertEvent, markEventAttempt } from './sandbox.repository.ts';
import { newSandboxId } from './sandbox-objects.ts';
import { SANDBOX_SIGNATURE_HEADER, signSandboxPayload } from './sandbox-signature.ts';

export const SANDBOX_WEBHOOK_PATH = '/api/payments/webhooks/sandbox';
export const SANDBOX_DELIVERY_JOB = 'payments.sandbox.deliver-webhook';

/** Sends a signed webhook to the app: over HTTP in production, through app.inject in tests. */
export type WebhookTransport = (
  url: string,
  body: string,
  headers: Record<string, string>,
) => Promise<{ statusCode: number }>;

export const httpWebhookTransport: WebhookTransport = async (url, body, headers) => {
  const res = await fetch(url, { method: 'POST', body, headers, signal: AbortSignal.timeout(15_000) });
  return { statusCode: res.status };
};

/** What the sandbox provider is built from. */
export type SandboxDeps = {
  db: Db;
  clock: Clock;
  jobs: JobQueue;
  appUrl: string;
  webhookSecret: string;
  transport: WebhookTransport;
  /** false leaves emitted events undelivered until deliverEvent is called (tests of ordering). */
  autoDeliver: boolean;
};

/** Records an event of the change in progress (delivered once the change commits). */
export type Emit = (type: string, object: Record<string, unknown>) => Promise<void>;

/**
 * The sandbox's webhooks: events recorded in the transaction of the change that emits them, then
 * signed and delivered to the app's webhook URL through the job queue, as Stripe would.
 */
export function createSandboxEvents(deps: SandboxDeps) {
  const { db, clock, jobs, appUrl, webhookSecret } = deps;
  const now = () => clock.now();

  /** Runs `fn` in one transaction; the events it emits are queued for delivery after the commit. */
  async function withEvents<T>(fn: (tx: Db, emit: Emit) => Promise<T>): Promise<T> {
    const ids: string[] = [];
    const result = await inTransaction(db, async (tx) => {
      const emit: Emit = async (type, object) => {
        const id = newSandboxId('evt');
        const created = now();
        await insertEvent(tx, {
          id,
          type,
          createdAt: created,
          payload: {
            id,
            object: 'event',
            type,
            created: Math.floor(created.getTime() / 1000),
            livemode: false,
            data: { object },
          },
        });
        ids.push(id);
      };
      return fn(tx, emit);
    });
    await queueDeliveries(ids);
    return result;
  }

  async function queueDeliveries(ids: string[]) {
    if (!deps.autoDeliver) return;
    for (const eventId of ids) await jobs.send(SANDBOX_DELIVERY_JOB, { eventId }, { retryLimit: 8 });
  }

  /** The delivery job: signs the stored event and posts it; a non-2xx answer throws so the queue retries. */
  async function deliverEvent(eventId: string): Promise<void> {
    const event = await findEvent(db, eventId);
    if (!event || event.deliveredAt) return;
    const body = JSON.stringify(event.payload);
    const signature = signSandboxPayload(webhookSecret, body, Math.floor(now().getTime() / 1000));
    let statusCode: number;
    try {
      ({ statusCode } = await deps.transport(appUrl + SANDBOX_WEBHOOK_PATH, body, {
        'content-type': 'application/json',
        [SANDBOX_SIGNATURE_HEADER]: signature,
      }));
    } catch (err) {
      await markEventAttempt(db, eventId, { delivered: false, error: String(err) });
      throw err;
    }
    const delivered = statusCode >= 200 && statusCode < 300;
    await markEventAttempt(db, eventId, { delivered, error: delivered ? undefined : `HTTP ${statusCode}` });
    if (!delivered) throw new Error(`Webhook endpoint answered HTTP ${statusCode} for ${eventId}`);
  }

  /** Signs a body the way deliveries are signed (tests use it to post events themselves). */
  function signPayload(body: string, at: Date = now()): string {
    return signSandboxPayload(webhookSecret, body, Math.floor(at.getTime() / 1000));
  }

  return { withEvents, queueDeliveries, deliverEvent, signPayload };
}

export type SandboxEvents = ReturnType<typeof createSandboxEvents>;
