/**
 * The accounts module's face: what other modules and the app may use. Other modules import from here only.
 */

// Published reads: other modules look accounts up through these, never through the tables.
export { findLiveSessionIds, findUserByEmail, findUserById } from './accounts.repository.ts';
export { accountsRoutes } from './accounts.routes.ts';
export { type AccountsService, createAccountsService, type SessionUser } from './accounts.service.ts';
export { scheduleAccountsCleanup } from './accounts-cleanup.job.ts';
export { createAuth } from './auth.ts';
