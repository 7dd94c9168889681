/** The users back office's messages and limits without zod (the suspended-account notice shows on any page). */
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
