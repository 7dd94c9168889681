import { formatCents } from '@app/shared/money/money';
import type { AdminReview } from '@app/shared/reviews/reviews.schemas';
import type { ReportContext, ReportTargetType } from '@app/shared/trust/trust.schemas';
import type { Db } from '../../db/client.ts';
import type { SessionUser } from '../accounts/index.ts';
import type { CompaniesService } from '../companies/index.ts';
import type { ListingsService } from '../listings/index.ts';
import type { MessagingService } from '../messaging/index.ts';
import { findCompanyFacts, findListingFacts } from './reports.repository.ts';

/** The reported item in context, without its owner (the queue adds the person the report is about). */
export type TargetContext = Omit<ReportContext, 'owner'>;

/**
 * What the reports queue needs of one kind of item. A module registers its kind with the trust
 * module (`registerReportTarget`), so reports of it are accepted and shown only while it does.
 */
export type ReportTargetHandler = {
  /** "Listing not found": a missing item, or one the reporter may not see. */
  notFoundMessage: string;
  /** Its name in "You can't report your own …". */
  noun: string;
  /** The item's owner, when `reporterId` may see the item; null when it does not exist for them. */
  findForReporter(targetId: string, reporterId: string): Promise<{ ownerId: string | null } | null>;
  /** The item in context for an administrator; null when it no longer exists. */
  loadContext(targetId: string): Promise<TargetContext | null>;
  /** Hides the item with the administrator's reason (the owning module tells its owner, where it does). */
  hide(admin: SessionUser, targetId: string, reason: string): Promise<void>;
};

export type ReportTargetRegistry = {
  register(type: ReportTargetType, handler: ReportTargetHandler): void;
  get(type: ReportTargetType): ReportTargetHandler | undefined;
};

export function createReportTargetRegistry(): ReportTargetRegistry {
  const handlers = new Map<ReportTargetType, ReportTargetHandler>();
  return {
    register: (type, handler) => void handlers.set(type, handler),
    get: (type) => handlers.get(type),
  };
}

/** Listings: shown with their facts; hiding one rejects it (the seller is emailed the reason). */
export function listingReportTarget(db: Db, listings: Pick<ListingsService, 'reject'>): ReportTargetHandler {
  return {
    notFoundMessage: 'Listing not found',
    noun: 'listing',
    async findForReporter(id) {
      const listing = await findListingFacts(db, id);
      return listing ? { ownerId: listing.userId } : null;
    },
    async loadContext(id) {
      const l = await findListingFacts(db, id);
      if (!l) return null;
      return {
        title: l.title,
        details: [
          `${l.type === 'buy' ? 'Buying' : 'Selling'} · ${l.category}${l.grade ? ` · ${l.grade}` : ''}`,
          `${Number(l.quantity)} ${l.unit} at ${formatCents(l.priceCents)} per ${l.unit === 'pieces' ? 'piece' : l.unit.replace(/s$/, '')}`,
          `Status: ${l.status}, ${l.approvalStatus}`,
        ],
        body: null,
        excerpt: [],
        hidden: l.approvalStatus === 'rejected',
        link: `/listings/${l.id}`,
      };
    },
    async hide(admin, id, reason) {
      await listings.reject(admin, id, reason);
    },
  };
}

/** Companies: shown with their standing; hiding one removes it from the directory (the owner is emailed). */
export function companyReportTarget(
  db: Db,
  companies: Pick<CompaniesService, 'remove'>,
): ReportTargetHandler {
  return {
    notFoundMessage: 'Company not found',
    noun: 'company',
    async findForReporter(id) {
      const company = await findCompanyFacts(db, id);
      return company && !company.removedAt ? { ownerId: company.userId } : null;
    },
    async loadContext(id) {
      const c = await findCompanyFacts(db, id);
      if (!c) return null;
      return {
        title: c.companyName,
        details: [
          c.verified ? 'Verified company' : 'Not verified',
          `Contact: ${c.contactEmail}`,
          `In the directory since ${c.createdAt.toISOString().slice(0, 10)}`,
        ],
        body: null,
        excerpt: [],
        hidden: c.removedAt !== null,
        link: `/companies/${c.id}`,
      };
    },
    async hide(admin, id, reason) {
      await companies.remove(admin, id, reason);
    },
  };
}

/**
 * Messages: reportable by the conversation's two participants only; shown with the conversation
 * around them (the original words, fraud signals marked); hiding one replaces it for both.
 */
export function messageReportTarget(
  messaging: Pick<MessagingService, 'findReportableMessage' | 'messageInContext' | 'hideMessage'>,
): ReportTargetHandler {
  return {
    notFoundMessage: 'Message not found',
    noun: 'message',
    async findForReporter(id, reporterId) {
      const message = await messaging.findReportableMessage(id, reporterId);
      return message ? { ownerId: message.senderId } : null;
    },
    async loadContext(id) {
      const found = await messaging.messageInContext(id);
      if (!found) return null;
      const sender = found.lines.find((line) => line.id === id)?.senderName ?? 'a trader';
      return {
        title: `Message from ${sender}`,
        details: [`Conversation: ${found.conversation.subject}`],
        body: null,
        excerpt: found.lines.map((line) => ({
          id: line.id,
          senderName: line.senderName,
          content: line.content,
          createdAt: line.createdAt.toISOString(),
          reported: line.id === id,
          fraudSignals: line.fraudSignals,
          hidden: line.hidden,
        })),
        hidden: found.message.hidden,
        link: null,
      };
    },
    async hide(_admin, id) {
      await messaging.hideMessage(id);
    },
  };
}

/**
 * Reviews (the reviews module's face): reportable once published, or by the two parties of the deal;
 * hiding one is the reviews module's own Hide (audited, its author emailed, the rating recomputed).
 */
export function reviewReportTarget(reviews: {
  loadReview(id: string): Promise<AdminReview>;
  hideReview(admin: SessionUser, id: string, body: { reason: string }): Promise<unknown>;
}): ReportTargetHandler {
  const load = async (id: string) => reviews.loadReview(id).catch(() => null);
  return {
    notFoundMessage: 'Review not found',
    noun: 'review',
    async findForReporter(id, reporterId) {
      const review = await load(id);
      if (!review || review.hiddenAt) return null;
      const party = review.author.id === reporterId || review.subjectUserId === reporterId;
      return review.published || party ? { ownerId: review.author.id } : null;
    },
    async loadContext(id) {
      const review = await load(id);
      if (!review) return null;
      return {
        title: `Review by ${review.author.name} of ${review.subjectName}`,
        details: [
          `${review.average.toFixed(1)} of 5 stars`,
          review.dealTitle ? `Deal: ${review.dealTitle}` : 'Deal',
          review.published ? 'Published' : 'Not yet published',
        ],
        body: review.comment,
        excerpt: [],
        hidden: review.hiddenAt !== null,
        link: null,
      };
    },
    async hide(admin, id, reason) {
      await reviews.hideReview(admin, id, { reason });
    },
  };
}
