import type { AdminCompaniesQuery, DirectoryQuery } from '@app/shared/companies/companies.schemas';

/** Query keys of the companies feature; mutations and live directory events invalidate `companyKeys.all`. */
export const companyKeys = {
  all: ['companies'] as const,
  directory: (filters: DirectoryFilters) => ['companies', 'directory', filters] as const,
  detail: (id: string) => ['companies', 'detail', id] as const,
  mine: () => ['companies', 'mine'] as const,
  admin: (query: AdminCompaniesQuery) => ['companies', 'admin', query] as const,
};

/** The directory filters as the address bar holds them (page and limit are the query's business). */
export type DirectoryFilters = Partial<Omit<DirectoryQuery, 'page' | 'limit'>>;
