import { type DealParty, dealRoleOf } from '@app/shared/deals/deal-machine';
import type { Deal, DealList } from '@app/shared/deals/deals.schemas';
import type { SessionUser } from '../accounts/index.ts';
import { type DealContext, notFound } from './deal-context.ts';
import { toView, toViews, type ViewDeps } from './deal-view-mapping.ts';
import {
  countDealsByStatus,
  type DealRow,
  findDeal,
  listDealsByStatus,
  listDealsOf,
} from './deals.repository.ts';
import { payoutStatement } from './payout-statement.ts';

export { toEscrowPaymentView } from './deal-view-mapping.ts';

const LIST_LIMIT = 200;

/** A deal its parties (and administrators) may see; anybody else gets the not-found answer. */
export async function requireVisible(
  deps: Pick<DealContext, 'db' | 'isAdmin'>,
  user: SessionUser,
  dealId: string,
): Promise<DealRow> {
  const { db, isAdmin } = deps;
  const row = await findDeal(db, dealId);
  if (!row) throw notFound();
  if (dealRoleOf(row, user.id) === null && !(await isAdmin(user.id))) throw notFound();
  return row;
}

/** A deal of which the user is a party, with their role; anybody else gets the not-found answer. */
export async function requireParty(
  deps: Pick<DealContext, 'db'>,
  user: SessionUser,
  dealId: string,
): Promise<{ row: DealRow; role: DealParty }> {
  const { db } = deps;
  const row = await findDeal(db, dealId);
  const role = row ? dealRoleOf(row, user.id) : null;
  if (!row || !role) throw notFound();
  return { row, role };
}

/** GET /api/deals: the user's deals as buyer or seller, newest first. */
export async function listDeals(deps: ViewDeps, user: SessionUser): Promise<DealList> {
  const { db } = deps;
  return { deals: await toViews(deps, await listDealsOf(db, user.id, LIST_LIMIT), user.id) };
}

/** GET /api/deals/:id. */
export async function getDeal(
  deps: ViewDeps & Pick<DealContext, 'clock' | 'db' | 'escrow' | 'isAdmin' | 'ledger' | 'settings'>,
  user: SessionUser,
  dealId: string,
): Promise<Deal> {
  return toView(deps, await requireVisible(deps, user, dealId), user.id);
}

/** GET /api/admin/deals: disputed deals (or all), newest first. */
export async function adminListDeals(deps: ViewDeps, status: 'disputed' | 'all'): Promise<DealList> {
  const { db } = deps;
  return {
    deals: await toViews(
      deps,
      await listDealsByStatus(db, status === 'all' ? null : status, LIST_LIMIT),
      null,
    ),
  };
}

/** Deals in dispute, waiting for an administrator (the admin dashboard count). */
export async function countOpenDisputes(deps: Pick<DealContext, 'db'>): Promise<number> {
  const { db } = deps;
  return countDealsByStatus(db, 'disputed');
}

/**
 * Deals as the API shows them (row → view, for one viewer), who may see a deal, and the reads built
 * on the views: the lists, the seller's payout statement and the dispute count.
 * Each is a use case of its own (deal-view-mapping.ts, payout-statement.ts, this file).
 */
export function createDealViews(ctx: DealContext) {
  return {
    toViews: (rows: DealRow[], viewerId: string | null) => toViews(ctx, rows, viewerId),
    toView: (row: DealRow, viewerId: string | null) => toView(ctx, row, viewerId),
    requireVisible: (user: SessionUser, dealId: string) => requireVisible(ctx, user, dealId),
    requireParty: (user: SessionUser, dealId: string) => requireParty(ctx, user, dealId),
    listDeals: (user: SessionUser) => listDeals(ctx, user),
    getDeal: (user: SessionUser, dealId: string) => getDeal(ctx, user, dealId),
    adminListDeals: (status: 'disputed' | 'all') => adminListDeals(ctx, status),
    payoutStatement: (user: SessionUser, query: { from: string; to: string }) =>
      payoutStatement(ctx, user, query),
    countOpenDisputes: () => countOpenDisputes(ctx),
  };
}

export type DealViews = ReturnType<typeof createDealViews>;
