/**
 * The accounts module's face: what other modules and the app may use. Other modules import from here only.
 */

// The module's registration: its routes, jobs, reactions to other modules' events and default rows.
export { registerAccounts } from './accounts.module.ts';
// Published reads: other modules look accounts up through these, never through the tables.
export {
  deleteSessionsOfUser,
  findLiveSessionIds,
  findUserByEmail,
  findUserById,
  setSuspension,
} from './accounts.repository.ts';
export type { AccountsService, SessionUser } from './accounts.service.ts';
export { userDirectory } from './accounts.views.ts';
export type { PasswordHasher } from './auth.ts';
// The accounts back office: sign-in security and unconfirmed sign-ups.
