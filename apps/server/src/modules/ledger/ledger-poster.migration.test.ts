import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, describe, expect, it } from 'vitest';

const MIGRATIONS = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../drizzle');
const POSTER_MIGRATION = '0052_ledger-poster';

/** The checked-in migrations up to (without) `tag`, in a folder of their own. */
function migrationsBefore(tag: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'migrations-'));
  cpSync(MIGRATIONS, dir, { recursive: true });
  const journalPath = path.join(dir, 'meta/_journal.json');
  const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as { entries: Array<{ tag: string }> };
  const at = journal.entries.findIndex((e) => e.tag === tag);
  if (at < 0) throw new Error(`no migration ${tag}`);
  writeFileSync(journalPath, JSON.stringify({ ...journal, entries: journal.entries.slice(0, at) }));
  return dir;
}

const folders: string[] = [];
afterAll(() => {
  for (const dir of folders) rmSync(dir, { recursive: true, force: true });
});

describe('the ledger poster migration', () => {
  it("names escrow the poster of every existing movement of a deal's money, payments of the rest", async () => {
    const client = new PGlite({ extensions: { pg_trgm } });
    const db = drizzle(client);
    const before = migrationsBefore(POSTER_MIGRATION);
    folders.push(before);
    await migrate(db, { migrationsFolder: before });
    await client.exec(`
      insert into users (id, name, email) values ('u1', 'Buyer', 'buyer@example.com');
      insert into payments (id, user_id, purpose, target_type, target_id, description, amount_cents, provider, status)
        values ('pay_escrow', 'u1', 'escrow_funding', 'deal', 'd1', 'Escrow', 1000, 'sandbox', 'succeeded'),
               ('pay_commission', 'u1', 'commission', 'deal', 'd1', 'Commission', 30, 'sandbox', 'succeeded'),
               ('pay_premium', 'u1', 'subscription', 'user', 'u1', 'Premium', 4900, 'sandbox', 'succeeded');
      insert into ledger_transactions (id, kind, description, reference_type, reference_id) values
        ('t_release', 'escrow_release', 'release', 'deal', 'd1'),
        ('t_wire', 'escrow_hold', 'wire received', 'wire_transfer', 'w1'),
        ('t_card', 'escrow_hold', 'card charge', 'payment', 'pay_escrow'),
        ('t_commission', 'payment_received', 'commission paid', 'payment', 'pay_commission'),
        ('t_stray', 'payment_received', 'charge on a page that pays nothing', 'payment', 'pay_escrow'),
        ('t_set_aside', 'escrow_refund', 'set aside', null, null),
        ('t_premium', 'payment_received', 'Premium', 'payment', 'pay_premium'),
        ('t_fee', 'provider_fee', 'fee', null, null);
      insert into ledger_entries (transaction_id, account, amount_cents) values
        ('t_release', 'escrow:held:d1', 970), ('t_release', 'payable:seller:u2', -970),
        ('t_wire', 'cash:bank', 1000), ('t_wire', 'escrow:held:d2', -1000),
        ('t_card', 'cash:provider', 1000), ('t_card', 'escrow:held:d1', -1000),
        ('t_commission', 'cash:provider', 30), ('t_commission', 'revenue:commission', -30),
        ('t_stray', 'cash:provider', 1000), ('t_stray', 'suspense:payments', -1000),
        ('t_set_aside', 'escrow:held:d3', 500), ('t_set_aside', 'payable:buyer:u1', -500),
        ('t_premium', 'cash:provider', 4900), ('t_premium', 'revenue:subscriptions', -4900),
        ('t_fee', 'expense:provider-fees', 10), ('t_fee', 'cash:provider', -10);
    `);
    await migrate(db, { migrationsFolder: MIGRATIONS });
    const { rows } = await client.query<{ id: string; poster: string }>(
      'select id, poster from ledger_transactions order by id',
    );
    expect(Object.fromEntries(rows.map((r) => [r.id, r.poster]))).toEqual({
      t_card: 'escrow',
      t_commission: 'escrow',
      t_fee: 'payments',
      t_premium: 'payments',
      t_release: 'escrow',
      t_set_aside: 'escrow',
      t_stray: 'payments',
      t_wire: 'escrow',
    });
    await expect(
      client.query(
        `insert into ledger_transactions (id, kind, description) values ('t_new', 'refund', 'no poster')`,
      ),
    ).rejects.toThrow(/poster/);
    await client.close();
  }, 120_000);
});
