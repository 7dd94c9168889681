import { and, count, desc, eq, inArray, isNull, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { userDirectory } from '../accounts/index.ts';
import { dealOutcomes } from '../deals/index.ts';
import { listingFacts } from '../listings/index.ts';
import { dealReviews } from './reviews.table.ts';

export type ReviewRow = typeof dealReviews.$inferSelect;
export type NewReviewRow = typeof dealReviews.$inferInsert;

/**
 * When a deal concluded, as SQL over `deal_outcomes`: its claim settled; else its escrow released; else,
 * for an escrow-optional deal completed without escrow, its commission settled (docs/DECISIONS.md).
 * Null while the deal is not concluded. Reviews open then and reputation counts the deal.
 */
export const concludedAtSql = sql<Date | null>`(case
  when ${dealOutcomes.claimSettledAt} is not null then ${dealOutcomes.claimSettledAt}
  when ${dealOutcomes.status} = 'completed' and ${dealOutcomes.escrowStatus} = 'released'
    then coalesce(${dealOutcomes.releasedAt}, ${dealOutcomes.completedAt})
  when not ${dealOutcomes.escrowRequired} and ${dealOutcomes.status} = 'completed'
    and ${dealOutcomes.escrowStatus} = 'none' and ${dealOutcomes.commissionSettledAt} is not null
    then ${dealOutcomes.commissionSettledAt}
end)`;

/** A deal's parties, title and conclusion, as the review rules need them. */
export async function findDealForReview(db: Db, dealId: string) {
  const [row] = await db
    .select({
      id: dealOutcomes.id,
      buyerUserId: dealOutcomes.buyerUserId,
      sellerUserId: dealOutcomes.sellerUserId,
      title: listingFacts.title,
      concludedAt: sql<string | null>`${concludedAtSql}`.mapWith((v) => (v === null ? null : new Date(v))),
    })
    .from(dealOutcomes)
    .leftJoin(listingFacts, eq(listingFacts.id, dealOutcomes.listingId))
    .where(eq(dealOutcomes.id, dealId));
  return row as (Omit<typeof row, 'concludedAt'> & { concludedAt: Date | null }) | undefined;
}

const author = userDirectory;

/** Review rows with who wrote them (name, company, email), who they are about and the deal's material. */
const withPeople = {
  review: dealReviews,
  authorName: author.name,
  authorEmail: author.email,
  authorCompany: author.company,
  subjectName: sql<string>`(select s.name from ${userDirectory} s where s.id = ${dealReviews.subjectUserId})`,
  subjectEmail: sql<string>`(select s.email from ${userDirectory} s where s.id = ${dealReviews.subjectUserId})`,
  dealTitle: listingFacts.title,
};
export type ReviewWithPeople = {
  review: ReviewRow;
  authorName: string;
  authorEmail: string;
  authorCompany: string | null;
  subjectName: string;
  subjectEmail: string;
  dealTitle: string | null;
};

function selectWithPeople(db: Db) {
  return db
    .select(withPeople)
    .from(dealReviews)
    .innerJoin(author, eq(author.id, dealReviews.authorUserId))
    .leftJoin(dealOutcomes, eq(dealOutcomes.id, dealReviews.dealId))
    .leftJoin(listingFacts, eq(listingFacts.id, dealOutcomes.listingId));
}

export async function listReviewsOfDeal(db: Db, dealId: string): Promise<ReviewWithPeople[]> {
  return selectWithPeople(db).where(eq(dealReviews.dealId, dealId));
}

export async function findReviewWithPeople(db: Db, id: string): Promise<ReviewWithPeople | undefined> {
  const [row] = await selectWithPeople(db).where(eq(dealReviews.id, id));
  return row;
}

export async function findReviewsWithPeople(db: Db, ids: string[]): Promise<ReviewWithPeople[]> {
  if (ids.length === 0) return [];
  return selectWithPeople(db).where(inArray(dealReviews.id, ids));
}

/** Locks the review row for a change (reply, hide). */
export async function lockReview(db: Db, id: string): Promise<ReviewRow | undefined> {
  const [row] = await db.select().from(dealReviews).where(eq(dealReviews.id, id)).for('update');
  return row;
}

/** Inserts the review unless the author already reviewed the deal; returns it, or undefined on a duplicate. */
export async function insertReview(db: Db, values: NewReviewRow): Promise<ReviewRow | undefined> {
  const [row] = await db.insert(dealReviews).values(values).onConflictDoNothing().returning();
  return row;
}

/**
 * Publishes every review of the deal that is not public yet, at `at` (the second review's moment), and
 * marks them announced; returns them (the caller tells the parties in the same transaction).
 */
export async function publishReviewsOfDeal(db: Db, dealId: string, at: Date): Promise<ReviewRow[]> {
  return db
    .update(dealReviews)
    .set({
      publishedAt: sql`least(${dealReviews.publishedAt}, ${at.toISOString()}::timestamptz)`,
      publicationAnnounced: true,
    })
    .where(and(eq(dealReviews.dealId, dealId), eq(dealReviews.publicationAnnounced, false)))
    .returning();
}

/**
 * Takes the reviews that became public by time (their window ended) and nobody was told of yet, oldest
 * first, marking them announced; a concurrent sender on another instance skips the rows taken here.
 */
export async function claimDuePublications(db: Db, now: Date, limit: number): Promise<ReviewRow[]> {
  const due = db
    .select({ id: dealReviews.id })
    .from(dealReviews)
    .where(and(eq(dealReviews.publicationAnnounced, false), lte(dealReviews.publishedAt, now)))
    .orderBy(dealReviews.publishedAt)
    .limit(limit)
    .for('update', { skipLocked: true });
  return db
    .update(dealReviews)
    .set({ publicationAnnounced: true })
    .where(inArray(dealReviews.id, due))
    .returning();
}

export async function updateReview(db: Db, id: string, values: Partial<NewReviewRow>): Promise<void> {
  await db.update(dealReviews).set(values).where(eq(dealReviews.id, id));
}

/** What the public sees of a subject: published, not hidden. */
const publicOf = (subjectUserId: string, now: Date) =>
  and(
    eq(dealReviews.subjectUserId, subjectUserId),
    lte(dealReviews.publishedAt, now),
    isNull(dealReviews.hiddenAt),
  );

/** A page of a subject's public reviews, newest first (by publication). */
export async function listPublicReviews(
  db: Db,
  subjectUserId: string,
  now: Date,
  page: number,
  size: number,
) {
  const where = publicOf(subjectUserId, now);
  const [rows, [total]] = await Promise.all([
    selectWithPeople(db)
      .where(where)
      .orderBy(desc(dealReviews.publishedAt), desc(dealReviews.createdAt), desc(dealReviews.id))
      .limit(size)
      .offset((page - 1) * size),
    db.select({ n: count() }).from(dealReviews).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/** Where a page of a subject's public reviews ends: its last review's order key. */
export type ReviewCursorPosition = { publishedAt: Date; createdAt: Date; id: string };

/**
 * Up to `limit` of a subject's public reviews after `after` (keyset, in the order of
 * `listPublicReviews`): reviews published meanwhile never make a page repeat or skip one.
 */
export async function listPublicReviewsAfter(
  db: Db,
  subjectUserId: string,
  now: Date,
  after: ReviewCursorPosition | null,
  limit: number,
): Promise<ReviewWithPeople[]> {
  const where = publicOf(subjectUserId, now);
  return selectWithPeople(db)
    .where(
      after
        ? and(
            where,
            sql`(${dealReviews.publishedAt}, ${dealReviews.createdAt}, ${dealReviews.id}) < (${after.publishedAt.toISOString()}::timestamptz, ${after.createdAt.toISOString()}::timestamptz, ${after.id})`,
          )
        : where,
    )
    .orderBy(desc(dealReviews.publishedAt), desc(dealReviews.createdAt), desc(dealReviews.id))
    .limit(limit);
}

/** The back office: every review, newest first. */
export async function listRecentReviews(db: Db, page: number, size: number) {
  const [rows, [total]] = await Promise.all([
    selectWithPeople(db)
      .orderBy(desc(dealReviews.createdAt), desc(dealReviews.id))
      .limit(size)
      .offset((page - 1) * size),
    db.select({ n: count() }).from(dealReviews),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/** Reviews that became public (their window ended) since the read model last counted them. */
export async function findUncountedPublications(db: Db, now: Date, limit: number) {
  return db
    .select({ id: dealReviews.id, subjectUserId: dealReviews.subjectUserId })
    .from(dealReviews)
    .where(and(eq(dealReviews.publicationCounted, false), lte(dealReviews.publishedAt, now)))
    .orderBy(dealReviews.publishedAt)
    .limit(limit);
}

export async function markPublicationsCounted(db: Db, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  await db.update(dealReviews).set({ publicationCounted: true }).where(inArray(dealReviews.id, ids));
}

/** A user's name and email, for an email to them. */
export async function findUserContact(db: Db, userId: string) {
  const [row] = await db
    .select({ name: userDirectory.name, email: userDirectory.email })
    .from(userDirectory)
    .where(eq(userDirectory.id, userId));
  return row;
}

/** Serialises the reviews of one deal within a transaction (the second review publishes both). */
export async function lockDealReviews(db: Db, dealId: string): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(hashtext(${`review:${dealId}`}))`);
}

/** The two parties of a deal (none for an unknown deal). */
export async function findDealParties(db: Db, dealId: string): Promise<string[]> {
  const [row] = await db
    .select({ buyer: dealOutcomes.buyerUserId, seller: dealOutcomes.sellerUserId })
    .from(dealOutcomes)
    .where(eq(dealOutcomes.id, dealId));
  return row ? [row.buyer, row.seller] : [];
}
