import type { AdminListing, AdminListingPage, OwnListing } from '@app/shared/listings/listings.schemas';
import { AppError } from '../../lib/app-error.ts';
import type { SessionUser } from '../accounts/index.ts';
import { type ListingContext, NOT_FOUND } from './listing-context.ts';
import type { ListingViews } from './listing-views.ts';
import { listingRejectedEmail } from './listings.emails.ts';
import { countByApproval, findListing, listByApproval, updateListing } from './listings.repository.ts';

const ADMIN_PAGE_SIZE = 20;

/**
 * The administrators' review of listings: the queue (with what an edit changed since the last
 * review, listing-review.ts), approval, and rejection with its reason emailed to the seller.
 */
export function createListingModeration(
  ctx: Pick<ListingContext, 'db' | 'clock' | 'audit' | 'notifications' | 'appUrl' | 'listingChanged'>,
  parts: { views: Pick<ListingViews, 'toViews' | 'getOwn'> },
) {
  const { db, clock, audit, notifications, listingChanged } = ctx;
  const { toViews, getOwn } = parts.views;

  async function adminList(
    status: AdminListing['approvalStatus'] | undefined,
    page: number,
  ): Promise<AdminListingPage> {
    const { rows, total } = await listByApproval(db, status, page, ADMIN_PAGE_SIZE);
    const views = await toViews(rows);
    return {
      items: views.map((v, i) => ({
        ...v,
        ownerEmail: rows[i].ownerEmail,
        reviewedByAdminEmail: rows[i].reviewedByAdminEmail,
        reviewChanges: rows[i].reviewChanges ?? [],
        holdReason: rows[i].holdReason,
      })),
      total,
      page,
      pageSize: ADMIN_PAGE_SIZE,
    };
  }

  async function approve(admin: SessionUser, id: string, notes?: string): Promise<OwnListing> {
    if (!(await findListing(db, id))) throw new AppError('NOT_FOUND', NOT_FOUND);
    await db.transaction(async (tx) => {
      await updateListing(tx, id, {
        approvalStatus: 'approved',
        holdReason: null,
        reviewChanges: null,
        adminNotes: notes || null,
        reviewedByAdminEmail: admin.email,
        reviewedAt: clock.now(),
      });
      await audit(
        {
          actor: admin,
          action: 'listing.approve',
          targetType: 'listing',
          targetId: id,
          details: notes ? { notes } : {},
        },
        tx,
      );
    });
    await listingChanged(id);
    return getOwn(id);
  }

  async function reject(admin: SessionUser, id: string, reason: string): Promise<OwnListing> {
    const row = await findListing(db, id);
    if (!row) throw new AppError('NOT_FOUND', NOT_FOUND);
    await db.transaction(async (tx) => {
      await updateListing(tx, id, {
        approvalStatus: 'rejected',
        reviewChanges: null,
        adminNotes: reason,
        reviewedByAdminEmail: admin.email,
        reviewedAt: clock.now(),
      });
      await audit(
        { actor: admin, action: 'listing.reject', targetType: 'listing', targetId: id, details: { reason } },
        tx,
      );
      // In the transaction: the seller hears of the rejection exactly when it is committed.
      await notifications.queueEmail(
        {
          to: row.ownerEmail,
          kind: 'listing-rejected',
          meta: { listingId: id },
          render: (brand) =>
            listingRejectedEmail(brand, row.sellerName, row.title, reason, `${ctx.appUrl}/listings/manage`),
        },
        { tx },
      );
    });
    await listingChanged(id);
    return getOwn(id);
  }

  /** Listings waiting for an administrator's review (the admin dashboard count). */
  async function countPendingReview(): Promise<number> {
    return countByApproval(db, 'pending');
  }

  return { adminList, countPendingReview, approve, reject };
}
