import { randomUUID } from 'node:crypto';
import {
  orderPaymentMethods,
  type PaymentMethod,
  paymentMethodsForTotal,
  percentToBps,
  type UpdatePaymentMethodBody,
} from '@app/shared/deals/deals.schemas';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { type AuditRecorder, noAudit } from '../access/index.ts';
import {
  findPaymentMethodById,
  findPaymentMethodByType,
  insertMissingPaymentMethods,
  listPaymentMethodRows,
  type PaymentMethodRow,
  updatePaymentMethodRow,
} from './payment-methods.repository.ts';

/** The specification's four methods (document 001, section 9), created in this order. */
export const DEFAULT_PAYMENT_METHODS = [
  {
    name: 'Credit/Debit Card',
    type: 'card',
    description: 'Instant payment, 2.9% processing fee',
    processingFeeBps: 290,
  },
  { name: 'Klarna Net 30', type: 'klarna', description: 'Net 30 terms, 0% fee', processingFeeBps: 0 },
  {
    name: 'Escrow Wire Transfer',
    type: 'escrow_wire',
    description: 'Wire transfer protected by a third-party escrow service, 1-3 business days, 0% fee',
    processingFeeBps: 0,
  },
  {
    name: 'Wire Transfer',
    type: 'wire',
    description: 'Bank wire transfer, 1-3 business days, 0% fee',
    processingFeeBps: 0,
  },
] as const;

export const PAYMENT_METHOD_MESSAGES = {
  notFound: 'Payment method not found',
  invalidId: 'Invalid payment method ID format',
} as const;

export const toPaymentMethod = (row: PaymentMethodRow): PaymentMethod => ({
  id: row.id,
  name: row.name,
  type: row.type,
  description: row.description,
  processingFeePercentage: row.processingFeeBps / 100,
  enabled: row.enabled,
  createdAt: row.createdAt.toISOString(),
});

export type PaymentMethodsService = ReturnType<typeof createPaymentMethodsService>;

export function createPaymentMethodsService(deps: { db: Db; audit?: AuditRecorder }) {
  const { db } = deps;
  const audit = deps.audit ?? noAudit;

  /**
   * Enabled methods in the specification's order; with a total, only those offered for it (card only
   * for $50 or less).
   */
  async function listForTotal(totalCents?: number): Promise<PaymentMethod[]> {
    const ordered = orderPaymentMethods(
      (await listPaymentMethodRows(db, { enabledOnly: true })).map(toPaymentMethod),
    );
    return totalCents === undefined ? ordered : paymentMethodsForTotal(ordered, totalCents);
  }

  /** Every method, enabled or not, for the admin screen. */
  async function listAll(): Promise<PaymentMethod[]> {
    return orderPaymentMethods((await listPaymentMethodRows(db)).map(toPaymentMethod));
  }

  /** The enabled method of a type, or null (what funding checks a buyer's choice against). */
  async function findEnabledByType(type: string): Promise<PaymentMethod | null> {
    const row = await findPaymentMethodByType(db, type);
    return row?.enabled ? toPaymentMethod(row) : null;
  }

  async function findById(id: string): Promise<PaymentMethod | null> {
    const row = await findPaymentMethodById(db, id);
    return row ? toPaymentMethod(row) : null;
  }

  /** An administrator's edit: name, description, fee (percent, stored as basis points) or enabled. */
  async function update(
    id: string,
    body: UpdatePaymentMethodBody,
    actor?: { id: string; email: string },
  ): Promise<PaymentMethod> {
    const patch = {
      ...(body.name !== undefined ? { name: body.name } : {}),
      ...(body.description !== undefined ? { description: body.description } : {}),
      ...(body.processingFeePercentage !== undefined
        ? { processingFeeBps: percentToBps(body.processingFeePercentage) }
        : {}),
      ...(body.enabled !== undefined ? { enabled: body.enabled } : {}),
    };
    const row = await db.transaction(async (tx) => {
      const updated =
        Object.keys(patch).length > 0
          ? await updatePaymentMethodRow(tx, id, patch)
          : await findPaymentMethodById(tx, id);
      if (!updated) throw new AppError('NOT_FOUND', PAYMENT_METHOD_MESSAGES.notFound);
      if (actor)
        await audit(
          {
            actor,
            action: 'payment_method.update',
            targetType: 'payment_method',
            targetId: id,
            details: body,
          },
          tx,
        );
      return updated;
    });
    return toPaymentMethod(row);
  }

  /**
   * Creates the default methods that are missing (idempotent; run at start-up). Creation times are
   * spaced a millisecond apart so "oldest first" keeps the specification's order.
   */
  async function seedDefaults(): Promise<void> {
    const base = Date.now();
    await insertMissingPaymentMethods(
      db,
      DEFAULT_PAYMENT_METHODS.map((m, i) => ({
        id: randomUUID(),
        ...m,
        createdAt: new Date(base + i),
      })),
    );
  }

  return { listForTotal, listAll, findEnabledByType, findById, update, seedDefaults };
}
