/**
 * The messaging module's face: what other modules and the app may use. Other modules import from here only.
 */

// The module's registration: its routes, jobs, reactions to other modules' events and default rows.
export { registerMessaging } from './messaging.module.ts';
export type { MessagingService } from './messaging.service.ts';
// Published read: each user's median time to answer a conversation somebody else opened (reputation).
export { medianFirstReplySeconds } from './messaging-response-times.ts';
