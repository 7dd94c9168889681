import * as z from '../zod.ts';
import { ADMIN_USER_STATUSES, ADMIN_USERS_MESSAGES } from './admin-users-rules.ts';

export * from './admin-users-rules.ts';

/** The admin record of the specification. */
export const AdminRecordSchema = z.object({
  id: z.string(),
  userId: z.string(),
  email: z.string(),
  role: z.string(),
  createdAt: z.string(),
});
export type AdminRecord = z.infer<typeof AdminRecordSchema>;
export const AdminRecordListSchema = z.object({ items: z.array(AdminRecordSchema) });
export type AdminRecordList = z.infer<typeof AdminRecordListSchema>;

/** POST /api/admin/admins */
export const AddAdminBodySchema = z.object({
  email: z
    .string({ error: ADMIN_USERS_MESSAGES.emailRequired })
    .trim()
    .min(1, ADMIN_USERS_MESSAGES.emailRequired)
    .max(320, 'Email must be 320 characters or less'),
});

/** GET /api/admin/users */
export const AdminUsersQuerySchema = z.object({
  q: z.string().trim().max(200).optional().default(''),
  status: z.enum(ADMIN_USER_STATUSES).default('all'),
  page: z.pageNumber(),
});
export type AdminUsersQuery = z.infer<typeof AdminUsersQuerySchema>;

/** The user of the admin view: id, email, confirmation, creation, last sign-in, name and company. */
export const AdminUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  emailConfirmedAt: z.string().nullable(),
  createdAt: z.string(),
  lastSignInAt: z.string().nullable(),
  fullName: z.string(),
  company: z.string().nullable(),
  companyNames: z.array(z.string()),
  isAdmin: z.boolean(),
  suspendedAt: z.string().nullable(),
  suspendedReason: z.string().nullable(),
});
export type AdminUser = z.infer<typeof AdminUserSchema>;

export const AdminUserPageSchema = z.object({
  items: z.array(AdminUserSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type AdminUserPage = z.infer<typeof AdminUserPageSchema>;

/** POST /api/admin/users/:id/suspend */
export const SuspendUserBodySchema = z.object({
  reason: z
    .string({ error: ADMIN_USERS_MESSAGES.reasonRequired })
    .trim()
    .min(1, ADMIN_USERS_MESSAGES.reasonRequired)
    .max(1000, 'Reason must be 1000 characters or less'),
});
