import {
  type BankDetails,
  DEAL_MESSAGES,
  type FundEscrowResult,
  type FundingBreakdown,
} from '@app/shared/deals/deals.schemas';
import { formatCents } from '@app/shared/money/money';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import type { SessionUser } from '../accounts/index.ts';
import { DEAL_ACCOUNTS } from './deal-accounts.ts';
import { dealEmail } from './deal-emails.ts';
import type { DealMoneyContext, DealMoneyFacts, DealMoneyPayload } from './deal-money.ts';
import { findSellerContactEmail, type NewEscrowPaymentRow } from './escrow-payments.repository.ts';
import { callEscrowProvider, escrowProviderFailure } from './escrow-provider.ts';

/** What the funding part lends a method's handler. */
export type FundingTools = {
  ctx: DealMoneyContext;
  /** 'fund-escrow' with the attempt recorded (and the route's emails queued in the same transaction). */
  startFunding(
    attempt: Omit<NewEscrowPaymentRow, 'id'>,
    announceFunding?: (tx: Db) => Promise<void>,
  ): Promise<void>;
};

/** The deal's two parties, as the funding emails name them. */
export type FundingParties = { buyer?: { email: string }; seller?: { name: string } };

/** One funding of one deal, as every method's handler receives it. */
export type FundingRequest = {
  user: SessionUser;
  deal: DealMoneyFacts;
  /** The parties, read only by the routes that email them. */
  partiesOf(): Promise<FundingParties>;
  method: string;
  includeCommission: boolean;
  breakdown: FundingBreakdown;
  /** The listing's title, the funding's description everywhere. */
  title: string;
  /** The attempt's amounts, recorded by every method. */
  attempt: Pick<
    NewEscrowPaymentRow,
    'dealId' | 'method' | 'amountCents' | 'dealValueCents' | 'commissionCents' | 'feeCents'
  >;
};

/**
 * One payment method's way into escrow. `accounts` names the ledger accounts its money moves through
 * (into and out of `escrow:held:<dealId>`); `books` says who posts each movement: the payments
 * module's payment hooks (registered by the funding part), the deal's own transition, or the wire
 * service at verification.
 */
export type FundingHandler = {
  /** How the transition that records the money names it (`escrow-funded` payload source). */
  source: NonNullable<DealMoneyPayload['source']>;
  accounts: {
    /** Where the money comes from into the deal's escrow. */
    arrivesFrom: string;
    /** Where a refund of the held escrow goes. */
    refundsTo(deal: Pick<DealMoneyFacts, 'buyerUserId'>): string;
  };
  books: {
    arrival: 'payment-hook' | 'transition' | 'wire-service';
    feeAndCommission: 'transition' | 'wire-service';
    refund: 'payment-hook' | 'transition';
  };
  start(tools: FundingTools, request: FundingRequest): Promise<FundEscrowResult>;
};

const dollars = (cents: number) => cents / 100;

/**
 * Card and Klarna: a checkout page of the payments module (purpose `escrow_funding`). The charge is
 * booked cash:provider → escrow by the payment-succeeded hook, and a refund goes back through the
 * provider after the refund transition commits, booked by the payment-refunded hook.
 */
const checkoutFunding: FundingHandler = {
  source: 'checkout',
  accounts: { arrivesFrom: DEAL_ACCOUNTS.cashProvider, refundsTo: () => DEAL_ACCOUNTS.cashProvider },
  books: { arrival: 'payment-hook', feeAndCommission: 'transition', refund: 'payment-hook' },
  async start({ ctx, startFunding }, { user, deal, method, includeCommission, breakdown, title, attempt }) {
    const { payment, url } = await ctx.payments.startCheckout({
      user,
      purpose: 'escrow_funding',
      targetType: 'deal',
      targetId: deal.id,
      amountCents: breakdown.totalCents,
      description: `Escrow for ${title}`,
      metadata: { method, includeCommission: String(includeCommission) },
      successPath: '/dashboard?escrow=success',
      cancelPath: '/dashboard?escrow=cancelled',
    });
    await startFunding({ ...attempt, paymentId: payment.id, reference: payment.id });
    return { kind: 'checkout', url, breakdown };
  },
};

/**
 * Escrow-protected wire: a transaction at the escrow provider, which holds the buyer's wire. Its
 * arrival (cash:escrow-provider → escrow) and a refund back to it are booked by the deal's transitions.
 */
const escrowWireFunding: FundingHandler = {
  source: 'escrow_provider',
  accounts: {
    arrivesFrom: DEAL_ACCOUNTS.cashEscrowProvider,
    refundsTo: () => DEAL_ACCOUNTS.cashEscrowProvider,
  },
  books: { arrival: 'transition', feeAndCommission: 'transition', refund: 'transition' },
  async start({ ctx, startFunding }, { user, deal, partiesOf, breakdown, title, attempt }) {
    const { db, escrowProvider, notifications, dealsUrl } = ctx;
    const sellerEmail = await findSellerContactEmail(db, deal.sellerUserId);
    if (!sellerEmail) throw new AppError('VALIDATION_FAILED', DEAL_MESSAGES.sellerEmailMissing);
    if (sellerEmail.trim().toLowerCase() === user.email.trim().toLowerCase())
      throw new AppError('VALIDATION_FAILED', DEAL_MESSAGES.sameEmails);
    const transaction = await callEscrowProvider(escrowProvider, DEAL_MESSAGES.escrowServiceError, () =>
      escrowProvider.createTransaction({
        dealId: deal.id,
        dealValueCents: breakdown.dealValueCents,
        commissionCents: breakdown.commissionCents,
        totalCents: breakdown.totalCents,
        buyerEmail: user.email,
        sellerEmail,
        itemDescription: title,
        currency: 'USD',
      }),
    );
    if (!transaction?.transactionId)
      throw escrowProviderFailure(
        escrowProvider,
        DEAL_MESSAGES.noTransactionId,
        DEAL_MESSAGES.noTransactionId,
      );
    const { buyer, seller } = await partiesOf();
    await startFunding(
      {
        ...attempt,
        providerTransactionId: transaction.transactionId,
        reference: transaction.transactionId,
        escrowUrl: transaction.escrowUrl,
      },
      async (tx) => {
        for (const to of [buyer?.email, sellerEmail]) {
          if (!to) continue;
          await notifications.queueEmail(
            {
              to,
              kind: 'deal-escrow-created',
              meta: { dealId: deal.id, transactionId: transaction.transactionId },
              render: (brand) =>
                dealEmail(brand, {
                  subject: `Escrow transaction created: ${title}`,
                  heading: DEAL_MESSAGES.escrowCreatedTitle,
                  lines: [
                    `Deal value: ${formatCents(breakdown.dealValueCents)}`,
                    `Total amount: ${formatCents(breakdown.totalCents)}`,
                    `Transaction: ${transaction.transactionId}`,
                    `Escrow page: ${transaction.escrowUrl}`,
                    `Buyer: ${buyer?.email ?? ''} · Seller: ${seller?.name ?? ''}`,
                  ],
                  url: dealsUrl,
                }),
            },
            { tx },
          );
        }
      },
    );
    return {
      kind: 'escrow_transaction',
      transactionId: transaction.transactionId,
      paymentInstructions: {
        instructions: transaction.instructions,
        escrowUrl: transaction.escrowUrl,
        dealValue: dollars(breakdown.dealValueCents),
        commission: dollars(breakdown.commissionCents),
        amount: dollars(breakdown.totalCents),
      },
      breakdown,
    };
  },
};

/**
 * Plain wire into our bank account: the wire service books cash:bank → escrow, its processing fee and
 * the commission when an administrator verifies the wire; a refund is owed back to the buyer.
 */
const wireFunding: FundingHandler = {
  source: 'wire',
  accounts: {
    arrivesFrom: DEAL_ACCOUNTS.cashBank,
    refundsTo: (deal) => DEAL_ACCOUNTS.payableBuyer(deal.buyerUserId),
  },
  books: { arrival: 'wire-service', feeAndCommission: 'wire-service', refund: 'transition' },
  async start({ ctx, startFunding }, { user, deal, breakdown, title, attempt }) {
    const wire = await ctx.wireTransfers.createForDeal({
      user: { id: user.id, email: user.email, name: user.name },
      dealId: deal.id,
      amountCents: breakdown.totalCents,
      commissionCents: breakdown.commissionCents,
      breakdown,
      listingTitle: title,
    });
    await startFunding({
      ...attempt,
      wireTransferId: wire.id,
      reference: wire.referenceNumber,
    });
    return {
      kind: 'wire',
      referenceNumber: wire.referenceNumber,
      amountCents: wire.amountCents,
      currency: wire.currency,
      bankDetails: wire.bankDetails as BankDetails,
      breakdown,
    };
  },
};

/** The funding handler of each payment method (`payment_methods.type`). */
export const FUNDING_HANDLERS = {
  card: checkoutFunding,
  klarna: checkoutFunding,
  escrow_wire: escrowWireFunding,
  wire: wireFunding,
} as const satisfies Record<string, FundingHandler>;

/** The handler of a payment method; undefined for a method no handler serves. */
export function fundingHandlerFor(method: string): FundingHandler | undefined {
  return Object.hasOwn(FUNDING_HANDLERS, method)
    ? FUNDING_HANDLERS[method as keyof typeof FUNDING_HANDLERS]
    : undefined;
}

/** The route whose money an `escrow-funded` transition records, from its payload's source. */
export function fundingRouteOf(source: DealMoneyPayload['source']): FundingHandler | undefined {
  return Object.values(FUNDING_HANDLERS).find((h) => h.source === source);
}
