import { type BulkEmailTarget, INACTIVE_AFTER_DAYS } from '@app/shared/admin/bulk-email.schemas';
import { and, desc, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { userDirectory } from '../accounts/index.ts';
import { hasActivePremium, hasEverHadPremium } from '../billing/index.ts';
import { companyDirectory } from '../companies/index.ts';
import { bulkEmailCampaigns, bulkEmailRecipients, marketingUnsubscribes } from './campaigns.table.ts';

export type CampaignRow = typeof bulkEmailCampaigns.$inferSelect;
export type NewCampaignRow = typeof bulkEmailCampaigns.$inferInsert;
export type CampaignWithCreator = CampaignRow & {
  creator: { id: string; name: string; email: string } | null;
};
export type UnsubscribeSource = typeof marketingUnsubscribes.$inferInsert.source;

/** What the audience rules depend on: the time, and which payment provider's subscriptions count. */
export type AudienceContext = { now: Date; premiumProvider: string };

const ownsCompany = sql`exists (select 1 from ${companyDirectory} c where c.user_id = ${userDirectory.id})`;
const optedOut = sql`exists (select 1 from ${marketingUnsubscribes} u where u.user_id = ${userDirectory.id})`;

/** Who may receive any campaign: a confirmed address, not suspended, not opted out. */
const receivesCampaigns = sql`(${userDirectory.emailVerified} and ${userDirectory.suspendedAt} is null and not ${optedOut})`;

/** The audience rule of a target, on top of receivesCampaigns. */
function audienceRule(target: BulkEmailTarget, ctx: AudienceContext): SQL {
  switch (target) {
    case 'unpaid_users':
      return sql`not ${hasActivePremium(userDirectory.id, ctx)}`;
    case 'no_company':
      return sql`not ${ownsCompany}`;
    case 'inactive': {
      // Never signed in counts from the account's creation, so a new account is not "inactive" yet.
      const cutoff = new Date(ctx.now.getTime() - INACTIVE_AFTER_DAYS * 86_400_000).toISOString();
      return sql`coalesce(${userDirectory.lastSignInAt}, ${userDirectory.createdAt}) < ${cutoff}::timestamptz`;
    }
    case 'all':
      return sql`true`;
  }
}

const count = (where: SQL) => sql<number>`(count(*) filter (where ${where}))::int`;

/**
 * The figures of the bulk email screen (see BulkEmailStatsSchema), counted over accounts that are not
 * suspended so that the cards add up (unpaid + active subscribers = total userDirectory). One scan of userDirectory.
 */
export async function countBulkEmailStats(db: Db, ctx: AudienceContext) {
  const active = hasActivePremium(userDirectory.id, ctx);
  const eligible = (target: BulkEmailTarget) => sql`${receivesCampaigns} and ${audienceRule(target, ctx)}`;
  const [row] = await db
    .select({
      totalUsers: sql<number>`count(*)::int`,
      totalSubscribers: count(hasEverHadPremium(userDirectory.id, ctx)),
      activeSubscribers: count(active),
      subscribersWithCompanies: count(sql`${active} and ${ownsCompany}`),
      subscribersWithoutCompanies: count(sql`${active} and not ${ownsCompany}`),
      unpaidUsers: count(sql`not ${active}`),
      unsubscribedUsers: count(optedOut),
      unpaid_users: count(eligible('unpaid_users')),
      no_company: count(eligible('no_company')),
      inactive: count(eligible('inactive')),
      all: count(eligible('all')),
      // The same rules before the campaign filter, so the screen can say who each audience leaves out.
      matches_unpaid_users: count(audienceRule('unpaid_users', ctx)),
      matches_no_company: count(audienceRule('no_company', ctx)),
      matches_inactive: count(audienceRule('inactive', ctx)),
      matches_all: count(audienceRule('all', ctx)),
    })
    .from(userDirectory)
    .where(isNull(userDirectory.suspendedAt));
  return row;
}

/** At most one campaign is queued or sending; this is it, if any. */
export async function findRunningCampaign(db: Db): Promise<CampaignRow | undefined> {
  const [row] = await db
    .select()
    .from(bulkEmailCampaigns)
    .where(inArray(bulkEmailCampaigns.status, ['queued', 'sending']))
    .limit(1);
  return row;
}

export async function insertCampaign(db: Db, row: NewCampaignRow): Promise<void> {
  await db.insert(bulkEmailCampaigns).values(row);
}

/**
 * Snapshots the audience into the campaign's recipients in one INSERT ... SELECT (no user list is ever
 * loaded), sets the campaign's total and returns it.
 */
export async function snapshotRecipients(
  db: Db,
  campaignId: string,
  target: BulkEmailTarget,
  ctx: AudienceContext,
): Promise<number> {
  await db.execute(sql`
    insert into ${bulkEmailRecipients} (campaign_id, user_id, email)
    select ${campaignId}, ${userDirectory.id}, ${userDirectory.email} from ${userDirectory}
    where ${receivesCampaigns} and ${audienceRule(target, ctx)}`);
  const [row] = await db
    .update(bulkEmailCampaigns)
    .set({
      totalRecipients: sql`(select count(*)::int from ${bulkEmailRecipients} where campaign_id = ${campaignId})`,
    })
    .where(eq(bulkEmailCampaigns.id, campaignId))
    .returning({ total: bulkEmailCampaigns.totalRecipients });
  return row?.total ?? 0;
}

const campaignWithCreator = {
  campaign: bulkEmailCampaigns,
  creatorId: userDirectory.id,
  creatorName: userDirectory.name,
  creatorEmail: userDirectory.email,
};

function withCreator(row: {
  campaign: CampaignRow;
  creatorId: string | null;
  creatorName: string | null;
  creatorEmail: string | null;
}): CampaignWithCreator {
  return {
    ...row.campaign,
    creator:
      row.creatorId && row.creatorName !== null && row.creatorEmail !== null
        ? { id: row.creatorId, name: row.creatorName, email: row.creatorEmail }
        : null,
  };
}

export async function listCampaigns(db: Db, limit: number): Promise<CampaignWithCreator[]> {
  const rows = await db
    .select(campaignWithCreator)
    .from(bulkEmailCampaigns)
    .leftJoin(userDirectory, eq(userDirectory.id, bulkEmailCampaigns.createdBy))
    .orderBy(desc(bulkEmailCampaigns.createdAt), desc(bulkEmailCampaigns.id))
    .limit(limit);
  return rows.map(withCreator);
}

export async function findCampaign(db: Db, id: string): Promise<CampaignWithCreator | undefined> {
  const [row] = await db
    .select(campaignWithCreator)
    .from(bulkEmailCampaigns)
    .leftJoin(userDirectory, eq(userDirectory.id, bulkEmailCampaigns.createdBy))
    .where(eq(bulkEmailCampaigns.id, id));
  return row ? withCreator(row) : undefined;
}

/**
 * Takes the campaign's next batch slot: only when the campaign is still running and the previous
 * batch's slot has passed (database time, the same on every instance), pushing the next slot
 * `intervalSeconds` ahead. Returns false when another run holds the slot, so duplicate job chains
 * cannot raise the send rate.
 */
export async function takeBatchSlot(
  db: Db,
  campaignId: string,
  intervalSeconds: number,
  startedAt: Date,
): Promise<boolean> {
  const rows = await db
    .update(bulkEmailCampaigns)
    .set({
      status: 'sending',
      startedAt: sql`coalesce(${bulkEmailCampaigns.startedAt}, ${startedAt.toISOString()}::timestamptz)`,
      nextBatchAt: sql`now() + make_interval(secs => ${intervalSeconds})`,
    })
    .where(
      and(
        eq(bulkEmailCampaigns.id, campaignId),
        inArray(bulkEmailCampaigns.status, ['queued', 'sending']),
        // A second of slack for a job the queue starts a moment early.
        sql`(${bulkEmailCampaigns.nextBatchAt} is null or ${bulkEmailCampaigns.nextBatchAt} <= now() + interval '1 second')`,
      ),
    )
    .returning({ id: bulkEmailCampaigns.id });
  return rows.length > 0;
}

/**
 * Recipients a batch claimed but never finished (its process died mid-send) count as failed: whether
 * their email left is unknown, and sending it again could deliver it twice.
 */
export async function failAbandonedClaims(db: Db, campaignId: string, claimedBefore: Date, error: string) {
  await db
    .update(bulkEmailRecipients)
    .set({ status: 'failed', error })
    .where(
      and(
        eq(bulkEmailRecipients.campaignId, campaignId),
        eq(bulkEmailRecipients.status, 'sending'),
        sql`${bulkEmailRecipients.claimedAt} < ${claimedBefore.toISOString()}::timestamptz`,
      ),
    );
}

/**
 * Claims up to `limit` queued recipients for this batch (status sending). SKIP LOCKED lets batches of
 * several instances run side by side without ever taking the same recipient.
 */
export async function claimRecipients(db: Db, campaignId: string, limit: number, at: Date) {
  const result = (await db.execute(sql`
    update ${bulkEmailRecipients} set status = 'sending', claimed_at = ${at.toISOString()}::timestamptz
    where campaign_id = ${campaignId} and user_id in (
      select user_id from ${bulkEmailRecipients}
      where campaign_id = ${campaignId} and status = 'queued'
      order by user_id
      limit ${limit}
      for update skip locked
    )
    returning user_id`)) as unknown as { rows: Array<{ user_id: string }> };
  return result.rows.map((r) => r.user_id);
}

/** The recipient's current name and address, when they still receive campaigns. */
export async function findEligibleRecipient(db: Db, userId: string) {
  const [row] = await db
    .select({ id: userDirectory.id, name: userDirectory.name, email: userDirectory.email })
    .from(userDirectory)
    .where(and(eq(userDirectory.id, userId), receivesCampaigns));
  return row;
}

export async function updateRecipient(
  db: Db,
  campaignId: string,
  userId: string,
  changes: Partial<typeof bulkEmailRecipients.$inferInsert>,
): Promise<void> {
  await db
    .update(bulkEmailRecipients)
    .set(changes)
    .where(and(eq(bulkEmailRecipients.campaignId, campaignId), eq(bulkEmailRecipients.userId, userId)));
}

/**
 * Recounts the campaign from its recipients (so the figures are always what happened, whatever ran
 * twice) and completes it when none is left queued or in flight. Returns the resulting status.
 */
export async function refreshCampaignCounts(db: Db, campaignId: string, at: Date) {
  const completedAt = at.toISOString();
  const result = (await db.execute(sql`
    update ${bulkEmailCampaigns} c set
      sent_count = x.sent, failed_count = x.failed, skipped_count = x.skipped,
      status = case when x.open = 0 then 'completed' else c.status end,
      completed_at = case when x.open = 0 then coalesce(c.completed_at, ${completedAt}::timestamptz) else null end
    from (
      select count(*) filter (where status = 'sent')::int as sent,
        count(*) filter (where status = 'failed')::int as failed,
        count(*) filter (where status = 'skipped')::int as skipped,
        count(*) filter (where status in ('queued', 'sending'))::int as open
      from ${bulkEmailRecipients} where campaign_id = ${campaignId}
    ) x
    where c.id = ${campaignId} and c.status in ('queued', 'sending')
    returning c.status`)) as unknown as { rows: Array<{ status: string }> };
  return result.rows[0]?.status ?? null;
}

/** Running campaigns whose job chain seems lost: never started, or no batch for `staleSeconds`. */
export async function listStalledCampaigns(db: Db, staleSeconds: number): Promise<string[]> {
  const rows = await db
    .select({ id: bulkEmailCampaigns.id })
    .from(bulkEmailCampaigns)
    .where(
      and(
        inArray(bulkEmailCampaigns.status, ['queued', 'sending']),
        sql`coalesce(${bulkEmailCampaigns.nextBatchAt}, ${bulkEmailCampaigns.createdAt}) < now() - make_interval(secs => ${staleSeconds})`,
      ),
    );
  return rows.map((r) => r.id);
}

/** A user's address and whether they opted out, for the unsubscribe page and preferences. */
export async function findMarketingStatus(db: Db, userId: string) {
  const [row] = await db
    .select({
      email: userDirectory.email,
      unsubscribed: sql<boolean>`${optedOut}`,
    })
    .from(userDirectory)
    .where(eq(userDirectory.id, userId));
  return row ? { email: row.email, unsubscribed: Boolean(row.unsubscribed) } : undefined;
}

/** Opts the user out; the first opt-out's time and source are kept. */
export async function insertUnsubscribe(db: Db, userId: string, source: UnsubscribeSource, at: Date) {
  await db
    .insert(marketingUnsubscribes)
    .values({ userId, source, unsubscribedAt: at })
    .onConflictDoNothing({ target: marketingUnsubscribes.userId });
}

export async function deleteUnsubscribe(db: Db, userId: string): Promise<void> {
  await db.delete(marketingUnsubscribes).where(eq(marketingUnsubscribes.userId, userId));
}
