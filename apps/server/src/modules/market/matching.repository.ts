import { randomUUID } from 'node:crypto';
import { familyOfListing, GRADE_FAMILIES } from '@app/shared/market/grade-families';
import { and, eq, inArray, isNull, lt, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { listingFacts, visibleListingSql } from '../listings/index.ts';
import { listingMatches, matchPreferences, type StoredMatchReasons } from './matching.table.ts';

/** The listing matches are computed for: the columns the rule reads. */
export type MatchSubject = {
  id: string;
  userId: string;
  title: string;
  type: 'buy' | 'sell';
  category: string;
  grade: string | null;
  unit: string;
  quantity: number;
  priceCents: number;
  quantityTonnes: number | null;
  pricePerTonneCents: number | null;
  latitude: number | null;
  longitude: number | null;
  matchRadiusKm: number | null;
  status: string;
  approvalStatus: string;
  /** Why the listing is held for review (listings' moderation hold); held listings match nothing. */
  holdReason: string | null;
  /** When the listing was created or last changed. */
  updatedAt: Date;
};

export type MatchCandidate = {
  id: string;
  userId: string;
  grade: string | null;
  /** Tonnes for mass units, pieces for pieces. */
  comparableQuantity: number;
  /** Cents per tonne for mass units, per piece for pieces. */
  comparablePrice: number;
  distanceKm: number | null;
  score: number;
};

export type MatchRule = {
  /** The buyer's price may be this far under the seller's (basis points of the seller's price). */
  toleranceBps: number;
  /** The smaller quantity must be at least this share of the larger one for the two to "overlap". */
  minQuantityFit: number;
  /** With pre-moderation on, only approved listings are visible, so only they match. */
  preModeration: boolean;
  limit: number;
  /** Whether a block stands between two users either way, as SQL (the trust module's); none: no blocks. */
  blockedBetween?: BlockedBetweenSql;
};

/** Whether a block stands between two users either way, as SQL over their ids (the trust module's). */
export type BlockedBetweenSql = (a: SQL, b: SQL) => SQL<boolean>;

/**
 * Weights of the score (they add up to 1): grade, quantity fit, price margin, distance. Without a
 * grade on either side, or without coordinates, that part scores one half.
 */
export const MATCH_SCORE_WEIGHTS = { grade: 0.3, quantity: 0.3, price: 0.25, distance: 0.15 } as const;
/** Distance at which the distance part reaches 0 when the buyer set no radius. */
const DEFAULT_DISTANCE_SCALE_KM = 2000;
const EARTH_RADIUS_KM = 6371;

export async function findMatchSubject(db: Db, listingId: string): Promise<MatchSubject | null> {
  const [row] = await db
    .select({
      id: listingFacts.id,
      userId: listingFacts.userId,
      title: listingFacts.title,
      type: listingFacts.type,
      category: listingFacts.category,
      grade: listingFacts.grade,
      unit: listingFacts.unit,
      quantity: listingFacts.quantity,
      priceCents: listingFacts.priceCents,
      quantityTonnes: listingFacts.quantityTonnes,
      pricePerTonneCents: listingFacts.pricePerTonneCents,
      latitude: listingFacts.latitude,
      longitude: listingFacts.longitude,
      matchRadiusKm: listingFacts.matchRadiusKm,
      status: listingFacts.status,
      approvalStatus: listingFacts.approvalStatus,
      holdReason: listingFacts.holdReason,
      updatedAt: listingFacts.updatedAt,
    })
    .from(listingFacts)
    .where(eq(listingFacts.id, listingId));
  if (!row) return null;
  return {
    ...row,
    quantity: Number(row.quantity),
    quantityTonnes: row.quantityTonnes === null ? null : Number(row.quantityTonnes),
  };
}

/** Title and last change of a few listings (a listing's new matches), to word and address notifications. */
export async function findListingsByIds(
  db: Db,
  ids: string[],
): Promise<{ id: string; title: string; updatedAt: Date }[]> {
  if (ids.length === 0) return [];
  return db
    .select({ id: listingFacts.id, title: listingFacts.title, updatedAt: listingFacts.updatedAt })
    .from(listingFacts)
    .where(inArray(listingFacts.id, ids));
}

/**
 * The grade family of listing alias `alias` in SQL, the same rule as familyOfListing in
 * @app/shared/market/grade-families: the grade's family, else the first family of the category its
 * title names (`\m` = start of a word), else the category's only family, else null.
 */
export function gradeFamilySql(alias: 'l' | 'b' | 's'): SQL {
  const col = (name: string) => sql.raw(`${alias}.${name}`);
  const byGrade = GRADE_FAMILIES.flatMap((f) =>
    f.grades.map((g) => sql`when ${col('grade')} = ${g} then ${f.id}`),
  );
  const byTitle = GRADE_FAMILIES.map((f) => {
    const single = GRADE_FAMILIES.filter((o) => o.category === f.category).length === 1;
    const named =
      f.keywords.length > 0 ? sql` and ${col('title')} ~* ${`\\m(${f.keywords.join('|')})`}` : sql``;
    return single || f.keywords.length > 0
      ? sql`when ${col('grade')} is null and ${col('category')} = ${f.category}${named} then ${f.id}`
      : sql``;
  });
  return sql`(case ${sql.join([...byGrade, ...byTitle], sql` `)} else null end)`;
}

const haversineKm = (lat: SQL, lng: SQL, lat2: number, lng2: number) =>
  sql`(2 * ${EARTH_RADIUS_KM} * asin(sqrt(power(sin(radians(${lat} - ${lat2}::float8) / 2), 2) + cos(radians(${lat2}::float8)) * cos(radians(${lat})) * power(sin(radians(${lng} - ${lng2}::float8) / 2), 2))))`;

/**
 * The best counterparts of `subject` by score, computed in one indexed query: listings of the other
 * type in the same category that are visible and someone else's, with a compatible grade, an
 * overlapping quantity, a price within tolerance and, where the buyer set a radius and both sides
 * are geocoded, within that distance. Mass units compare per tonne; pieces only with pieces.
 */
export async function findMatchCandidates(
  db: Db,
  subject: MatchSubject,
  rule: MatchRule,
): Promise<MatchCandidate[]> {
  const isPieces = subject.unit === 'pieces';
  const ownQuantity = isPieces ? subject.quantity : subject.quantityTonnes;
  const ownPrice = isPieces ? subject.priceCents : subject.pricePerTonneCents;
  if (ownQuantity === null || ownPrice === null || ownQuantity <= 0 || ownPrice <= 0) return [];
  const counterType = subject.type === 'buy' ? 'sell' : 'buy';
  const priceColumn = isPieces ? sql`l.price_cents` : sql`l.price_per_tonne_cents`;
  const quantityColumn = isPieces ? sql`l.quantity` : sql`l.quantity_tonnes`;

  // buyer ≥ seller × (1 − tolerance), turned into a range on the counterpart's price (index-friendly).
  const keep = (10_000 - rule.toleranceBps) / 10_000;
  const priceRange =
    subject.type === 'sell'
      ? sql`${priceColumn} >= ${Math.ceil(ownPrice * keep)}`
      : keep > 0
        ? sql`${priceColumn} <= ${Math.floor(ownPrice / keep)}`
        : sql`true`;
  const conditions: SQL[] = [
    sql`l.category = ${subject.category}`,
    sql`l.type = ${counterType}`,
    sql.raw(visibleListingSql('l', rule.preModeration)),
    sql`l.user_id <> ${subject.userId}`,
    isPieces ? sql`l.unit = 'pieces'` : sql`l.price_per_tonne_cents is not null`,
    priceRange,
    // numeric against numeric: a cast per row would cost more than the comparison.
    sql`${quantityColumn} between ${ownQuantity * rule.minQuantityFit}::numeric and ${ownQuantity / rule.minQuantityFit}::numeric`,
  ];
  // Traders blocked either way never match.
  if (rule.blockedBetween)
    conditions.push(sql`not ${rule.blockedBetween(sql`l.user_id`, sql`${subject.userId}`)}`);
  // Only the subject's grade family, so copper wire never meets aluminium cans (issue 20); a listing
  // whose material nothing names matches only its like. Graded counterparts are an index-only range
  // scan per family; only ungraded ones are read from the table for their title.
  const family = familyOfListing(subject);
  const familyGrades = family?.grades ?? [];
  const ungraded = sql`l.grade is null and ${gradeFamilySql('l')} is not distinct from ${family?.id ?? null}::text`;
  const gradeBranches =
    familyGrades.length > 0
      ? [
          sql`l.grade in (${sql.join(
            familyGrades.map((g) => sql`${g}`),
            sql`, `,
          )})`,
          ungraded,
        ]
      : [ungraded];

  const geocoded = subject.latitude !== null && subject.longitude !== null;
  const distance = geocoded
    ? sql`case when l.latitude is null then null else ${haversineKm(sql`l.latitude`, sql`l.longitude`, subject.latitude as number, subject.longitude as number)} end`
    : sql`null::float8`;
  // The buyer's radius: the subject's own when it buys, each candidate's when it sells.
  const buyerRadius =
    subject.type === 'buy' ? sql`${subject.matchRadiusKm}::float8` : sql`l.match_radius_km::float8`;
  const buyerPrice = subject.type === 'buy' ? sql`${ownPrice}::float8` : sql`c.price::float8`;
  const sellerPrice = subject.type === 'sell' ? sql`${ownPrice}::float8` : sql`c.price::float8`;
  const w = MATCH_SCORE_WEIGHTS;
  const gradeScore =
    subject.grade === null ? sql`0.5` : sql`case when c.grade = ${subject.grade} then 1.0 else 0.5 end`;

  const result = (await db.execute(sql`
    with c as (
      ${sql.join(
        gradeBranches.map(
          (branch) => sql`
            select l.id, l.user_id, l.grade, ${quantityColumn}::float8 as quantity, ${priceColumn} as price,
              ${buyerRadius} as buyer_radius, ${distance} as distance_km
            from listing_facts l
            where ${sql.join([...conditions, branch], sql` and `)}`,
        ),
        sql` union all `,
      )}
    )
    select c.id, c.user_id, c.grade, c.quantity, c.price, c.distance_km,
      (${w.grade} * ${gradeScore}
        + ${w.quantity} * least(c.quantity, ${ownQuantity}::float8) / greatest(c.quantity, ${ownQuantity}::float8)
        + ${w.price} * greatest(0, least(1, 0.5 + 2.5 * (${buyerPrice} - ${sellerPrice}) / ${buyerPrice}))
        + ${w.distance} * case when c.distance_km is null then 0.5
            else greatest(0, 1 - c.distance_km / coalesce(c.buyer_radius, ${DEFAULT_DISTANCE_SCALE_KM})) end
      ) as score
    from c
    where c.buyer_radius is null or c.distance_km is null or c.distance_km <= c.buyer_radius
    order by score desc, c.id
    limit ${rule.limit}
  `)) as unknown as {
    rows: {
      id: string;
      user_id: string;
      grade: string | null;
      quantity: number | string;
      price: number | string;
      distance_km: number | string | null;
      score: number | string;
    }[];
  };
  return result.rows.map((r) => ({
    id: r.id,
    userId: r.user_id,
    grade: r.grade,
    comparableQuantity: Number(r.quantity),
    comparablePrice: Number(r.price),
    distanceKm: r.distance_km === null ? null : Number(r.distance_km),
    score: Math.min(1, Math.max(0, Number(r.score))),
  }));
}

export type NewMatch = {
  buyListingId: string;
  sellListingId: string;
  score: number;
  reasons: StoredMatchReasons;
};
export type StoredMatch = NewMatch & { id: string; createdAt: Date };

/**
 * Makes `matches` the stored matches of `listingId`: pairs no longer found go, the others are upserted
 * (a pair keeps its id and first-matched time). Returns the pairs that are new.
 */
export async function replaceMatchesOf(
  db: Db,
  listingId: string,
  matches: NewMatch[],
  now: Date,
): Promise<StoredMatch[]> {
  const involving = or(
    eq(listingMatches.buyListingId, listingId),
    eq(listingMatches.sellListingId, listingId),
  );
  const existing = await db
    .select({ buy: listingMatches.buyListingId, sell: listingMatches.sellListingId })
    .from(listingMatches)
    .where(involving);
  const key = (buy: string, sell: string) => `${buy}\u0000${sell}`;
  const before = new Set(existing.map((e) => key(e.buy, e.sell)));
  const keep = new Set(matches.map((m) => key(m.buyListingId, m.sellListingId)));
  const gone = existing.filter((e) => !keep.has(key(e.buy, e.sell)));
  for (const g of gone) {
    await db
      .delete(listingMatches)
      .where(and(eq(listingMatches.buyListingId, g.buy), eq(listingMatches.sellListingId, g.sell)));
  }
  if (matches.length === 0) return [];
  const rows = await db
    .insert(listingMatches)
    .values(matches.map((m) => ({ id: `mat_${randomUUID()}`, ...m, createdAt: now, updatedAt: now })))
    .onConflictDoUpdate({
      target: [listingMatches.buyListingId, listingMatches.sellListingId],
      set: { score: sql`excluded.score`, reasons: sql`excluded.reasons`, updatedAt: now },
    })
    .returning();
  return rows
    .filter((r) => !before.has(key(r.buyListingId, r.sellListingId)))
    .map((r) => ({
      id: r.id,
      buyListingId: r.buyListingId,
      sellListingId: r.sellListingId,
      score: r.score,
      reasons: r.reasons,
      createdAt: r.createdAt,
    }));
}

/**
 * Removes stored pairs whose listings are of different grade families (or categories): pairs stored
 * before matching required one family, or whose listing was retitled. Run at start; one statement.
 */
export async function deleteCrossFamilyMatches(db: Db): Promise<number> {
  const result = (await db.execute(sql`
    delete from listing_matches m
    using listing_facts b, listing_facts s
    where b.id = m.buy_listing_id and s.id = m.sell_listing_id
      and (b.category <> s.category or ${gradeFamilySql('b')} is distinct from ${gradeFamilySql('s')})
    returning m.id
  `)) as unknown as { rows: unknown[] };
  return result.rows.length;
}

/** Removes every stored match of a listing (it went invisible or was deleted). */
export async function deleteMatchesOf(db: Db, listingId: string): Promise<void> {
  await db
    .delete(listingMatches)
    .where(or(eq(listingMatches.buyListingId, listingId), eq(listingMatches.sellListingId, listingId)));
}

/** A stored match seen from one of its listings (own) with the other (counterpart) to show. */
export type MatchView = {
  id: string;
  score: number;
  reasons: StoredMatchReasons;
  createdAt: Date;
  own: { id: string; title: string; type: 'buy' | 'sell'; userId: string };
  counterpart: {
    id: string;
    title: string;
    type: 'buy' | 'sell';
    category: string;
    grade: string | null;
    quantity: number;
    unit: string;
    priceCents: number;
    location: string;
    ownerId: string;
    ownerName: string;
    companyName: string | null;
  };
};

type MatchViewRow = {
  id: string;
  score: number | string;
  reasons: StoredMatchReasons | string;
  created_at: Date | string;
  own_id: string;
  own_title: string;
  own_type: 'buy' | 'sell';
  own_user_id: string;
  other_id: string;
  other_title: string;
  other_type: 'buy' | 'sell';
  other_category: string;
  other_grade: string | null;
  other_quantity: number | string;
  other_unit: string;
  other_price_cents: number;
  other_location: string;
  other_user_id: string;
  other_owner_name: string;
  other_company: string | null;
};

const toMatchView = (r: MatchViewRow): MatchView => ({
  id: r.id,
  score: Number(r.score),
  reasons: typeof r.reasons === 'string' ? (JSON.parse(r.reasons) as StoredMatchReasons) : r.reasons,
  createdAt: new Date(r.created_at),
  own: { id: r.own_id, title: r.own_title, type: r.own_type, userId: r.own_user_id },
  counterpart: {
    id: r.other_id,
    title: r.other_title,
    type: r.other_type,
    category: r.other_category,
    grade: r.other_grade,
    quantity: Number(r.other_quantity),
    unit: r.other_unit,
    priceCents: r.other_price_cents,
    location: r.other_location,
    ownerId: r.other_user_id,
    ownerName: r.other_owner_name,
    companyName: r.other_company,
  },
});

/**
 * Stored matches of the listings selected by `ownFilter` (on alias `own`), best first; both listingFacts
 * must still be visible (a listing that expired in a sweep leaves its rows until recomputed).
 */
async function selectMatchViews(
  db: Db,
  ownFilter: SQL,
  limit: number,
  preModeration: boolean,
  blockedBetween?: BlockedBetweenSql,
): Promise<MatchView[]> {
  // A match between traders blocked either way is not shown (it may predate the block).
  const notBlocked = blockedBetween
    ? sql`and not ${blockedBetween(sql`own.user_id`, sql`other.user_id`)}`
    : sql``;
  const visible = (alias: string) => sql.raw(visibleListingSql(alias, preModeration));
  const result = (await db.execute(sql`
    select m.id, m.score, m.reasons, m.created_at,
      own.id as own_id, own.title as own_title, own.type as own_type, own.user_id as own_user_id,
      other.id as other_id, other.title as other_title, other.type as other_type,
      other.category as other_category, other.grade as other_grade, other.quantity::float8 as other_quantity,
      other.unit as other_unit, other.price_cents as other_price_cents, other.location as other_location,
      other.user_id as other_user_id, u.name as other_owner_name, u.company as other_company
    from listing_facts own
    join listing_matches m on m.buy_listing_id = own.id or m.sell_listing_id = own.id
    join listing_facts other on other.id = case when m.buy_listing_id = own.id then m.sell_listing_id else m.buy_listing_id end
    join user_directory u on u.id = other.user_id
    where ${ownFilter} and ${visible('own')} and ${visible('other')} ${notBlocked}
    order by m.score desc, m.created_at desc, m.id
    limit ${limit}
  `)) as unknown as { rows: MatchViewRow[] };
  return result.rows.map(toMatchView);
}

export function listMatchesOfUser(
  db: Db,
  userId: string,
  limit: number,
  preModeration: boolean,
  blockedBetween?: BlockedBetweenSql,
) {
  return selectMatchViews(db, sql`own.user_id = ${userId}`, limit, preModeration, blockedBetween);
}

export function listMatchesOfListing(
  db: Db,
  listingId: string,
  limit: number,
  preModeration: boolean,
  blockedBetween?: BlockedBetweenSql,
) {
  return selectMatchViews(db, sql`own.id = ${listingId}`, limit, preModeration, blockedBetween);
}

/** One match seen from `ownListingId`'s side (for the realtime event after it was stored). */
export async function findMatchView(
  db: Db,
  matchId: string,
  ownListingId: string,
): Promise<MatchView | null> {
  const [view] = await selectMatchViews(db, sql`own.id = ${ownListingId} and m.id = ${matchId}`, 1, false);
  return view ?? null;
}

export async function findMatchPreferences(db: Db, userId: string) {
  const [row] = await db.select().from(matchPreferences).where(eq(matchPreferences.userId, userId));
  return row ?? null;
}

export async function upsertMatchPreferences(db: Db, userId: string, values: { emailDigest: boolean }) {
  await db
    .insert(matchPreferences)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: matchPreferences.userId, set: values });
}

/**
 * Users with matches first found after their last digest (or within the last day, for a first
 * digest) who have not had a digest since `dayStart` and have not turned digests off.
 */
export async function listDigestRecipients(db: Db, dayStart: Date, limit: number) {
  const result = (await db.execute(sql`
    select u.id, u.email, u.name, coalesce(p.last_digest_at, ${dayStart}::timestamptz - interval '1 day') as since
    from user_directory u
    left join match_preferences p on p.user_id = u.id
    where coalesce(p.email_digest, true)
      and (p.last_digest_at is null or p.last_digest_at < ${dayStart})
      and exists (
        select 1 from listing_facts own
        join listing_matches m on m.buy_listing_id = own.id or m.sell_listing_id = own.id
        where own.user_id = u.id
          and m.created_at > coalesce(p.last_digest_at, ${dayStart}::timestamptz - interval '1 day')
      )
    order by u.id
    limit ${limit}
  `)) as unknown as { rows: { id: string; email: string; name: string; since: Date | string }[] };
  return result.rows.map((r) => ({ userId: r.id, email: r.email, name: r.name, since: new Date(r.since) }));
}

/** The user's matches first found after `since`, best first. */
export function listMatchesOfUserSince(
  db: Db,
  userId: string,
  since: Date,
  limit: number,
  blockedBetween?: BlockedBetweenSql,
) {
  return selectMatchViews(
    db,
    sql`own.user_id = ${userId} and m.created_at > ${since}`,
    limit,
    false,
    blockedBetween,
  );
}

/** Records that a digest went out; the conditional update makes two instances send one digest. */
export async function markDigestSent(db: Db, userId: string, dayStart: Date, now: Date): Promise<boolean> {
  const inserted = await db
    .insert(matchPreferences)
    .values({ userId, emailDigest: true, lastDigestAt: now })
    .onConflictDoNothing()
    .returning({ userId: matchPreferences.userId });
  if (inserted.length > 0) return true;
  const updated = await db
    .update(matchPreferences)
    .set({ lastDigestAt: now })
    .where(
      and(
        eq(matchPreferences.userId, userId),
        or(isNull(matchPreferences.lastDigestAt), lt(matchPreferences.lastDigestAt, dayStart)),
      ),
    )
    .returning({ userId: matchPreferences.userId });
  return updated.length > 0;
}
