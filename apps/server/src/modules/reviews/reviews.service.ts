import { randomUUID } from 'node:crypto';
import { dealRoleOf } from '@app/shared/deals/deal-machine';
import {
  API_MESSAGES,
  type V1CompanyReviewsQuery,
  type V1Review,
  type V1ReviewPage,
} from '@app/shared/public-api/public-api.schemas';
import {
  type AdminReview,
  type AdminReviewPage,
  type DealReviews,
  type HideReviewBody,
  REVIEW_MESSAGES,
  REVIEW_RULES,
  type ReplyBody,
  type Review,
  type ReviewBody,
  type ReviewPage,
  reviewAverage,
} from '@app/shared/reviews/reviews.schemas';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import type { AuditRecorder } from '../access/index.ts';
import type { SessionUser } from '../accounts/index.ts';
import type { NotificationsService } from '../notifications/index.ts';
import type { RealtimeService } from '../realtime/index.ts';
import type { ReputationService } from './reputation.service.ts';
import {
  reviewHiddenEmail,
  reviewPublishedEmail,
  reviewReceivedEmail,
  reviewRestoredEmail,
} from './reviews.emails.ts';
import {
  claimDuePublications,
  findDealForReview,
  findReviewsWithPeople,
  findReviewWithPeople,
  findUserContact,
  insertReview,
  listPublicReviews,
  listPublicReviewsAfter,
  listRecentReviews,
  listReviewsOfDeal,
  lockDealReviews,
  lockReview,
  markPublicationsCounted,
  publishReviewsOfDeal,
  type ReviewCursorPosition,
  type ReviewRow,
  type ReviewWithPeople,
  updateReview,
} from './reviews.repository.ts';

export type ReviewsDeps = {
  db: Db;
  clock: Clock;
  appUrl: string;
  notifications: Pick<NotificationsService, 'queueEmail'>;
  /** Tells both parties' open pages that a review of their deal became public. */
  realtime: Pick<RealtimeService, 'publishToUsers'>;
  isAdmin(userId: string): Promise<boolean>;
  audit: AuditRecorder;
  reputation: ReputationService;
};

const WINDOW_MS = REVIEW_RULES.windowDays * 86_400_000;
/** Reviews published by time that one pass of the job announces at most. */
const ANNOUNCE_BATCH = 200;

/**
 * Reviews of concluded deals: each party reviews the other once, within the window; double-blind
 * (published when both have written, or when the window ends); one public reply by the reviewed party;
 * administrators hide abusive ones with a reason.
 */
export function createReviewsService(deps: ReviewsDeps) {
  const { db, clock, reputation } = deps;

  /** The view of a review. `viewerSeesHidden`: its author and administrators see why it was hidden. */
  function toView(r: ReviewWithPeople, now: Date, viewerSeesHidden: boolean): Review {
    const row = r.review;
    const stars = {
      asAgreed: row.starsAsAgreed,
      communication: row.starsCommunication,
      timeliness: row.starsTimeliness,
    };
    return {
      id: row.id,
      dealId: row.dealId,
      authorRole: row.authorRole,
      author: { id: row.authorUserId, name: r.authorName, companyName: r.authorCompany },
      subjectUserId: row.subjectUserId,
      stars,
      average: reviewAverage(stars),
      comment: row.comment,
      dealTitle: r.dealTitle,
      createdAt: row.createdAt.toISOString(),
      publishedAt: row.publishedAt.toISOString(),
      published: row.publishedAt <= now,
      reply:
        row.replyText && row.repliedAt
          ? { text: row.replyText, createdAt: row.repliedAt.toISOString() }
          : null,
      hiddenReason: viewerSeesHidden ? row.hiddenReason : null,
    };
  }

  function toAdminView(r: ReviewWithPeople, now: Date): AdminReview {
    return {
      ...toView(r, now, true),
      authorEmail: r.authorEmail,
      subjectName: r.subjectName,
      hiddenAt: r.review.hiddenAt?.toISOString() ?? null,
      hiddenByAdminEmail: r.review.hiddenByAdminEmail,
    };
  }

  /** The deal if the user is a party (administrators read any); otherwise the deals module's 404. */
  async function dealFor(userId: string, dealId: string) {
    const deal = await findDealForReview(db, dealId);
    if (!deal) throw new AppError('NOT_FOUND', REVIEW_MESSAGES.dealNotFound);
    const role = dealRoleOf(deal, userId);
    if (!role && !(await deps.isAdmin(userId))) throw new AppError('NOT_FOUND', REVIEW_MESSAGES.dealNotFound);
    return { deal, role };
  }

  /** Where the reviews of a deal stand, for a party: their own review, and the other's only once published. */
  async function getDealReviews(user: SessionUser, dealId: string): Promise<DealReviews> {
    const { deal, role } = await dealFor(user.id, dealId);
    const now = clock.now();
    const reviews = await listReviewsOfDeal(db, dealId);
    const windowEndsAt = deal.concludedAt ? new Date(deal.concludedAt.getTime() + WINDOW_MS) : null;
    const mine = reviews.find((r) => r.review.authorUserId === user.id) ?? null;
    const theirs = reviews.find((r) => r.review.authorUserId !== user.id) ?? null;
    // An administrator (no role) sees both, as the back office does.
    const theirsVisible =
      theirs && (role === null || (theirs.review.publishedAt <= now && theirs.review.hiddenAt === null));
    const open = windowEndsAt !== null && now < windowEndsAt && role !== null && mine === null;
    return {
      dealId,
      state: !deal.concludedAt ? 'pending' : open ? 'open' : 'closed',
      concludedAt: deal.concludedAt?.toISOString() ?? null,
      windowEndsAt: windowEndsAt?.toISOString() ?? null,
      canReview: open,
      mine: mine ? toView(mine, now, true) : null,
      theirs: theirs && theirsVisible ? toView(theirs, now, role === null) : null,
      theirsWritten: theirs !== null,
    };
  }

  /** A party reviews the other, once, within the window of a concluded deal. */
  async function submitReview(user: SessionUser, dealId: string, body: ReviewBody): Promise<DealReviews> {
    const deal = await findDealForReview(db, dealId);
    const role = deal ? dealRoleOf(deal, user.id) : null;
    if (!deal || !role) throw new AppError('NOT_FOUND', REVIEW_MESSAGES.dealNotFound);
    if (!deal.concludedAt) throw new AppError('CONFLICT', REVIEW_MESSAGES.notConcluded);
    const windowEndsAt = new Date(deal.concludedAt.getTime() + WINDOW_MS);
    const now = clock.now();
    if (now >= windowEndsAt) throw new AppError('CONFLICT', REVIEW_MESSAGES.windowClosed);
    const subjectUserId = role === 'buyer' ? deal.sellerUserId : deal.buyerUserId;
    const outcome = await db.transaction(async (tx) => {
      // One review at a time per deal: the second one sees the first and publishes both.
      await lockDealReviews(tx, dealId);
      const before = await listReviewsOfDeal(tx, dealId);
      if (before.some((r) => r.review.authorUserId === user.id))
        throw new AppError('CONFLICT', REVIEW_MESSAGES.alreadyReviewed);
      const other = before.find((r) => r.review.authorUserId === subjectUserId);
      const inserted = await insertReview(tx, {
        id: randomUUID(),
        dealId,
        authorUserId: user.id,
        subjectUserId,
        authorRole: role,
        starsAsAgreed: body.stars.asAgreed,
        starsCommunication: body.stars.communication,
        starsTimeliness: body.stars.timeliness,
        comment: body.comment ? body.comment : null,
        createdAt: now,
        publishedAt: other ? now : windowEndsAt,
      });
      if (!inserted) throw new AppError('CONFLICT', REVIEW_MESSAGES.alreadyReviewed);
      if (other) {
        const published = await publishReviewsOfDeal(tx, dealId, now);
        await queuePublicationEmails(tx, published);
        return { published };
      }
      // The other party hears of it (never of its content) and is invited to write theirs.
      const subject = await findUserContact(tx, subjectUserId);
      if (subject)
        await deps.notifications.queueEmail(
          {
            to: subject.email,
            kind: 'review-received',
            meta: { dealId, reviewId: inserted.id },
            render: (brand) =>
              reviewReceivedEmail(
                brand,
                subject.name,
                deal.title ?? 'your deal',
                windowEndsAt,
                `${deps.appUrl}/deals?deal=${dealId}`,
              ),
          },
          { tx },
        );
      return { published: [] as ReviewRow[] };
    });
    if (outcome.published.length > 0) {
      await reputation.recomputeReputation([deal.buyerUserId, deal.sellerUserId]);
      await markPublicationsCounted(
        db,
        outcome.published.map((r) => r.id),
      );
      await announcePublished(outcome.published);
    }
    return getDealReviews(user, dealId);
  }

  /**
   * Emails each party of the deals whose reviews just became public, in the publishing transaction:
   * one email per party and deal, naming the review of them and their own. A hidden review is never
   * mentioned, and a party with nothing visible to hear of gets no email.
   */
  async function queuePublicationEmails(tx: Db, published: ReviewRow[]): Promise<void> {
    const visible = await findReviewsWithPeople(
      tx,
      published.filter((r) => r.hiddenAt === null).map((r) => r.id),
    );
    const dealIds = [...new Set(visible.map((r) => r.review.dealId))];
    for (const dealId of dealIds) {
      const ofDeal = visible.filter((r) => r.review.dealId === dealId);
      const parties = new Map<string, { name: string; email: string }>();
      for (const r of ofDeal) {
        parties.set(r.review.authorUserId, { name: r.authorName, email: r.authorEmail });
        parties.set(r.review.subjectUserId, { name: r.subjectName, email: r.subjectEmail });
      }
      for (const [userId, party] of parties) {
        const theirs = ofDeal.find((r) => r.review.subjectUserId === userId);
        const mine = ofDeal.find((r) => r.review.authorUserId === userId);
        const dealTitle = (theirs ?? mine)?.dealTitle ?? 'your deal';
        await deps.notifications.queueEmail(
          {
            to: party.email,
            kind: 'review-published',
            meta: { dealId, reviewIds: ofDeal.map((r) => r.review.id) },
            render: (brand) =>
              reviewPublishedEmail(
                brand,
                party.name,
                {
                  dealTitle,
                  theirs: theirs ? { authorName: theirs.authorName } : null,
                  mine: mine ? { subjectName: mine.subjectName } : null,
                },
                `${deps.appUrl}/deals?deal=${dealId}`,
              ),
          },
          { tx },
        );
      }
    }
  }

  /**
   * `review.published` to both parties of each deal with a visible review just published, once the
   * figures count it: open company pages and deal cards read them again. Best effort.
   */
  async function announcePublished(published: ReviewRow[]): Promise<void> {
    const deals = new Map<string, Set<string>>();
    for (const r of published.filter((p) => p.hiddenAt === null)) {
      const parties = deals.get(r.dealId) ?? new Set<string>();
      parties.add(r.authorUserId).add(r.subjectUserId);
      deals.set(r.dealId, parties);
    }
    for (const [dealId, parties] of deals)
      await deps.realtime.publishToUsers([...parties], { type: 'review.published', dealId }).catch(() => {});
  }

  /**
   * The time half of double-blind, run by the reviews job: reviews whose window ended are announced
   * once (emails in the claiming transaction, a review hidden meanwhile to nobody), the subjects'
   * figures recomputed, then the realtime event. Returns how many visible reviews it announced.
   */
  async function announceDuePublications(): Promise<number> {
    const now = clock.now();
    const claimed = await db.transaction(async (tx) => {
      const rows = await claimDuePublications(tx, now, ANNOUNCE_BATCH);
      await queuePublicationEmails(tx, rows);
      return rows;
    });
    const visible = claimed.filter((r) => r.hiddenAt === null);
    if (visible.length === 0) return 0;
    await reputation.recomputeReputation(visible.map((r) => r.subjectUserId));
    await markPublicationsCounted(
      db,
      visible.map((r) => r.id),
    );
    await announcePublished(visible);
    return visible.length;
  }

  /** The reviewed party answers a published review, once, in public. */
  async function reply(user: SessionUser, reviewId: string, body: ReplyBody): Promise<Review> {
    const now = clock.now();
    await db.transaction(async (tx) => {
      const row = await lockReview(tx, reviewId);
      // Before publication only its two parties know the review exists; a hidden one is gone for all.
      const known =
        row && (row.publishedAt <= now || [row.subjectUserId, row.authorUserId].includes(user.id));
      if (!row || !known || row.hiddenAt) throw new AppError('NOT_FOUND', REVIEW_MESSAGES.reviewNotFound);
      if (row.subjectUserId !== user.id) throw new AppError('FORBIDDEN', REVIEW_MESSAGES.replyNotYours);
      if (row.publishedAt > now) throw new AppError('CONFLICT', REVIEW_MESSAGES.replyNotPublished);
      if (row.replyText !== null) throw new AppError('CONFLICT', REVIEW_MESSAGES.alreadyReplied);
      await updateReview(tx, reviewId, { replyText: body.text, repliedAt: now });
    });
    const found = await findReviewWithPeople(db, reviewId);
    if (!found) throw new AppError('NOT_FOUND', REVIEW_MESSAGES.reviewNotFound);
    return toView(found, now, false);
  }

  /**
   * An administrator hides a review with a reason: audited, its author emailed, the subject's reputation
   * recomputed. Also the face other modules call (the reports queue).
   */
  async function hideReview(
    admin: SessionUser,
    reviewId: string,
    body: HideReviewBody,
  ): Promise<AdminReview> {
    const reason = body.reason.trim();
    if (!reason) throw new AppError('VALIDATION_FAILED', REVIEW_MESSAGES.hideReasonRequired);
    return setHidden(admin, reviewId, { reason });
  }

  /** Undoes a hide: the review counts again where it did before, audited with the reason it was hidden for. */
  async function restoreReview(admin: SessionUser, reviewId: string): Promise<AdminReview> {
    return setHidden(admin, reviewId, null);
  }

  /** Hides (with a reason) or restores (null) a review in one transaction with its audit row and email. */
  async function setHidden(
    admin: SessionUser,
    reviewId: string,
    hide: { reason: string } | null,
  ): Promise<AdminReview> {
    const updated = await db.transaction(async (tx) => {
      const row = await lockReview(tx, reviewId);
      if (!row) throw new AppError('NOT_FOUND', REVIEW_MESSAGES.reviewNotFound);
      if (hide && row.hiddenAt) throw new AppError('CONFLICT', REVIEW_MESSAGES.alreadyHidden);
      if (!hide && !row.hiddenAt) throw new AppError('CONFLICT', REVIEW_MESSAGES.notHidden);
      await updateReview(
        tx,
        reviewId,
        hide
          ? { hiddenAt: clock.now(), hiddenReason: hide.reason, hiddenByAdminEmail: admin.email }
          : { hiddenAt: null, hiddenReason: null, hiddenByAdminEmail: null },
      );
      const people = { dealId: row.dealId, authorUserId: row.authorUserId };
      await deps.audit(
        {
          actor: admin,
          action: hide ? 'review.hide' : 'review.restore',
          targetType: 'review',
          targetId: reviewId,
          details: hide ? { reason: hide.reason, ...people } : { hiddenReason: row.hiddenReason, ...people },
        },
        tx,
      );
      // The review as it now stands, for the email and the answer (locked above, so it is there).
      const found = await findReviewWithPeople(tx, reviewId);
      if (!found) throw new AppError('NOT_FOUND', REVIEW_MESSAGES.reviewNotFound);
      const dealTitle = found.dealTitle ?? 'your deal';
      const dealUrl = `${deps.appUrl}/deals?deal=${row.dealId}`;
      await deps.notifications.queueEmail(
        {
          to: found.authorEmail,
          kind: hide ? 'review-hidden' : 'review-restored',
          meta: { reviewId, dealId: row.dealId },
          render: (brand) =>
            hide
              ? reviewHiddenEmail(brand, found.authorName, dealTitle, hide.reason, dealUrl)
              : reviewRestoredEmail(brand, found.authorName, dealTitle, dealUrl),
        },
        { tx },
      );
      return found;
    });
    await reputation.recomputeReputation([updated.review.subjectUserId]);
    return toAdminView(updated, clock.now());
  }

  /** A review in its context (deal, author, subject, state), for the back office and the reports queue. */
  async function loadReview(reviewId: string): Promise<AdminReview> {
    const found = await findReviewWithPeople(db, reviewId);
    if (!found) throw new AppError('NOT_FOUND', REVIEW_MESSAGES.reviewNotFound);
    return toAdminView(found, clock.now());
  }

  /** A company's public reviews (its owner's), newest first. */
  async function companyReviews(companyId: string, page: number): Promise<ReviewPage> {
    const userId = await reputation.ownerOfCompany(companyId);
    const now = clock.now();
    const { rows, total } = await listPublicReviews(db, userId, now, page, REVIEW_RULES.pageSize);
    return { items: rows.map((r) => toView(r, now, false)), total, page, pageSize: REVIEW_RULES.pageSize };
  }

  /**
   * A company's public reviews for the public API, newest first, by an opaque cursor (base64url JSON
   * of the last review's publication, creation and id). Published and visible ones only, as everywhere.
   */
  async function companyReviewsByCursor(
    companyId: string,
    query: V1CompanyReviewsQuery,
  ): Promise<V1ReviewPage> {
    const userId = await reputation.ownerOfCompany(companyId);
    const after = query.cursor === undefined ? null : decodeReviewCursor(query.cursor, companyId);
    const now = clock.now();
    const rows = await listPublicReviewsAfter(db, userId, now, after, query.limit + 1);
    const page = rows.slice(0, query.limit);
    const last = page.at(-1)?.review;
    return {
      items: page.map((r) => toPublicApiView(toView(r, now, false))),
      nextCursor: rows.length > query.limit && last ? encodeReviewCursor(companyId, last) : null,
    };
  }

  async function adminList(page: number): Promise<AdminReviewPage> {
    const now = clock.now();
    const { rows, total } = await listRecentReviews(db, page, REVIEW_RULES.adminPageSize);
    return { items: rows.map((r) => toAdminView(r, now)), total, page, pageSize: REVIEW_RULES.adminPageSize };
  }

  return {
    getDealReviews,
    submitReview,
    reply,
    hideReview,
    restoreReview,
    loadReview,
    companyReviews,
    adminList,
    announceDuePublications,
    companyReviewsByCursor,
  };
}

export type ReviewsService = ReturnType<typeof createReviewsService>;

/** A public review as the public API gives it: no deal id, no author id, nothing of moderation. */
function toPublicApiView(view: Review): V1Review {
  const { id, authorRole, author, stars, average, comment, dealTitle, publishedAt, reply } = view;
  return {
    id,
    authorRole,
    author: { name: author.name, companyName: author.companyName },
    stars,
    average,
    comment,
    dealTitle,
    publishedAt,
    reply,
  };
}

/** The company's list and the last review's order key, as base64url JSON. */
function encodeReviewCursor(companyId: string, row: ReviewRow): string {
  const at = [companyId, row.publishedAt.toISOString(), row.createdAt.toISOString(), row.id];
  return Buffer.from(JSON.stringify(at)).toString('base64url');
}

/**
 * A cursor is client input: anything that is not exactly what encodeReviewCursor made for this
 * company's list is refused.
 */
function decodeReviewCursor(cursor: string, companyId: string): ReviewCursorPosition {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw new AppError('VALIDATION_FAILED', API_MESSAGES.invalidReviewsCursor);
  }
  const [ofCompany, publishedAt, createdAt, id] = Array.isArray(parsed) ? parsed : [];
  const isInstant = (v: unknown): v is string =>
    typeof v === 'string' && /^\d{4}-\d{2}-\d{2}T[\d:.]+Z$/.test(v) && !Number.isNaN(Date.parse(v));
  if (
    !Array.isArray(parsed) ||
    parsed.length !== 4 ||
    ofCompany !== companyId ||
    !isInstant(publishedAt) ||
    !isInstant(createdAt) ||
    typeof id !== 'string' ||
    id.length === 0 ||
    id.length > 100
  )
    throw new AppError('VALIDATION_FAILED', API_MESSAGES.invalidReviewsCursor);
  return { publishedAt: new Date(publishedAt), createdAt: new Date(createdAt), id };
}
