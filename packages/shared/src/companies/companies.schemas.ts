import { type FieldChange, FieldChangeSchema } from '../admin/field-changes.ts';
import { MATERIALS, SECTORS } from '../catalog/catalog.ts';
import { PrivateFileViewSchema } from '../files/private-files.schemas.ts';
import { stripMarkup } from '../listings/listings.schemas.ts';
import * as z from '../zod.ts';
import {
  isCountryCode,
  VERIFICATION_LIMITS,
  VERIFICATION_MESSAGES,
  VERIFICATION_STATES,
} from './company-verification.ts';

export * from './company-verification.ts';

/** The company types of the specification; the form's default is buyer. */
export const COMPANY_TYPES = ['buyer', 'seller', 'both'] as const;
export type CompanyType = (typeof COMPANY_TYPES)[number];
export const DEFAULT_COMPANY_TYPE: CompanyType = 'buyer';

/** Which companies the admin screen lists. */
export const ADMIN_COMPANY_STATUSES = ['all', 'pending', 'verified'] as const;

export const COMPANY_LIMITS = {
  companyNameMax: 200,
  contactEmailMax: 254,
  descriptionMax: 1000,
  phoneMax: 40,
  websiteMax: 200,
  addressMax: 300,
  taxIdMax: 40,
  directoryPageSize: 100,
  adminPageSize: 50,
} as const;

/** The specification's messages, word for word. */
export const COMPANY_MESSAGES = {
  companyNameRequired: 'Company name is required',
  contactEmailRequired: 'Contact email is required',
  contactEmailInvalid: 'Please enter a valid email address',
  companyTypeRequired: 'Company type is required',
  materialsRequired: 'Please select at least one material type',
  removalReasonRequired: 'Please provide a reason for removal.',
  created: 'Company profile created successfully! It will be reviewed by our admin team.',
  notFound: 'Company not found',
  createFailed: 'Failed to create company profile',
  updateFailed: 'Failed to update company',
  deleteFailed: 'Failed to delete company',
  loadFailed: 'Failed to load companies',
  adminLoadFailed: 'Failed to load companies.',
  adminRemoved: 'Company removed successfully.',
  adminRemoveFailed: 'Failed to remove company.',
  adminVerified: 'Company verified successfully.',
  adminVerifyFailed: 'Failed to verify company.',
  updated: 'Company profile updated.',
  reverifyTitle: 'Verification needed again',
  reverifyNotice: 'Your company is pending verification again. Our admin team will review the change.',
  deleted: 'Company deleted.',
  descriptionTooLong: 'Description must be 1000 characters or less',
  phoneTooLong: 'Phone must be 40 characters or less',
  websiteInvalid: 'Please enter a valid website URL',
  addressTooLong: 'Address must be 300 characters or less',
  sectorInvalid: 'Please select a sector from the list',
  taxIdTooLong: 'Tax id must be 40 characters or less',
} as const;

const EMAIL_SHAPE = /^[^\s@<>]+@[^\s@<>]+\.[^\s@<>]+$/;
/** A host name with a dot, with or without http(s)://. */
const WEBSITE_SHAPE = /^(https?:\/\/)?[\p{L}\p{N}-]+(\.[\p{L}\p{N}-]+)+(:\d+)?([/?#]\S*)?$/iu;

const requiredText = (required: string, max: number, tooLong = required) =>
  z.string({ error: required }).transform(stripMarkup).pipe(z.string().min(1, required).max(max, tooLong));

/** Optional free text: markup stripped, trimmed; empty means absent (null). */
const optionalText = (max: number, tooLong: string, shape?: { re: RegExp; message: string }) =>
  z
    .string()
    .transform(stripMarkup)
    .pipe(
      z
        .string()
        .max(max, tooLong)
        .refine((s) => !shape || s === '' || shape.re.test(s), shape?.message ?? tooLong),
    )
    .transform((s) => (s === '' ? null : s))
    .nullable()
    .optional();

/** The company form and POST /api/companies. */
export const CompanyBodySchema = z
  .object({
    companyName: requiredText(COMPANY_MESSAGES.companyNameRequired, COMPANY_LIMITS.companyNameMax),
    contactEmail: z
      .string({ error: COMPANY_MESSAGES.contactEmailRequired })
      .transform(stripMarkup)
      .pipe(z.string().min(1, COMPANY_MESSAGES.contactEmailRequired))
      // A second stage, so an empty address reports only that it is required.
      .pipe(
        z
          .string()
          .max(COMPANY_LIMITS.contactEmailMax, COMPANY_MESSAGES.contactEmailInvalid)
          .regex(EMAIL_SHAPE, COMPANY_MESSAGES.contactEmailInvalid),
      ),
    companyType: z.enum(COMPANY_TYPES, { error: COMPANY_MESSAGES.companyTypeRequired }),
    materials: z
      .array(z.enum(MATERIALS, { error: COMPANY_MESSAGES.materialsRequired }), {
        error: COMPANY_MESSAGES.materialsRequired,
      })
      .min(1, COMPANY_MESSAGES.materialsRequired)
      .max(MATERIALS.length)
      .transform((m) => [...new Set(m)]),
    sector: z.enum(SECTORS, { error: COMPANY_MESSAGES.sectorInvalid }).nullable().optional(),
    description: optionalText(COMPANY_LIMITS.descriptionMax, COMPANY_MESSAGES.descriptionTooLong),
    phone: optionalText(COMPANY_LIMITS.phoneMax, COMPANY_MESSAGES.phoneTooLong),
    website: optionalText(COMPANY_LIMITS.websiteMax, COMPANY_MESSAGES.websiteInvalid, {
      re: WEBSITE_SHAPE,
      message: COMPANY_MESSAGES.websiteInvalid,
    }),
    address: optionalText(COMPANY_LIMITS.addressMax, COMPANY_MESSAGES.addressTooLong),
    /** ISO 3166-1 alpha-2; empty means none. */
    country: z
      .string()
      .transform((s) => s.trim().toUpperCase())
      .refine((s) => s === '' || isCountryCode(s), VERIFICATION_MESSAGES.countryInvalid)
      .transform((s) => (s === '' ? null : s))
      .nullable()
      .optional(),
    /** Checked against the country's format by the server (checkTaxId), which stores it normalised. */
    taxId: optionalText(COMPANY_LIMITS.taxIdMax, COMPANY_MESSAGES.taxIdTooLong),
  })
  .strict();
export type CompanyBody = z.infer<typeof CompanyBodySchema>;
export type CompanyInput = z.input<typeof CompanyBodySchema>;

/** PATCH /api/companies/:id: any subset of the form's fields. */
export const UpdateCompanyBodySchema = CompanyBodySchema.partial().strict();
export type UpdateCompanyBody = z.infer<typeof UpdateCompanyBodySchema>;

/**
 * The fields a verification vouches for (who the firm is and where escrow and deal mail goes): changing
 * one on a verified company sends it back to pending verification. The form warns with the same rule.
 */
export const VERIFIED_FIELDS = {
  companyName: 'Company name',
  contactEmail: 'Contact email',
  country: 'Country',
  taxId: 'Tax id',
} as const;

/** What an update changes among VERIFIED_FIELDS (an email differing only in letter case is the same). */
export function verifiedFieldChanges(
  company: { companyName: string; contactEmail: string; country?: string | null; taxId?: string | null },
  body: { companyName?: string; contactEmail?: string; country?: string | null; taxId?: string | null },
): FieldChange[] {
  const changes: FieldChange[] = [];
  if (body.companyName !== undefined && body.companyName !== company.companyName)
    changes.push({
      field: 'companyName',
      label: VERIFIED_FIELDS.companyName,
      before: company.companyName,
      after: body.companyName,
    });
  if (
    body.contactEmail !== undefined &&
    body.contactEmail.toLowerCase() !== company.contactEmail.toLowerCase()
  )
    changes.push({
      field: 'contactEmail',
      label: VERIFIED_FIELDS.contactEmail,
      before: company.contactEmail,
      after: body.contactEmail,
    });
  for (const field of ['country', 'taxId'] as const) {
    const before = company[field] ?? null;
    const after = body[field];
    if (after !== undefined && (after ?? null) !== before)
      changes.push({ field, label: VERIFIED_FIELDS[field], before: before ?? '', after: after ?? '' });
  }
  return changes;
}

export const CompanySchema = z.object({
  id: z.string(),
  userId: z.string(),
  companyName: z.string(),
  description: z.string().nullable(),
  contactEmail: z.string(),
  phone: z.string().nullable(),
  website: z.string().nullable(),
  address: z.string().nullable(),
  materials: z.array(z.string()),
  companyType: z.enum(COMPANY_TYPES),
  sector: z.string().nullable(),
  country: z.string().nullable(),
  verified: z.boolean(),
  /** The contact email's domain is the website's (not a free-mail address). */
  domainMatch: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Company = z.infer<typeof CompanySchema>;

/** Where a company's verification stands, with its documents: for its owner and administrators. */
export const CompanyVerificationSchema = z.object({
  state: z.enum(VERIFICATION_STATES),
  requestedAt: z.string().nullable(),
  refusalReason: z.string().nullable(),
  documents: z.array(PrivateFileViewSchema),
});
export type CompanyVerification = z.infer<typeof CompanyVerificationSchema>;

/** One's own company: the public profile plus the tax id and the verification. */
export const OwnCompanySchema = CompanySchema.extend({
  taxId: z.string().nullable(),
  verification: CompanyVerificationSchema,
});
export type OwnCompany = z.infer<typeof OwnCompanySchema>;

/** POST /api/companies/:id/verification-request */
export const RequestVerificationBodySchema = z
  .object({
    documentIds: z
      .array(z.string().min(1).max(100), { error: VERIFICATION_MESSAGES.documentsRequired })
      .min(VERIFICATION_LIMITS.documentsMin, VERIFICATION_MESSAGES.documentsRequired)
      .max(VERIFICATION_LIMITS.documentsMax, VERIFICATION_MESSAGES.documentsRequired),
  })
  .strict();
export type RequestVerificationBody = z.infer<typeof RequestVerificationBodySchema>;

/** POST /api/admin/companies/:id/refuse-verification */
export const RefuseVerificationBodySchema = z
  .object({
    reason: requiredText(VERIFICATION_MESSAGES.refusalReasonRequired, VERIFICATION_LIMITS.refusalReasonMax),
  })
  .strict();
export type RefuseVerificationBody = z.infer<typeof RefuseVerificationBodySchema>;

/** A comma list (`materials=Metals,Paper`) or the parameter repeated. */
const materialsList = z
  .union([z.string(), z.array(z.string())])
  .transform((v) =>
    (Array.isArray(v) ? v : [v])
      .flatMap((s) => s.split(','))
      .map((s) => s.trim())
      .filter(Boolean),
  )
  .pipe(z.array(z.enum(MATERIALS, { error: 'Unknown material' })).max(MATERIALS.length));

const booleanFlag = z
  .union([z.boolean(), z.enum(['true', 'false', '1', '0'])])
  .transform((v) => v === true || v === 'true' || v === '1');

/** GET /api/companies: the public directory. */
export const DirectoryQuerySchema = z.object({
  q: z.string().max(200).transform(stripMarkup).optional(),
  materials: materialsList.optional(),
  companyType: z.enum(COMPANY_TYPES).optional(),
  sector: z.enum(SECTORS).optional(),
  verifiedOnly: booleanFlag.default(false),
  page: z.pageNumber(),
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(COMPANY_LIMITS.directoryPageSize)
    .default(COMPANY_LIMITS.directoryPageSize),
});
export type DirectoryQuery = z.infer<typeof DirectoryQuerySchema>;

export const DirectoryPageSchema = z.object({
  items: z.array(CompanySchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type DirectoryPage = z.infer<typeof DirectoryPageSchema>;

export const OwnCompaniesSchema = z.object({ items: z.array(OwnCompanySchema) });
export type OwnCompanies = z.infer<typeof OwnCompaniesSchema>;

export const RemoveCompanyBodySchema = z
  .object({ reason: requiredText(COMPANY_MESSAGES.removalReasonRequired, 1000) })
  .strict();
export type RemoveCompanyBody = z.infer<typeof RemoveCompanyBodySchema>;

/** GET /api/admin/companies */
export const AdminCompaniesQuerySchema = z.object({
  status: z.enum(ADMIN_COMPANY_STATUSES).default('all'),
  page: z.pageNumber(),
});
export type AdminCompaniesQuery = z.infer<typeof AdminCompaniesQuerySchema>;

export const AdminCompanySchema = CompanySchema.extend({
  ownerEmail: z.string(),
  verifiedAt: z.string().nullable(),
  verifiedByAdminEmail: z.string().nullable(),
  /** Verified fields the owner changed since the last verification, old and new (empty when none). */
  verificationChanges: z.array(FieldChangeSchema),
  taxId: z.string().nullable(),
  verification: CompanyVerificationSchema,
  /** What an administrator should look at before verifying (fraud signals). */
  warnings: z.object({
    freeMail: z.boolean(),
    /** Why the stored tax id fails its country's check, or that there is none. */
    taxIdProblem: z.string().nullable(),
    taxIdUsedBy: z.array(z.object({ id: z.string(), companyName: z.string() })),
    similarVerifiedCompanies: z.array(z.object({ id: z.string(), companyName: z.string() })),
  }),
});
export type AdminCompany = z.infer<typeof AdminCompanySchema>;
export const AdminCompanyPageSchema = DirectoryPageSchema.extend({ items: z.array(AdminCompanySchema) });
export type AdminCompanyPage = z.infer<typeof AdminCompanyPageSchema>;
