import { pgView } from 'drizzle-orm/pg-core';
import { companies } from './companies.table.ts';

/** The companies read model other modules join: whose company it is, its name, contact and standing. */
export const companyDirectory = pgView('company_directory').as((qb) =>
  qb
    .select({
      id: companies.id,
      userId: companies.userId,
      companyName: companies.companyName,
      contactEmail: companies.contactEmail,
      verified: companies.verified,
      removedAt: companies.removedAt,
      createdAt: companies.createdAt,
    })
    .from(companies),
);
