/**
 * The campaigns module's face: what other modules and the app may use. Other modules import from here only.
 */

export { scheduleCampaignJobs } from './campaigns.job.ts';
// The module's registration: its routes, jobs, reactions to other modules' events and default rows.
export { registerCampaigns } from './campaigns.module.ts';
export { campaignsRoutes } from './campaigns.routes.ts';
export { type CampaignsService, createCampaignsService } from './campaigns.service.ts';
export { createUnsubscribeTokens } from './unsubscribe-token.ts';
