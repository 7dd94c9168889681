/**
 * The campaigns module's face: what other modules and the app may use. Other modules import from here only.
 */

// The module's registration: its routes, jobs, reactions to other modules' events and default rows.
export { registerCampaigns } from './campaigns.module.ts';
export type { CampaignsService } from './campaigns.service.ts';
