import { type FieldChange, FieldChangeSchema } from '../admin/field-changes.ts';
import { MATERIALS, SECTORS } from '../catalog/catalog.ts';
import { stripMarkup } from '../listings/listings.schemas.ts';
import * as z from '../zod.ts';

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
export const VERIFIED_FIELDS = { companyName: 'Company name', contactEmail: 'Contact email' } as const;

/** What an update changes among VERIFIED_FIELDS (an email differing only in letter case is the same). */
export function verifiedFieldChanges(
  company: { companyName: string; contactEmail: string },
  body: { companyName?: string; contactEmail?: string },
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
  verified: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Company = z.infer<typeof CompanySchema>;

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
  page: z.coerce.number().int().min(1).max(10_000).default(1),
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

export const OwnCompaniesSchema = z.object({ items: z.array(CompanySchema) });
export type OwnCompanies = z.infer<typeof OwnCompaniesSchema>;

export const RemoveCompanyBodySchema = z
  .object({ reason: requiredText(COMPANY_MESSAGES.removalReasonRequired, 1000) })
  .strict();
export type RemoveCompanyBody = z.infer<typeof RemoveCompanyBodySchema>;

/** GET /api/admin/companies */
export const AdminCompaniesQuerySchema = z.object({
  status: z.enum(ADMIN_COMPANY_STATUSES).default('all'),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
});
export type AdminCompaniesQuery = z.infer<typeof AdminCompaniesQuerySchema>;

export const AdminCompanySchema = CompanySchema.extend({
  ownerEmail: z.string(),
  verifiedAt: z.string().nullable(),
  verifiedByAdminEmail: z.string().nullable(),
  /** Verified fields the owner changed since the last verification, old and new (empty when none). */
  verificationChanges: z.array(FieldChangeSchema),
});
export type AdminCompany = z.infer<typeof AdminCompanySchema>;
export const AdminCompanyPageSchema = DirectoryPageSchema.extend({ items: z.array(AdminCompanySchema) });
export type AdminCompanyPage = z.infer<typeof AdminCompanyPageSchema>;
