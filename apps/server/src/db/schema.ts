// Every table of every module, for Drizzle's typed client and for drizzle-kit.
export * from '../modules/accounts/accounts.table.ts';
export * from '../modules/admin/admin.table.ts';
export * from '../modules/notifications/notifications.table.ts';
