/**
 * The companies module's face: what other modules and the app may use. Other modules import from here only.
 */

export { companiesRoutes } from './companies.routes.ts';
export { type CompaniesService, createCompaniesService } from './companies.service.ts';
export { companyDirectory } from './companies.views.ts';
