import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, createClient } from '../../test/build-test-app.ts';
import { getWorkerDatabase } from '../../test/test-database.ts';
import { companies, users } from '../db/schema.ts';
import { createLocalStorage } from '../lib/storage.ts';
import { seedDemoData, seedDemoDeals } from './seed.ts';
import { seedDemoReviews } from './seed-reviews.ts';

beforeAll(async () => {
  await getWorkerDatabase();
});

describe('demo reviews', () => {
  it('reviews the concluded demo deals through the service, so company pages show real figures, once', async () => {
    const storage = createLocalStorage(mkdtempSync(path.join(tmpdir(), 'seed-')));
    const { app, database } = await buildTestApp({ storage });
    await seedDemoData(database.db, { storage });
    await seedDemoDeals(database.db, app.services);
    expect(await seedDemoReviews(database.db, app.services)).toEqual({ seeded: true });
    expect(await seedDemoReviews(database.db, app.services)).toEqual({ seeded: false });

    const [maria] = await database.db
      .select({ companyId: companies.id })
      .from(companies)
      .innerJoin(users, eq(users.id, companies.userId))
      .where(eq(users.email, 'maria@greenloop-metals.test'));
    const visitor = createClient(app);
    const { reputation } = (await visitor.get(`/api/companies/${maria.companyId}/reputation`)).json();
    expect(reputation.completedDeals).toBe(6);
    expect(reputation.reviewCount).toBeGreaterThan(0);
    expect(reputation.averageRating).toBeGreaterThanOrEqual(4);
    expect(reputation.tonnesTraded).toBeGreaterThan(0);
    const page = (await visitor.get(`/api/companies/${maria.companyId}/reviews`)).json();
    expect(page.items.length).toBe(reputation.reviewCount);
  }, 120_000);
});
