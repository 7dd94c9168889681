/**
 * The trust module's face: what other modules and the app may use. Other modules import from here only.
 */

// Report targets other modules register (`registerReportTarget('review', reviewReportTarget(reviews))`).
export { reviewReportTarget } from './report-targets.ts';
export { registerTrust, type TrustModule } from './trust.module.ts';
