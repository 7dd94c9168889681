import {
  type AdminCompany,
  type CompanyVerification,
  VERIFICATION_MESSAGES,
  verificationStateOf,
} from '@app/shared/companies/companies.schemas';
import type { PrivateFileView } from '@app/shared/files/private-files';
import { findSimilarCompanyNames, isFreeMailAddress } from '@app/shared/trust/company-checks';
import { checkTaxId } from '@app/shared/trust/tax-ids';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import type { AuditRecorder } from '../access/index.ts';
import type { SessionUser } from '../accounts/index.ts';
import type { NotificationsService } from '../notifications/index.ts';
import type { PrivateFilesService } from '../private-files/index.ts';
import { companyVerificationRefusedEmail } from './companies.emails.ts';
import {
  type CompanyRow,
  type CompanyWithOwner,
  findVerificationWarningInputs,
  updateCompany,
} from './companies.repository.ts';

const PURPOSE = 'company-document' as const;

/**
 * The tax id as stored for `country`: checked by the country's rules and normalised. Refuses a tax id
 * without a country, or one its country's format rejects, with the check's own message.
 */
export function normaliseTaxId(country: string | null, taxId: string | null): string | null {
  if (taxId === null) return null;
  if (!country) throw new AppError('VALIDATION_FAILED', VERIFICATION_MESSAGES.countryFirst);
  const check = checkTaxId(country, taxId);
  if (!check.ok) throw new AppError('VALIDATION_FAILED', check.message);
  return check.normalised;
}

/** Why the stored tax id cannot back a verification, or null when it can. */
function taxIdProblem(row: Pick<CompanyRow, 'country' | 'taxId'>): string | null {
  if (!row.taxId) return VERIFICATION_MESSAGES.taxIdRequired;
  if (!row.country) return VERIFICATION_MESSAGES.countryFirst;
  const check = checkTaxId(row.country, row.taxId);
  return check.ok ? null : check.message;
}

/**
 * Level 2 verification: the owner asks with a business-registration document, a valid tax id and an
 * address; an administrator verifies it (seeing the documents and the fraud warnings) or refuses it
 * with a reason the owner is emailed. Documents are private files: the owner and administrators only.
 */
export function createCompanyVerification(deps: {
  db: Db;
  clock: Clock;
  audit: AuditRecorder;
  notifications: NotificationsService;
  privateFiles: PrivateFilesService;
  appUrl: string;
}) {
  const { db, clock, audit, notifications, privateFiles } = deps;

  /** Each company's verification with its documents, in one read of the documents. */
  async function verificationsOf(rows: CompanyRow[]): Promise<Map<string, CompanyVerification>> {
    const documents = await privateFiles.listAttached(
      PURPOSE,
      rows.map((r) => r.id),
    );
    const byCompany = new Map<string, PrivateFileView[]>();
    for (const { attachedTo, ...file } of documents) {
      const list = byCompany.get(attachedTo) ?? [];
      list.push(file);
      byCompany.set(attachedTo, list);
    }
    return new Map(
      rows.map((row) => [
        row.id,
        {
          state: verificationStateOf(row),
          requestedAt: row.verificationRequestedAt?.toISOString() ?? null,
          refusalReason: row.verificationRefusalReason,
          documents: byCompany.get(row.id) ?? [],
        },
      ]),
    );
  }

  /**
   * What an administrator should weigh before verifying each company: free mail, a reused tax id, a
   * cloned name. One read for the whole page, however many companies it lists.
   */
  async function warningsOf(rows: CompanyRow[]): Promise<Map<string, AdminCompany['warnings']>> {
    const inputs = await findVerificationWarningInputs(db, rows);
    return new Map(
      rows.map((row) => {
        const { taxIdUsedBy = [], nameCandidates = [] } = inputs.get(row.id) ?? {};
        const similar = findSimilarCompanyNames(
          row.companyName,
          nameCandidates.map((c) => ({ ...c, name: c.companyName })),
        ).filter((c) => c.comparison.similar);
        return [
          row.id,
          {
            freeMail: isFreeMailAddress(row.contactEmail),
            taxIdProblem: !row.taxId
              ? VERIFICATION_MESSAGES.noTaxIdYet
              : !row.country
                ? VERIFICATION_MESSAGES.noCountryYet
                : taxIdProblem(row),
            taxIdUsedBy,
            similarVerifiedCompanies: similar.map((c) => ({ id: c.id, companyName: c.companyName })),
          },
        ];
      }),
    );
  }

  /** The owner asks for verification: the facts must be there, the documents become the company's. */
  async function requestVerification(
    user: SessionUser,
    row: CompanyRow,
    documentIds: string[],
  ): Promise<void> {
    if (row.verified) throw new AppError('CONFLICT', VERIFICATION_MESSAGES.alreadyVerified);
    const problem = taxIdProblem(row);
    if (problem) throw new AppError('VALIDATION_FAILED', problem);
    if (!row.address) throw new AppError('VALIDATION_FAILED', VERIFICATION_MESSAGES.addressRequired);
    const now = clock.now();
    await db.transaction(async (tx) => {
      await privateFiles.attach(tx, {
        userId: user.id,
        purpose: PURPOSE,
        ids: documentIds,
        attachedTo: row.id,
      });
      await updateCompany(tx, row.id, {
        verificationRequestedAt: now,
        verificationRefusalReason: null,
        verificationRefusedAt: null,
        updatedAt: now,
      });
    });
  }

  /** Refuses an administrator's verification of a company without a document or a valid tax id. */
  async function assertVerifiable(tx: Db, row: CompanyRow): Promise<void> {
    const documents = await privateFiles.listAttached(PURPOSE, [row.id], tx);
    if (documents.length === 0 || taxIdProblem(row))
      throw new AppError('CONFLICT', VERIFICATION_MESSAGES.cannotVerify);
  }

  async function refuseVerification(
    admin: SessionUser,
    row: CompanyWithOwner,
    reason: string,
  ): Promise<void> {
    if (row.verified) throw new AppError('CONFLICT', VERIFICATION_MESSAGES.alreadyVerified);
    const now = clock.now();
    await db.transaction(async (tx) => {
      await updateCompany(tx, row.id, {
        verificationRequestedAt: null,
        verificationRefusalReason: reason,
        verificationRefusedAt: now,
        updatedAt: now,
      });
      await audit(
        {
          actor: admin,
          action: 'company.refuse_verification',
          targetType: 'company',
          targetId: row.id,
          details: { reason },
        },
        tx,
      );
      await notifications.queueEmail(
        {
          to: row.ownerEmail,
          kind: 'company-verification-refused',
          meta: { companyId: row.id },
          render: (brand) =>
            companyVerificationRefusedEmail(
              brand,
              row.ownerName,
              row.companyName,
              reason,
              `${deps.appUrl}/profile?tab=companies`,
            ),
        },
        { tx },
      );
    });
  }

  return { verificationsOf, warningsOf, requestVerification, assertVerifiable, refuseVerification };
}
