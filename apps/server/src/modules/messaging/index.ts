/**
 * The messaging module's face: what other modules and the app may use. Other modules import from here only.
 */

export { scheduleMessagingJobs } from './messaging.job.ts';
export { messagingRoutes } from './messaging.routes.ts';
export { createMessagingService, type MessagingService } from './messaging.service.ts';
