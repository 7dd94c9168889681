import { gradesOf, MATERIAL_GRADES } from '@app/shared/market/grades';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildTestApp, createClient } from '../../../test/build-test-app.ts';
import { materialGrades } from './grades.table.ts';

describe('material grades', () => {
  it('seeds the reference table at start-up and lists grades publicly, per category', async () => {
    const { app } = await buildTestApp();
    const visitor = createClient(app);
    const all = await visitor.get('/api/market/grades');
    expect(all.statusCode).toBe(200);
    expect(all.json().items.map((g: { id: string }) => g.id)).toEqual(MATERIAL_GRADES.map((g) => g.id));

    const paper = (await visitor.get('/api/market/grades?category=paper')).json().items;
    expect(paper.map((g: { id: string }) => g.id)).toEqual(gradesOf('paper').map((g) => g.id));
    const barley = (await visitor.get('/api/market/grades?category=metals')).json().items[0];
    expect(barley).toMatchObject({ id: 'barley', code: 'Barley', label: 'Barley (Bare bright copper wire)' });
    expect((await visitor.get('/api/market/grades?category=glass')).statusCode).toBe(400);
  });

  it('rewrites changed text when seeding again and keeps one row per grade', async () => {
    const { database } = await buildTestApp();
    await database.db.update(materialGrades).set({ name: 'stale' }).where(eq(materialGrades.id, 'occ'));
    await buildTestApp({ database, keepData: true });
    const rows = await database.db.select().from(materialGrades);
    expect(rows).toHaveLength(MATERIAL_GRADES.length);
    expect(rows.find((r) => r.id === 'occ')?.name).toBe('Old corrugated containers (OCC)');
  });
});
