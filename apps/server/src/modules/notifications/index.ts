/**
 * The notifications module's face: what other modules and the app may use. Other modules import from here only.
 */

export {
  type EmailBrand,
  type EmailRenderer,
  emailDocument,
  emailLayout,
  escapeHtml,
  type RenderedEmail,
} from './email-templates.ts';
// The back office's failed emails.
export { createMailer, type Mailer, type OutgoingEmail } from './mailer.ts';
// The module's registration: its routes, jobs, reactions to other modules' events and default rows.
export { registerNotifications } from './notifications.module.ts';
export type { NotificationsService } from './notifications.service.ts';
export type { PushSender, PushService } from './push.service.ts';
export type { UserNotificationsService } from './user-notifications.service.ts';
