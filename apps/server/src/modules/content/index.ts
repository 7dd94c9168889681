/**
 * The content module's face: what other modules and the app may use. Other modules import from here only.
 */

export type { ContactService } from './contact.service.ts';
// The module's registration: its routes, jobs, reactions to other modules' events and default rows.
export { registerContent } from './content.module.ts';
