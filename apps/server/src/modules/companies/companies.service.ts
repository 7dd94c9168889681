import { randomUUID } from 'node:crypto';
import { mergeFieldChanges } from '@app/shared/admin/field-changes';
import {
  type AdminCompaniesQuery,
  type AdminCompany,
  type AdminCompanyPage,
  COMPANY_LIMITS,
  COMPANY_MESSAGES,
  type Company,
  type CompanyBody,
  contactDomainMatchesWebsite,
  type DirectoryPage,
  type DirectoryQuery,
  type OwnCompanies,
  type UpdateCompanyBody,
  verifiedFieldChanges,
} from '@app/shared/companies/companies.schemas';
import { isFreeMailAddress } from '@app/shared/trust/company-checks';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import { type AuditRecorder, noAudit } from '../access/index.ts';
import type { SessionUser } from '../accounts/index.ts';
import type { NotificationsService } from '../notifications/index.ts';
import type { PrivateFilesService } from '../private-files/index.ts';
import type { RealtimeService } from '../realtime/index.ts';
import { companyRemovedEmail, companyVerifiedEmail } from './companies.emails.ts';
import {
  type CompanyRow,
  type CompanyWithOwner,
  countUnverified as countUnverifiedCompanies,
  deleteCompanyRow,
  findCompany,
  findOwnerFacts,
  insertCompany,
  listByOwner,
  listForSitemap as listCompaniesForSitemap,
  listDirectory,
  listForAdmin,
  updateCompany,
} from './companies.repository.ts';
import { createCompanyVerification, normaliseTaxId } from './company-verification.ts';

export type CompaniesService = ReturnType<typeof createCompaniesService>;

const toView = (row: CompanyRow): Company => ({
  id: row.id,
  userId: row.userId,
  companyName: row.companyName,
  description: row.description,
  contactEmail: row.contactEmail,
  phone: row.phone,
  website: row.website,
  address: row.address,
  materials: row.materials,
  companyType: row.companyType,
  sector: row.sector,
  country: row.country,
  verified: row.verified,
  domainMatch:
    !isFreeMailAddress(row.contactEmail) && contactDomainMatchesWebsite(row.contactEmail, row.website),
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

export function createCompaniesService(deps: {
  /** The admin audit log. */
  audit?: AuditRecorder;
  db: Db;
  clock: Clock;
  notifications: NotificationsService;
  realtime: RealtimeService;
  privateFiles: PrivateFilesService;
  appUrl: string;
  /** After a change to whether a user owns a verified company (their reputation's level reads it). */
  onVerifiedCompaniesChanged?: (userId: string) => void;
}) {
  const audit = deps.audit ?? noAudit;
  const { db, clock, notifications, realtime } = deps;
  const verification = createCompanyVerification({ ...deps, audit });

  /** The admin list's rows: documents and warnings read once for the page (two queries in all). */
  async function toAdminViews(rows: CompanyWithOwner[]): Promise<AdminCompany[]> {
    const [verifications, warnings] = await Promise.all([
      verification.verificationsOf(rows),
      verification.warningsOf(rows),
    ]);
    return rows.map((row) => ({
      ...toView(row),
      ownerEmail: row.ownerEmail,
      verifiedAt: row.verifiedAt?.toISOString() ?? null,
      verifiedByAdminEmail: row.verifiedByAdminEmail,
      verificationChanges: row.verificationChanges ?? [],
      taxId: row.taxId,
      verification: verifications.get(row.id) as AdminCompany['verification'],
      warnings: warnings.get(row.id) as AdminCompany['warnings'],
    }));
  }

  /** Every connected user hears of directory changes; a failed broadcast never fails the write. */
  async function announce(companyId: string, change: 'created' | 'updated' | 'removed') {
    await realtime.publishToAll({ type: 'directory.changed', companyId, change }).catch(() => {});
  }

  async function findVisible(id: string): Promise<CompanyWithOwner> {
    const row = await findCompany(db, id);
    if (!row || row.removedAt) throw new AppError('NOT_FOUND', COMPANY_MESSAGES.notFound);
    return row;
  }

  /** The owner's company, or 404 for anybody else (no hint that it exists). */
  async function findOwn(user: SessionUser, id: string): Promise<CompanyWithOwner> {
    const row = await findVisible(id);
    if (row.userId !== user.id) throw new AppError('NOT_FOUND', COMPANY_MESSAGES.notFound);
    return row;
  }

  async function directory(query: DirectoryQuery): Promise<DirectoryPage> {
    const { rows, total } = await listDirectory(db, query);
    return { items: rows.map(toView), total, page: query.page, pageSize: query.limit };
  }

  async function getCompany(id: string): Promise<Company> {
    return toView(await findVisible(id));
  }

  /** Ids and change dates of the directory's companies, for the sitemap. */
  async function listForSitemap(limit: number): Promise<{ id: string; updatedAt: Date }[]> {
    return listCompaniesForSitemap(db, limit);
  }

  async function listOwn(userId: string): Promise<OwnCompanies> {
    const rows = await listByOwner(db, userId);
    const verifications = await verification.verificationsOf(rows);
    return {
      items: rows.map((row) => ({
        ...toView(row),
        taxId: row.taxId,
        verification: verifications.get(row.id) as OwnCompanies['items'][number]['verification'],
      })),
    };
  }

  /** The owner's email and companies (removed ones too), read in the caller's transaction if given. */
  async function getOwnerFacts(userId: string, tx: Db = db) {
    return findOwnerFacts(tx, userId);
  }

  async function createCompany(user: SessionUser, body: CompanyBody): Promise<Company> {
    const now = clock.now();
    const row = await insertCompany(db, {
      id: randomUUID(),
      userId: user.id,
      companyName: body.companyName,
      contactEmail: body.contactEmail,
      companyType: body.companyType,
      materials: body.materials,
      sector: body.sector ?? null,
      description: body.description ?? null,
      phone: body.phone ?? null,
      website: body.website ?? null,
      address: body.address ?? null,
      country: body.country ?? null,
      taxId: normaliseTaxId(body.country ?? null, body.taxId ?? null),
      verified: false,
      createdAt: now,
      updatedAt: now,
    });
    await announce(row.id, 'created');
    return toView(row);
  }

  /**
   * Edits one's own company. Changing a verified field (VERIFIED_FIELDS) of a verified company, or of
   * one already waiting for re-verification, makes it pending with the old and new values for the
   * administrator, in the same statement as the change.
   */
  async function updateOwnCompany(user: SessionUser, id: string, body: UpdateCompanyBody): Promise<Company> {
    const row = await findOwn(user, id);
    const patch: Partial<CompanyRow> = { updatedAt: clock.now() };
    for (const [key, value] of Object.entries(body) as Array<[keyof UpdateCompanyBody, unknown]>)
      if (value !== undefined) (patch as Record<string, unknown>)[key] = value;
    // A tax id is stored as its country's rules write it; a new country re-checks the stored one.
    if (body.taxId !== undefined || body.country !== undefined) {
      const country = body.country !== undefined ? body.country : row.country;
      const taxId = body.taxId !== undefined ? body.taxId : row.taxId;
      patch.taxId = normaliseTaxId(country ?? null, taxId ?? null);
    }
    const changes = verifiedFieldChanges(
      row,
      body.taxId === undefined ? body : { ...body, taxId: patch.taxId },
    );
    if (changes.length > 0 && (row.verified || row.verificationChanges !== null))
      Object.assign(patch, {
        verified: false,
        verifiedAt: null,
        verifiedByAdminEmail: null,
        verificationChanges: mergeFieldChanges(row.verificationChanges, changes),
      } satisfies Partial<CompanyRow>);
    await updateCompany(db, id, patch);
    await announce(id, 'updated');
    if (row.verified && patch.verified === false) deps.onVerifiedCompaniesChanged?.(row.userId);
    return getCompany(id);
  }

  async function deleteOwnCompany(user: SessionUser, id: string): Promise<void> {
    const row = await findOwn(user, id);
    await deleteCompanyRow(db, id);
    await announce(id, 'removed');
    if (row.verified) deps.onVerifiedCompaniesChanged?.(row.userId);
  }

  async function adminList(query: AdminCompaniesQuery): Promise<AdminCompanyPage> {
    const pageSize = COMPANY_LIMITS.adminPageSize;
    const { rows, total } = await listForAdmin(db, query.status, query.page, pageSize);
    return { items: await toAdminViews(rows), total, page: query.page, pageSize };
  }

  async function verify(admin: SessionUser, id: string): Promise<AdminCompany> {
    const row = await findVisible(id);
    const now = clock.now();
    await db.transaction(async (tx) => {
      await verification.assertVerifiable(tx, row);
      await updateCompany(tx, id, {
        verified: true,
        verificationRequestedAt: null,
        verificationRefusalReason: null,
        verificationRefusedAt: null,
        verifiedAt: now,
        verifiedByAdminEmail: admin.email,
        verificationChanges: null,
        updatedAt: now,
      });
      await audit(
        {
          actor: admin,
          action: 'company.verify',
          targetType: 'company',
          targetId: id,
          // A re-verification records which changes the administrator accepted.
          details: row.verificationChanges?.length ? { changes: row.verificationChanges } : {},
        },
        tx,
      );
      // In the transaction: the owner hears of the verification exactly when it is committed.
      if (!row.verified)
        await notifications.queueEmail(
          {
            to: row.ownerEmail,
            kind: 'company-verified',
            meta: { companyId: id },
            render: (brand) =>
              companyVerifiedEmail(brand, row.ownerName, row.companyName, `${deps.appUrl}/companies/${id}`),
          },
          { tx },
        );
    });
    await announce(id, 'updated');
    if (!row.verified) deps.onVerifiedCompaniesChanged?.(row.userId);
    const [view] = await toAdminViews([(await findCompany(db, id)) as CompanyWithOwner]);
    return view as AdminCompany;
  }

  /** The owner asks for Level 2 verification with their registration document(s). */
  async function requestVerification(
    user: SessionUser,
    id: string,
    documentIds: string[],
  ): Promise<OwnCompanies['items'][number]> {
    const row = await findOwn(user, id);
    await verification.requestVerification(user, row, documentIds);
    await announce(id, 'updated');
    const own = (await listOwn(user.id)).items.find((c) => c.id === id);
    if (!own) throw new AppError('NOT_FOUND', COMPANY_MESSAGES.notFound);
    return own;
  }

  async function refuseVerification(admin: SessionUser, id: string, reason: string): Promise<AdminCompany> {
    const row = await findVisible(id);
    await verification.refuseVerification(admin, row, reason);
    const [view] = await toAdminViews([(await findCompany(db, id)) as CompanyWithOwner]);
    return view as AdminCompany;
  }

  async function remove(admin: SessionUser, id: string, reason: string): Promise<void> {
    const row = await findVisible(id);
    const now = clock.now();
    await db.transaction(async (tx) => {
      await updateCompany(tx, id, {
        removedAt: now,
        removalReason: reason,
        removedByAdminEmail: admin.email,
        updatedAt: now,
      });
      await audit(
        { actor: admin, action: 'company.remove', targetType: 'company', targetId: id, details: { reason } },
        tx,
      );
      await notifications.queueEmail(
        {
          to: row.ownerEmail,
          kind: 'company-removed',
          meta: { companyId: id },
          render: (brand) =>
            companyRemovedEmail(
              brand,
              row.ownerName,
              row.companyName,
              reason,
              `${deps.appUrl}/companies/manage`,
            ),
        },
        { tx },
      );
    });
    await announce(id, 'removed');
    if (row.verified) deps.onVerifiedCompaniesChanged?.(row.userId);
  }

  /** Company profiles waiting for verification (the admin dashboard count). */
  async function countUnverified(): Promise<number> {
    return countUnverifiedCompanies(db);
  }

  return {
    directory,
    getCompany,
    listForSitemap,
    listOwn,
    getOwnerFacts,
    createCompany,
    updateOwnCompany,
    deleteOwnCompany,
    adminList,
    countUnverified,
    verify,
    requestVerification,
    refuseVerification,
    remove,
  };
}
