/**
 * The companies module's face: what other modules and the app may use. Other modules import from here only.
 */

// The module's registration: its routes, jobs, reactions to other modules' events and default rows.
export { registerCompanies } from './companies.module.ts';
export type { CompaniesService } from './companies.service.ts';
export { companyDirectory } from './companies.views.ts';
