import * as z from '../zod.ts';

export const ADMIN_USERS_MESSAGES = {
  emailRequired: 'Please enter an email address',
  adminAdded: 'Admin added successfully',
  adminRemoved: 'Admin removed successfully',
  addFailed: 'Failed to add admin.',
  removeFailed: 'Failed to remove admin.',
  loadAdminsFailed: 'Failed to load admins.',
  loadUsersFailed: 'Failed to load users.',
  noUserWithEmail: 'No user has signed up with this email address.',
  alreadyAdmin: 'This user is already an admin.',
  lastAdmin: 'You cannot remove the last admin.',
  adminNotFound: 'Admin not found.',
  userNotFound: 'User not found.',
  reasonRequired: 'Please provide a reason for the suspension.',
  cannotSuspendSelf: 'You cannot suspend your own account.',
  cannotSuspendAdmin: 'You cannot suspend an admin. Remove their admin access first.',
  alreadySuspended: 'This user is already suspended.',
  notSuspended: 'This user is not suspended.',
  userSuspended: 'User suspended successfully',
  userReinstated: 'User reinstated successfully',
  suspendFailed: 'Failed to suspend user.',
  reinstateFailed: 'Failed to reinstate user.',
} as const;

/** The sign-in refusal a suspended account gets. */
export const ACCOUNT_SUSPENDED_MESSAGE = 'This account is suspended. Contact support.';

export const ADMIN_USERS_PAGE_SIZE = 25;
export const ADMIN_USER_STATUSES = ['all', 'suspended'] as const;

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
  page: z.coerce.number().int().min(1).max(10_000).default(1),
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
