import { beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/build-test-app.ts';
import { signedInClient } from '../../../test/factories/accounts.ts';
import { getWorkerDatabase } from '../../../test/test-database.ts';
import { readReputationSummaries } from './reputation.repository.ts';
import { userReputations } from './reviews.table.ts';

beforeAll(async () => {
  await getWorkerDatabase();
});

describe('stored reputation summaries', () => {
  it('reads each user’s own figures when several users have a row', async () => {
    const { app } = await buildTestApp();
    const { db } = await getWorkerDatabase();
    const first = await signedInClient(app);
    const second = await signedInClient(app);
    const now = new Date();
    await db.insert(userReputations).values([
      {
        userId: first.user.id,
        reviewCount: 2,
        starsAsAgreedSum: 10,
        starsCommunicationSum: 9,
        starsTimelinessSum: 8,
        completedDeals: 3,
        level: 2,
        memberSince: now,
        computedAt: now,
      },
      { userId: second.user.id, completedDeals: 0, level: 1, memberSince: now, computedAt: now },
    ]);

    const summaries = await readReputationSummaries(db, [first.user.id, second.user.id]);
    expect(summaries.get(first.user.id)).toEqual({
      averageRating: 4.5,
      reviewCount: 2,
      completedDeals: 3,
      level: 2,
    });
    expect(summaries.get(second.user.id)).toEqual({
      averageRating: null,
      reviewCount: 0,
      completedDeals: 0,
      level: 1,
    });
  });
});
