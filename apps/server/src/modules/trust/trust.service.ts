import { randomUUID } from 'node:crypto';
import type { FraudSignalKind } from '@app/shared/trust/fraud-signals';
import {
  type AdminReport,
  type AdminReportPage,
  type AdminReportsQuery,
  type BlockedTrader,
  type BlockList,
  type CreateReportBody,
  type Report,
  type ResolveReportBody,
  TRUST_LIMITS,
  TRUST_MESSAGES,
} from '@app/shared/trust/trust.schemas';
import { type Db, inTransaction } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import type { AuditRecorder } from '../access/index.ts';
import type { SessionUser } from '../accounts/index.ts';
import type { BlocksService } from '../blocks/index.ts';
import type { NotificationsService } from '../notifications/index.ts';
import { countVerifiedTraders, findLiveCompaniesOf, findTradersByIds } from './block-list.repository.ts';
import type { ReportTargetRegistry } from './report-targets.ts';
import {
  countOpenReports,
  countOpenReportsOf,
  countReportsBySince,
  findPeople,
  findReport,
  insertReport,
  listReports,
  type ReportRow,
  resolveOpenReportsOf,
  resolveReport,
  userExists,
} from './reports.repository.ts';
import { reportWarningEmail } from './trust.emails.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

export type TrustDeps = {
  db: Db;
  clock: Clock;
  blocks: Pick<BlocksService, 'add' | 'remove' | 'listBlockedBy' | 'blockersSince'>;
  targets: ReportTargetRegistry;
  notifications: Pick<NotificationsService, 'queueEmail'>;
  audit: AuditRecorder;
  isAdmin(userId: string): Promise<boolean>;
  /** The back office's suspension (sessions ended, sign-in refused, audited as user.suspend). */
  suspendUser(admin: SessionUser, userId: string, reason: string): Promise<void>;
  appUrl: string;
  logger?: { error(obj: unknown, msg?: string): void };
};

export type TrustService = ReturnType<typeof createTrustService>;

/**
 * Blocks between traders, their reports of listings, companies, messages and reviews, the system's own
 * reports (fraud signals in a message, a company many verified traders blocked), and the
 * administrators' queue with its four actions.
 */
export function createTrustService(deps: TrustDeps) {
  const { db, clock, targets } = deps;

  async function listBlocks(user: SessionUser): Promise<BlockList> {
    const blocked = await deps.blocks.listBlockedBy(user.id);
    const traders = new Map(
      (
        await findTradersByIds(
          db,
          blocked.map((b) => b.userId),
        )
      ).map((t) => [t.id, t]),
    );
    return {
      items: blocked.flatMap((b) => {
        const trader = traders.get(b.userId);
        return trader
          ? [
              {
                userId: b.userId,
                name: trader.name,
                companyName: trader.companyName,
                blockedAt: b.blockedAt.toISOString(),
              },
            ]
          : [];
      }),
    };
  }

  /**
   * Blocks a trader (again: no change). Administrators cannot be blocked: they must be able to reach
   * anyone about a report. A block may queue the blocked trader's company for review.
   */
  async function block(
    user: SessionUser,
    userId: string,
  ): Promise<{ trader: BlockedTrader; created: boolean }> {
    if (userId === user.id) throw new AppError('VALIDATION_FAILED', TRUST_MESSAGES.cannotBlockYourself);
    if (!(await userExists(db, userId))) throw new AppError('NOT_FOUND', TRUST_MESSAGES.traderNotFound);
    if (await deps.isAdmin(userId)) throw new AppError('CONFLICT', TRUST_MESSAGES.cannotBlockAdministrator);
    const created = await deps.blocks.add(user.id, userId);
    if (created) {
      await queueRepeatedlyBlocked(userId).catch((err) =>
        deps.logger?.error({ err, userId }, 'repeated-blocks check failed'),
      );
    }
    const trader = (await listBlocks(user)).items.find((r) => r.userId === userId);
    if (!trader) throw new AppError('NOT_FOUND', TRUST_MESSAGES.traderNotFound);
    return { trader, created };
  }

  /** Unblocks a trader; unblocking one not blocked is no error. */
  async function unblock(user: SessionUser, userId: string): Promise<void> {
    await deps.blocks.remove(user.id, userId);
  }

  /**
   * A company blocked by `repeatedBlocksThreshold` distinct verified traders (owners of a verified
   * company) within `repeatedBlocksDays` is queued for review: one open system report per company.
   */
  async function queueRepeatedlyBlocked(blockedId: string): Promise<void> {
    const since = new Date(clock.now().getTime() - TRUST_LIMITS.repeatedBlocksDays * DAY_MS);
    const blockers = await countVerifiedTraders(db, await deps.blocks.blockersSince(blockedId, since));
    if (blockers < TRUST_LIMITS.repeatedBlocksThreshold) return;
    for (const company of await findLiveCompaniesOf(db, blockedId))
      await insertReport(db, {
        id: `rpt_${randomUUID()}`,
        targetType: 'company',
        targetId: company.id,
        subjectUserId: blockedId,
        reason: 'repeated_blocks',
        reporterId: null,
        details: { verifiedBlockers: blockers, days: TRUST_LIMITS.repeatedBlocksDays },
        groupKey: `repeated-blocks:${company.id}`,
        createdAt: clock.now(),
      });
  }

  /** A trader's report of an item they may see and do not own; once per item while it is open. */
  async function report(user: SessionUser, body: CreateReportBody & { note?: string }): Promise<Report> {
    const handler = targets.get(body.targetType);
    if (!handler) throw new AppError('VALIDATION_FAILED', TRUST_MESSAGES.targetTypeUnavailable);
    const found = await handler.findForReporter(body.targetId, user.id);
    if (!found) throw new AppError('NOT_FOUND', handler.notFoundMessage);
    if (found.ownerId === user.id)
      throw new AppError('VALIDATION_FAILED', `${TRUST_MESSAGES.cannotReportOwn} ${handler.noun}.`);
    const now = clock.now();
    if (
      (await countReportsBySince(db, user.id, new Date(now.getTime() - DAY_MS))) >= TRUST_LIMITS.reportsPerDay
    )
      throw new AppError('RATE_LIMITED', TRUST_MESSAGES.tooManyReports);
    const row = await insertReport(db, {
      id: `rpt_${randomUUID()}`,
      targetType: body.targetType,
      targetId: body.targetId,
      subjectUserId: found.ownerId,
      reason: body.reason,
      note: body.note || null,
      reporterId: user.id,
      createdAt: now,
    });
    if (!row) throw new AppError('CONFLICT', TRUST_MESSAGES.alreadyReported);
    return toReport(row);
  }

  /**
   * A trader's message with fraud signals flags its conversation: one open system report per
   * conversation, naming the first such message (the queue shows the conversation around it).
   */
  async function flagFraudSignals(found: {
    messageId: string;
    conversationId: string;
    senderId: string;
    signals: FraudSignalKind[];
  }): Promise<void> {
    await insertReport(db, {
      id: `rpt_${randomUUID()}`,
      targetType: 'message',
      targetId: found.messageId,
      subjectUserId: found.senderId,
      reason: 'fraud_signal',
      reporterId: null,
      details: { conversationId: found.conversationId, signals: found.signals },
      groupKey: `fraud-signals:${found.conversationId}`,
      createdAt: clock.now(),
    });
  }

  async function adminList(query: AdminReportsQuery): Promise<AdminReportPage> {
    const pageSize = TRUST_LIMITS.adminPageSize;
    const { rows, total } = await listReports(db, query.status, query.page, pageSize);
    return { items: await toAdminViews(rows), total, page: query.page, pageSize };
  }

  async function countOpen(): Promise<number> {
    return countOpenReports(db);
  }

  /**
   * An administrator's decision on an open report, audited: dismiss (this report only), hide the
   * item, warn its owner by email, or suspend its owner; the last three resolve every open report of
   * the same item. Hide, warn and suspend need the note the user is told.
   */
  async function resolve(admin: SessionUser, reportId: string, body: ResolveReportBody & { note?: string }) {
    const row = await findReport(db, reportId);
    if (!row) throw new AppError('NOT_FOUND', TRUST_MESSAGES.reportNotFound);
    if (row.status !== 'open') throw new AppError('CONFLICT', TRUST_MESSAGES.alreadyResolved);
    const note = body.note?.trim() || null;
    if (body.action !== 'dismiss' && !note)
      throw new AppError('VALIDATION_FAILED', TRUST_MESSAGES.resolutionNoteRequired);
    const handler = targets.get(row.targetType);
    const now = clock.now();
    const audit = (action: string, tx: Db, details: Record<string, unknown> = {}) =>
      deps.audit(
        {
          actor: admin,
          action: `report.${action}`,
          targetType: 'report',
          targetId: row.id,
          details: {
            targetType: row.targetType,
            targetId: row.targetId,
            subjectUserId: row.subjectUserId,
            ...details,
          },
        },
        tx,
      );
    const outcome = (resolution: NonNullable<ReportRow['resolution']>) => ({
      status: resolution === 'dismissed' ? ('dismissed' as const) : ('actioned' as const),
      resolution,
      resolutionNote: note,
      resolvedByEmail: admin.email,
      resolvedAt: now,
    });

    if (body.action === 'dismiss') {
      await inTransaction(db, async (tx) => {
        if (!(await resolveReport(tx, row.id, outcome('dismissed'))))
          throw new AppError('CONFLICT', TRUST_MESSAGES.alreadyResolved);
        await audit('dismiss', tx, { note });
      });
      return loadAdminReport(row.id);
    }

    if (body.action === 'hide') {
      const context = handler ? await handler.loadContext(row.targetId) : null;
      if (!handler || !context) throw new AppError('NOT_FOUND', TRUST_MESSAGES.itemGone);
      // Already hidden (by another report, or on the item's own screen): only the reports are closed.
      if (!context.hidden) await handler.hide(admin, row.targetId, note as string);
      await inTransaction(db, async (tx) => {
        await resolveOpenReportsOf(tx, row, outcome('hidden'));
        await audit('hide', tx, { note });
      });
      return loadAdminReport(row.id);
    }

    // Warn and suspend act on the person the report is about.
    const [subject] = row.subjectUserId ? await findPeople(db, [row.subjectUserId]) : [];
    if (!subject) throw new AppError('CONFLICT', TRUST_MESSAGES.nobodyToAct);
    if (body.action === 'warn') {
      const about = (await handler?.loadContext(row.targetId))?.title ?? 'your account';
      await inTransaction(db, async (tx) => {
        await resolveOpenReportsOf(tx, row, outcome('warned'));
        await audit('warn', tx, { note, email: subject.email });
        await deps.notifications.queueEmail(
          {
            to: subject.email,
            kind: 'report-warning',
            meta: { reportId: row.id },
            render: (brand) =>
              reportWarningEmail(brand, subject.name, `"${about}"`, note as string, `${deps.appUrl}/terms`),
          },
          { tx },
        );
      });
      return loadAdminReport(row.id);
    }

    // Suspend: the back office's own suspension (refusing administrators and oneself, audited).
    await deps.suspendUser(admin, subject.id, note as string);
    await inTransaction(db, async (tx) => {
      await resolveOpenReportsOf(tx, row, outcome('suspended'));
      await audit('suspend', tx, { note, email: subject.email });
    });
    return loadAdminReport(row.id);
  }

  async function loadAdminReport(id: string): Promise<AdminReport> {
    const row = await findReport(db, id);
    if (!row) throw new AppError('NOT_FOUND', TRUST_MESSAGES.reportNotFound);
    const [view] = await toAdminViews([row]);
    return view;
  }

  async function toAdminViews(rows: ReportRow[]): Promise<AdminReport[]> {
    const personIds = [
      ...new Set(
        rows.flatMap((r) => [r.reporterId, r.subjectUserId]).filter((id): id is string => Boolean(id)),
      ),
    ];
    const [people, openCounts, contexts] = await Promise.all([
      findPeople(db, personIds),
      countOpenReportsOf(db, rows),
      Promise.all(rows.map((r) => targets.get(r.targetType)?.loadContext(r.targetId) ?? null)),
    ]);
    const person = (id: string | null) => {
      const p = id ? people.find((x) => x.id === id) : undefined;
      return p ? { id: p.id, name: p.name, email: p.email, suspended: p.suspendedAt !== null } : null;
    };
    return rows.map((r, i) => {
      const context = contexts[i];
      const open = openCounts.get(`${r.targetType}:${r.targetId}`) ?? 0;
      return {
        ...toReport(r),
        note: r.note,
        source: r.reporterId || !isSystemReason(r.reason) ? ('trader' as const) : ('system' as const),
        reporter: person(r.reporterId),
        sameItemCount: Math.max(0, open - (r.status === 'open' ? 1 : 0)),
        resolvedAt: r.resolvedAt?.toISOString() ?? null,
        resolvedByEmail: r.resolvedByEmail,
        resolution: r.resolution,
        resolutionNote: r.resolutionNote,
        context: context ? { ...context, owner: person(r.subjectUserId) } : null,
      };
    });
  }

  return {
    listBlocks,
    block,
    unblock,
    report,
    flagFraudSignals,
    adminList,
    countOpen,
    resolve,
    loadAdminReport,
  };
}

const isSystemReason = (reason: string) => reason === 'fraud_signal' || reason === 'repeated_blocks';

function toReport(row: ReportRow): Report {
  return {
    id: row.id,
    targetType: row.targetType,
    targetId: row.targetId,
    reason: row.reason as Report['reason'],
    status: row.status,
    createdAt: row.createdAt.toISOString(),
  };
}
