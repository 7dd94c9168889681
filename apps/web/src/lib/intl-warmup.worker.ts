// Builds one number and one date formatter (lib/intl-warmup.ts explains why), then ends.
new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(1);
new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' }).format(0);
self.close();
