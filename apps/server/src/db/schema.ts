// Every table of every module, for Drizzle's typed client and for drizzle-kit.
export * from '../modules/accounts/accounts.table.ts';
export * from '../modules/admin/admin.table.ts';
export * from '../modules/billing/billing.table.ts';
export * from '../modules/blog/blog.table.ts';
export * from '../modules/companies/companies.table.ts';
export * from '../modules/content/contact.table.ts';
export * from '../modules/deals/deals.table.ts';
export * from '../modules/deals/escrow-providers/sandbox-escrow.table.ts';
export * from '../modules/deals/payment-methods.table.ts';
export * from '../modules/deals/wire-transfers.table.ts';
export * from '../modules/ledger/ledger.table.ts';
export * from '../modules/listings/listings.table.ts';
export * from '../modules/messaging/messaging.table.ts';
export * from '../modules/notifications/notifications.table.ts';
export * from '../modules/payments/payments.table.ts';
export * from '../modules/payments/providers/sandbox/sandbox.table.ts';
export * from '../modules/settings/settings.table.ts';
