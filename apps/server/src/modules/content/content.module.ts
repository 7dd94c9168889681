import type { ModuleContext } from '../../lib/module-context.ts';
import type { NotificationsService } from '../notifications/index.ts';
import { contactRoutes } from './contact.routes.ts';
import { type ContactService, createContactService } from './contact.service.ts';

/** The contact form, answered by the support team. */
export function registerContent(
  ctx: ModuleContext,
  deps: { notifications: NotificationsService },
): ContactService {
  const contact = createContactService({
    db: ctx.db,
    clock: ctx.clock,
    notifications: deps.notifications,
    supportEmail: ctx.env.supportEmail,
    logger: ctx.logger,
    reporter: ctx.reporter,
  });
  ctx.routes(contactRoutes(contact));
  return contact;
}
