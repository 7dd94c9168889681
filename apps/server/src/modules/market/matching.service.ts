import {
  type ListMatchesQuery,
  MATCH_LIMITS,
  type Match,
  type MatchList,
  type MatchPreferences,
  type MatchReasons,
  matchReasonText,
  type UpdateMatchPreferencesBody,
} from '@app/shared/market/matching.schemas';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import type { SessionUser } from '../accounts/index.ts';
import type { NotificationsService, PushService, UserNotificationsService } from '../notifications/index.ts';
import type { RealtimeService } from '../realtime/index.ts';
import type { SettingsService } from '../settings/index.ts';
import { matchDigestEmail } from './matching.emails.ts';
import {
  type BlockedBetweenSql,
  deleteCrossFamilyMatches,
  deleteMatchesOf,
  findListingsByIds,
  findMatchCandidates,
  findMatchPreferences,
  findMatchSubject,
  findMatchView,
  listDigestRecipients,
  listMatchesOfListing,
  listMatchesOfUser,
  listMatchesOfUserSince,
  type MatchCandidate,
  type MatchSubject,
  type MatchView,
  markDigestSent,
  type NewMatch,
  replaceMatchesOf,
  upsertMatchPreferences,
} from './matching.repository.ts';
import type { StoredMatchReasons } from './matching.table.ts';

/** The smaller quantity must be at least a tenth of the larger for two listings to "overlap". */
export const MIN_QUANTITY_FIT = 0.1;
const DIGEST_BATCH = 200;
const DIGEST_MAX_MATCHES = 10;
const LISTING_NOT_FOUND = 'Listing not found';
const NOT_YOUR_LISTING = 'Only the owner of a listing can see its matches';

/** The listing of a new match that changed last, which a notification is about. */
type NewcomerListing = { id: string; title: string; type: 'buy' | 'sell' };

export type MatchingService = ReturnType<typeof createMatchingService>;

/** Smart matching: computes and stores matches per listing, tells the owners, lists them, sends digests. */
export function createMatchingService(deps: {
  db: Db;
  clock: Clock;
  settings: Pick<SettingsService, 'get'>;
  realtime: Pick<RealtimeService, 'publishToUser'>;
  userNotifications: Pick<UserNotificationsService, 'notify'>;
  notifications: Pick<NotificationsService, 'queueEmail'>;
  /** Web Push of new matches to the owners' devices. */
  push?: Pick<PushService, 'queue'>;
  appUrl: string;
  logger?: { error(obj: unknown, msg?: string): void };
  /** Whether a block stands between two users, as SQL (the trust module's): they never match. */
  blockedBetween?: BlockedBetweenSql;
}) {
  const { db, clock, settings, realtime, userNotifications, notifications, appUrl, blockedBetween } = deps;

  function isVisible(subject: MatchSubject, preModeration: boolean): boolean {
    if (subject.status !== 'active' || subject.holdReason !== null) return false;
    return preModeration ? subject.approvalStatus === 'approved' : subject.approvalStatus !== 'rejected';
  }

  /**
   * Recomputes the matches of one listing (the market.matching.compute job): replaces its stored
   * matches, then gives each owner of a newly matched listing one in-app notification and both owners
   * a 'match.found' event. A listing that is gone or not visible loses its matches.
   */
  async function computeMatches(listingId: string): Promise<{ matched: number; created: number }> {
    const preModeration = await settings.get('listings.pre_moderation');
    const subject = await findMatchSubject(db, listingId);
    if (!subject || !isVisible(subject, preModeration)) {
      if (subject) await deleteMatchesOf(db, listingId);
      return { matched: 0, created: 0 };
    }
    const candidates = await findMatchCandidates(db, subject, {
      toleranceBps: await settings.get('market.match_price_tolerance_bps'),
      minQuantityFit: MIN_QUANTITY_FIT,
      preModeration,
      limit: MATCH_LIMITS.perListing,
      blockedBetween,
    });
    const matches = candidates.map((c) => toNewMatch(subject, c));
    const ownerOf = new Map(candidates.map((c) => [c.id, c.userId]));
    const now = clock.now();
    const created = await db.transaction(async (tx) => {
      const fresh = await replaceMatchesOf(tx, listingId, matches, now);
      await notifyOwnersOfEarlierListings(tx, subject, fresh, ownerOf);
      return fresh;
    });
    await announce(listingId, subject.userId, created, ownerOf);
    return { matched: matches.length, created: created.length };
  }

  /**
   * One in-app notification per owner whose listing was there first: the owner of a new or just
   * changed listing sees its matches on the page they land on, the owners of the listings it matches
   * are told. Deciding by the last change, not by which side the job computed, keeps this right when a
   * backfill reaches the older listing first.
   */
  async function notifyOwnersOfEarlierListings(
    tx: Db,
    subject: MatchSubject,
    fresh: { buyListingId: string; sellListingId: string; reasons: StoredMatchReasons }[],
    ownerOf: Map<string, string>,
  ) {
    if (fresh.length === 0) return;
    const counterpartIds = fresh.map((m) =>
      m.buyListingId === subject.id ? m.sellListingId : m.buyListingId,
    );
    const counterparts = new Map((await findListingsByIds(tx, counterpartIds)).map((l) => [l.id, l]));
    const byRecipient = new Map<
      string,
      { about: NewcomerListing; aboutOwnerId: string; reasons: StoredMatchReasons }[]
    >();
    for (const [i, m] of fresh.entries()) {
      const other = counterparts.get(counterpartIds[i]);
      if (!other) continue;
      const otherType: NewcomerListing['type'] = subject.type === 'buy' ? 'sell' : 'buy';
      const subjectIsNewer = subject.updatedAt.getTime() >= other.updatedAt.getTime();
      const otherOwnerId = ownerOf.get(other.id) as string;
      const [recipient, about, aboutOwnerId]: [string, NewcomerListing, string] = subjectIsNewer
        ? [otherOwnerId, { id: subject.id, title: subject.title, type: subject.type }, subject.userId]
        : [subject.userId, { id: other.id, title: other.title, type: otherType }, otherOwnerId];
      byRecipient.set(recipient, [
        ...(byRecipient.get(recipient) ?? []),
        { about, aboutOwnerId, reasons: m.reasons },
      ]);
    }
    const notices = [...byRecipient.entries()].map(([userId, list]) => {
      const best = list[0];
      // The reasons as the recipient reads them: from their own side of the pair.
      const reasons = reasonsFor(best.reasons, best.about.type === 'buy' ? 'sell' : 'buy');
      return {
        userId,
        kind: 'match-found' as const,
        title:
          list.length === 1
            ? `New ${best.about.type === 'buy' ? 'buyer' : 'seller'} for your listing`
            : `${list.length} new matches for your listings`,
        body: `${best.about.title}: ${matchReasonText(reasons)}`,
        link: `/listings/${best.about.id}`,
        // One owner behind every match of the notice: a block made before the push leaves drops it.
        aboutOwnerId: new Set(list.map((n) => n.aboutOwnerId)).size === 1 ? best.aboutOwnerId : null,
      };
    });
    await userNotifications.notify(
      notices.map(({ aboutOwnerId: _, ...notice }) => notice),
      tx,
    );
    // The same notice on the owners' devices, with the match's transaction.
    for (const notice of notices)
      await deps.push?.queue(
        notice.userId,
        'matches',
        { title: notice.title, body: notice.body, url: notice.link, tag: `match-${subject.id}` },
        { tx, about: notice.aboutOwnerId },
      );
  }

  /** 'match.found' to both owners of each new match, each seeing it from their own listing. */
  async function announce(
    listingId: string,
    ownerId: string,
    created: { id: string; buyListingId: string; sellListingId: string }[],
    ownerOf: Map<string, string>,
  ) {
    for (const m of created) {
      const other = m.buyListingId === listingId ? m.sellListingId : m.buyListingId;
      for (const [ownListingId, userId] of [
        [other, ownerOf.get(other) as string],
        [listingId, ownerId],
      ] as const) {
        try {
          const view = await findMatchView(db, m.id, ownListingId);
          if (view) await realtime.publishToUser(userId, { type: 'match.found', match: toMatch(view) });
        } catch (err) {
          deps.logger?.error({ err, matchId: m.id }, 'match.found event failed');
        }
      }
    }
  }

  /** "Matches for you": the best matches across the user's visible listings. */
  async function listMyMatches(user: SessionUser, query: ListMatchesQuery): Promise<MatchList> {
    const preModeration = await settings.get('listings.pre_moderation');
    const views = await listMatchesOfUser(db, user.id, query.limit, preModeration, blockedBetween);
    return { items: views.map(toMatch) };
  }

  /** The matches of one listing; its owner only. */
  async function listListingMatches(
    user: SessionUser,
    listingId: string,
    query: ListMatchesQuery,
  ): Promise<MatchList> {
    const subject = await findMatchSubject(db, listingId);
    if (!subject) throw new AppError('NOT_FOUND', LISTING_NOT_FOUND);
    if (subject.userId !== user.id) throw new AppError('FORBIDDEN', NOT_YOUR_LISTING);
    const preModeration = await settings.get('listings.pre_moderation');
    const views = await listMatchesOfListing(db, listingId, query.limit, preModeration, blockedBetween);
    return { items: views.map(toMatch) };
  }

  async function getPreferences(user: SessionUser): Promise<MatchPreferences> {
    const row = await findMatchPreferences(db, user.id);
    return { emailDigest: row?.emailDigest ?? true };
  }

  async function updatePreferences(
    user: SessionUser,
    body: UpdateMatchPreferencesBody,
  ): Promise<MatchPreferences> {
    await upsertMatchPreferences(db, user.id, body);
    return getPreferences(user);
  }

  /**
   * The daily digest: one email per user with new matches since their last digest, at most one per
   * UTC day, unless they turned it off (and held back by queueEmail while notification emails are off).
   */
  async function sendDigests(): Promise<number> {
    const now = clock.now();
    const dayStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
    let sent = 0;
    for (;;) {
      const recipients = await listDigestRecipients(db, dayStart, DIGEST_BATCH);
      if (recipients.length === 0) return sent;
      for (const r of recipients) {
        const views = await listMatchesOfUserSince(db, r.userId, r.since, DIGEST_MAX_MATCHES, blockedBetween);
        const matches = views.map((v) => ({
          label: `${v.counterpart.title}: ${reasonTextOf(v)} (for "${v.own.title}")`,
          url: `${appUrl}/listings/${v.counterpart.id}`,
        }));
        // The day's claim and the email commit together: another instance running the same digest then
        // skips this user, and a crash in between can neither lose the email nor send it twice.
        const queued = await db.transaction(async (tx) => {
          if (!(await markDigestSent(tx, r.userId, dayStart, now)) || matches.length === 0) return false;
          await notifications.queueEmail(
            {
              to: r.email,
              kind: 'match-digest',
              render: (brand) =>
                matchDigestEmail(brand, r.name, matches, `${appUrl}/dashboard`, `${appUrl}/account`),
            },
            { tx },
          );
          return true;
        });
        if (queued) sent += 1;
      }
    }
  }

  /** Drops stored pairs of different grade families (matched under an older rule); run at start. */
  async function removeCrossFamilyMatches(): Promise<number> {
    return deleteCrossFamilyMatches(db);
  }

  return {
    computeMatches,
    removeCrossFamilyMatches,
    listMyMatches,
    listListingMatches,
    getPreferences,
    updatePreferences,
    sendDigests,
  };
}

const round1 = (n: number) => Math.round(n * 10) / 10;

/** The stored reasons of a subject and one candidate (prices compared from both sides). */
function toNewMatch(subject: MatchSubject, c: MatchCandidate): NewMatch {
  const isPieces = subject.unit === 'pieces';
  const own = {
    quantity: (isPieces ? subject.quantity : subject.quantityTonnes) as number,
    price: (isPieces ? subject.priceCents : subject.pricePerTonneCents) as number,
  };
  const other = { quantity: c.comparableQuantity, price: c.comparablePrice };
  const [buy, sell] = subject.type === 'buy' ? [own, other] : [other, own];
  return {
    buyListingId: subject.type === 'buy' ? subject.id : c.id,
    sellListingId: subject.type === 'sell' ? subject.id : c.id,
    score: Math.round(c.score * 10_000) / 10_000,
    reasons: {
      sameGrade: subject.grade !== null && c.grade === subject.grade,
      quantity: {
        overlap: round1(Math.min(buy.quantity, sell.quantity)),
        wanted: round1(buy.quantity),
        unit: isPieces ? 'pieces' : 'tonnes',
      },
      pricePercentForBuyer: round1(((sell.price - buy.price) / buy.price) * 100),
      pricePercentForSeller: round1(((buy.price - sell.price) / sell.price) * 100),
      distanceKm: c.distanceKm === null ? null : Math.round(c.distanceKm),
    },
  };
}

/** The reasons as the owner of a `side` listing reads them ("under your price" is about their price). */
function reasonsFor(stored: StoredMatchReasons, side: 'buy' | 'sell'): MatchReasons {
  return {
    sameGrade: stored.sameGrade,
    quantity: stored.quantity,
    pricePercent: side === 'buy' ? stored.pricePercentForBuyer : stored.pricePercentForSeller,
    distanceKm: stored.distanceKm,
  };
}

const reasonTextOf = (v: MatchView) => matchReasonText(reasonsFor(v.reasons, v.own.type));

function toMatch(v: MatchView): Match {
  const reasons = reasonsFor(v.reasons, v.own.type);
  return {
    id: v.id,
    listing: v.counterpart as Match['listing'],
    forListingId: v.own.id,
    forListingTitle: v.own.title,
    score: Math.min(1, Math.max(0, v.score)),
    reasons,
    reasonText: matchReasonText(reasons),
    createdAt: v.createdAt.toISOString(),
  };
}
