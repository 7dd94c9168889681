// Every table of every module, for Drizzle's typed client and for drizzle-kit.

export * from '../modules/access/admins.table.ts';
export * from '../modules/access/audit.table.ts';
export * from '../modules/accounts/accounts.table.ts';
export * from '../modules/billing/billing.table.ts';
export * from '../modules/blog/blog.table.ts';
export * from '../modules/campaigns/campaigns.table.ts';
export * from '../modules/companies/companies.table.ts';
export * from '../modules/content/contact.table.ts';
export * from '../modules/deals/deals.table.ts';
export * from '../modules/deals/escrow-providers/sandbox-escrow.table.ts';
export * from '../modules/deals/payment-methods.table.ts';
export * from '../modules/deals/wire-transfers.table.ts';
export * from '../modules/ledger/ledger.table.ts';
export * from '../modules/listings/listings.table.ts';
export * from '../modules/market/grades.table.ts';
export * from '../modules/market/impact.table.ts';
export * from '../modules/market/matching.table.ts';
export * from '../modules/market/price-index.table.ts';
export * from '../modules/messaging/messaging.table.ts';
export * from '../modules/notifications/notifications.table.ts';
export * from '../modules/notifications/user-notifications.table.ts';
export * from '../modules/payments/payments.table.ts';
export * from '../modules/payments/providers/sandbox/sandbox.table.ts';
export * from '../modules/public-api/public-api.table.ts';
export * from '../modules/settings/settings.table.ts';
export * from '../modules/system/backups.table.ts';
