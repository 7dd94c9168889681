/**
 * The trust module's face: what other modules and the app may use. Other modules import from here only.
 */

// Who blocked whom, kept in memory per user and cleared on every instance at each change: built in
// app.ts before the modules that enforce blocks (messaging, deals, listings, market, push).
export { createBlockRelations } from './block-relations.ts';
// Published read: whether a block stands between two users, as SQL (matching).
export { blockedBetweenSql } from './blocks.repository.ts';
// Report targets other modules register (`registerReportTarget('review', reviewReportTarget(reviews))`).
export { reviewReportTarget } from './report-targets.ts';
export { registerTrust, type TrustModule } from './trust.module.ts';
