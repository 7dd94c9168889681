import { randomUUID } from 'node:crypto';
import { REVIEW_MESSAGES } from '@app/shared/reviews/reviews.schemas';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type WebSocket from 'ws';
import { buildTestApp, createClient } from '../../../test/build-test-app.ts';
import { signedInClient, waitForEmail } from '../../../test/factories/accounts.ts';
import { adminClient, createTestClock } from '../../../test/factories/billing.ts';
import { requestVerificationOf } from '../../../test/factories/companies.ts';
import { createCompanyOf, createListingOf } from '../../../test/factories/messaging.ts';
import { connectSocketAs, listenForSockets } from '../../../test/factories/realtime.ts';
import { completeDeal, FIVE, FOUR } from '../../../test/factories/reviews.ts';
import { getWorkerDatabase } from '../../../test/test-database.ts';
import { rawQuery } from '../../db/client.ts';
import { conversations, dealClaims, messages } from '../../db/schema.ts';

async function setup() {
  const clock = createTestClock();
  const { app, database } = await buildTestApp({ clock });
  const [buyer, seller, stranger, admin] = await Promise.all([
    signedInClient(app, { fullName: 'Bea Buyer', company: 'Buyer Metals' }),
    signedInClient(app, { fullName: 'Sam Seller', company: 'Seller Recycling' }),
    signedInClient(app),
    adminClient(app),
  ]);
  const company = await createCompanyOf(seller.client, { contactEmail: 'sales@seller-co.test' });
  const listing = await createListingOf(seller.client, { price: 95, quantity: 20 });
  const people = { buyer: buyer.user, seller: seller.user, admin: admin.user };
  return {
    app,
    database,
    clock,
    buyer,
    seller,
    stranger,
    admin,
    company,
    listing,
    people,
    visitor: createClient(app),
    complete: (opts?: { release?: boolean }) => completeDeal(app, people, listing.id, opts),
  };
}

const errorOf = (res: { json(): unknown }) =>
  (res.json() as { error: { code: string; message: string } }).error;
const ONE = { asAgreed: 1, communication: 1, timeliness: 1 };
const review = (stars = FIVE, comment?: string) => ({ stars, ...(comment === undefined ? {} : { comment }) });

beforeAll(async () => {
  await getWorkerDatabase();
});

describe('reviews of a deal', () => {
  it('lets each party review the other once after completion, double-blind until both have written', async () => {
    const t = await setup();
    const shipped = await t.complete({ release: false });
    const url = `/api/deals/${shipped.id}/reviews`;

    // Shipped, escrow still held: not concluded. Every party is refused and nothing is stored.
    const early = await t.buyer.client.post(url, review());
    expect(early.statusCode).toBe(409);
    expect(errorOf(early).message).toBe(REVIEW_MESSAGES.notConcluded);
    expect((await t.buyer.client.get(url)).json()).toMatchObject({
      state: 'pending',
      canReview: false,
      mine: null,
    });
    await t.app.services.deals.act({ ...t.buyer.user, name: 'Bea' }, shipped.id, {
      action: 'release-escrow',
    });

    // Visitors, strangers and bad input are refused; nothing changes.
    expect((await t.visitor.post(url, review())).statusCode).toBe(401);
    expect((await t.visitor.get(url)).statusCode).toBe(401);
    const stranger = await t.stranger.client.post(url, review());
    expect(stranger.statusCode).toBe(404);
    expect(errorOf(stranger).message).toBe(REVIEW_MESSAGES.dealNotFound);
    expect((await t.stranger.client.get(url)).statusCode).toBe(404);
    const sixStars = await t.buyer.client.post(url, review({ ...FIVE, communication: 6 }));
    expect(sixStars.statusCode).toBe(400);
    expect(errorOf(sixStars).message).toBe(REVIEW_MESSAGES.ratingRange);
    const long = await t.buyer.client.post(url, review(FIVE, 'x'.repeat(1001)));
    expect(long.statusCode).toBe(400);
    expect(errorOf(long).message).toBe(REVIEW_MESSAGES.commentTooLong);
    expect((await t.buyer.client.post(`/api/deals/${randomUUID()}/reviews`, review())).statusCode).toBe(404);
    expect((await t.buyer.client.get(url)).json()).toMatchObject({
      state: 'open',
      canReview: true,
      mine: null,
    });

    // The buyer reviews the seller: the seller learns that a review exists, never what it says.
    const first = await t.buyer.client.post(url, review(FOUR, 'Clean <b>copper</b>, on time.'));
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json()).toMatchObject({
      state: 'closed',
      canReview: false,
      mine: { comment: 'Clean copper, on time.', published: false, authorRole: 'buyer' },
      theirs: null,
      theirsWritten: false,
    });
    await waitForEmail(t.app, t.seller.user.email, 'review-received');
    const sellerView = (await t.seller.client.get(url)).json();
    expect(sellerView).toMatchObject({
      state: 'open',
      canReview: true,
      mine: null,
      theirs: null,
      theirsWritten: true,
    });
    expect(JSON.stringify(sellerView)).not.toContain('Clean copper');

    // Nowhere public either: the company's reviews and figures count no unpublished review.
    const reviewsUrl = `/api/companies/${t.company.id}/reviews`;
    expect((await t.visitor.get(reviewsUrl)).json()).toMatchObject({ items: [], total: 0 });
    const before = (await t.visitor.get(`/api/companies/${t.company.id}/reputation`)).json();
    expect(before.reputation).toMatchObject({ reviewCount: 0, averageRating: null, completedDeals: 1 });
    const cards = (await t.visitor.get(`/api/reputations?users=${t.seller.user.id}`)).json();
    expect(cards.users[t.seller.user.id]).toMatchObject({ reviewCount: 0, completedDeals: 1 });
    const listing = (await t.visitor.get(`/api/listings/${t.listing.id}`)).json();
    expect(JSON.stringify(listing)).not.toContain('Clean copper');

    // A second review by the same party is refused and changes nothing.
    const again = await t.buyer.client.post(url, review(FIVE, 'Changed my mind'));
    expect(again.statusCode).toBe(409);
    expect(errorOf(again).message).toBe(REVIEW_MESSAGES.alreadyReviewed);
    expect((await t.buyer.client.get(url)).json().mine.stars).toEqual(FOUR);

    // An administrator sees both sides at any time.
    expect((await t.admin.client.get(url)).json()).toMatchObject({ theirsWritten: true });

    // The seller writes theirs: both are published at once.
    const second = await t.seller.client.post(url, review(FIVE, 'Paid promptly.'));
    expect(second.statusCode).toBe(201);
    expect(second.json()).toMatchObject({
      mine: { published: true },
      theirs: { comment: 'Clean copper, on time.', published: true },
    });
    const page = (await t.visitor.get(reviewsUrl)).json();
    expect(page).toMatchObject({ total: 1, items: [{ comment: 'Clean copper, on time.', average: 4 }] });
    const after = (await t.visitor.get(`/api/companies/${t.company.id}/reputation`)).json();
    expect(after.reputation).toMatchObject({
      reviewCount: 1,
      averageRating: 4,
      completedDeals: 1,
      criteria: { asAgreed: 4, communication: 4, timeliness: 4 },
      claimLostShare: 0,
      level: 1,
    });
    const buyerCards = (
      await t.visitor.get(`/api/reputations?users=${t.buyer.user.id},${t.seller.user.id}`)
    ).json();
    expect(buyerCards.users[t.buyer.user.id]).toMatchObject({ reviewCount: 1, averageRating: 5 });
    const search = (await t.visitor.get('/api/listings?limit=20')).json();
    const card = search.items.find((l: { id: string }) => l.id === t.listing.id);
    expect(card.seller.reputation).toMatchObject({ reviewCount: 1, averageRating: 4, completedDeals: 1 });
  });

  it('publishes a lone review 14 days after completion and closes the window then', async () => {
    const t = await setup();
    const deal = await t.complete();
    const url = `/api/deals/${deal.id}/reviews`;
    expect((await t.seller.client.post(url, review(FOUR, 'Good buyer'))).statusCode).toBe(201);
    const reviewsUrl = `/api/companies/${(await createCompanyOf(t.buyer.client, { contactEmail: 'b@buyer.test' })).id}/reviews`;
    expect((await t.visitor.get(reviewsUrl)).json().total).toBe(0);

    t.clock.advanceDays(14);
    t.clock.set(new Date(t.clock.now().getTime() + 60_000));
    // Public by time at once; the sweep then counts it into the figures.
    expect((await t.visitor.get(reviewsUrl)).json()).toMatchObject({
      total: 1,
      items: [{ comment: 'Good buyer' }],
    });
    expect(await t.app.services.reputation.sweep()).toBeGreaterThan(0);
    const cards = (await t.visitor.get(`/api/reputations?users=${t.buyer.user.id}`)).json();
    expect(cards.users[t.buyer.user.id]).toMatchObject({ reviewCount: 1, averageRating: 4 });
    const late = await t.buyer.client.post(url, review());
    expect(late.statusCode).toBe(409);
    expect(errorOf(late).message).toBe(REVIEW_MESSAGES.windowClosed);
    expect((await t.buyer.client.get(url)).json()).toMatchObject({
      state: 'closed',
      theirs: { comment: 'Good buyer' },
    });
  });

  it('lets only the reviewed party reply, once, to a published review', async () => {
    const t = await setup();
    const deal = await t.complete();
    const url = `/api/deals/${deal.id}/reviews`;
    const mine = (await t.buyer.client.post(url, review(FOUR, 'Fine'))).json().mine;
    const replyUrl = `/api/reviews/${mine.id}/reply`;

    // Unpublished: a stranger does not learn it exists; the subject must wait.
    expect((await t.stranger.client.post(replyUrl, { text: 'Hi' })).statusCode).toBe(404);
    const tooSoon = await t.seller.client.post(replyUrl, { text: 'Thanks' });
    expect(tooSoon.statusCode).toBe(409);
    expect(errorOf(tooSoon).message).toBe(REVIEW_MESSAGES.replyNotPublished);
    await t.seller.client.post(url, review());

    expect((await t.visitor.post(replyUrl, { text: 'Hi' })).statusCode).toBe(401);
    const notYours = await t.stranger.client.post(replyUrl, { text: 'Hi' });
    expect(notYours.statusCode).toBe(403);
    expect(errorOf(notYours).message).toBe(REVIEW_MESSAGES.replyNotYours);
    expect((await t.buyer.client.post(replyUrl, { text: 'Me again' })).statusCode).toBe(403);
    expect((await t.admin.client.post(replyUrl, { text: 'Admin' })).statusCode).toBe(403);
    const empty = await t.seller.client.post(replyUrl, { text: '  <i></i> ' });
    expect(empty.statusCode).toBe(400);
    expect(errorOf(empty).message).toBe(REVIEW_MESSAGES.replyRequired);

    const replied = await t.seller.client.post(replyUrl, { text: 'Thank you, come again.' });
    expect(replied.statusCode).toBe(200);
    expect(replied.json().reply).toMatchObject({ text: 'Thank you, come again.' });
    const twice = await t.seller.client.post(replyUrl, { text: 'Edit' });
    expect(twice.statusCode).toBe(409);
    expect(errorOf(twice).message).toBe(REVIEW_MESSAGES.alreadyReplied);
    const page = (await t.visitor.get(`/api/companies/${t.company.id}/reviews`)).json();
    expect(page.items[0].reply.text).toBe('Thank you, come again.');
  });

  it('lets administrators hide an abusive review with a reason: audited, the author told, the figures recomputed', async () => {
    const t = await setup();
    const deal = await t.complete();
    const url = `/api/deals/${deal.id}/reviews`;
    const abusive = (
      await t.buyer.client.post(url, review({ asAgreed: 1, communication: 1, timeliness: 1 }, 'Crooks!'))
    ).json().mine;
    await t.seller.client.post(url, review());
    const hideUrl = `/api/admin/reviews/${abusive.id}/hide`;

    expect((await t.visitor.get('/api/admin/reviews')).statusCode).toBe(401);
    expect((await t.stranger.client.get('/api/admin/reviews')).statusCode).toBe(403);
    expect((await t.seller.client.post(hideUrl, { reason: 'Insults' })).statusCode).toBe(403);
    expect((await t.visitor.post(hideUrl, { reason: 'Insults' })).statusCode).toBe(401);
    const noReason = await t.admin.client.post(hideUrl, { reason: ' ' });
    expect(noReason.statusCode).toBe(400);
    expect(errorOf(noReason).message).toBe(REVIEW_MESSAGES.hideReasonRequired);
    expect(
      (await t.admin.client.post(`/api/admin/reviews/${randomUUID()}/hide`, { reason: 'x' })).statusCode,
    ).toBe(404);

    const list = (await t.admin.client.get('/api/admin/reviews')).json();
    expect(list.items).toHaveLength(2);
    expect(
      (await t.visitor.get(`/api/companies/${t.company.id}/reputation`)).json().reputation.averageRating,
    ).toBe(1);

    const hidden = await t.admin.client.post(hideUrl, { reason: 'Insults, no facts about the trade' });
    expect(hidden.statusCode, hidden.body).toBe(200);
    expect(hidden.json()).toMatchObject({
      hiddenReason: 'Insults, no facts about the trade',
      hiddenByAdminEmail: t.admin.user.email,
    });
    expect((await t.admin.client.post(hideUrl, { reason: 'again' })).statusCode).toBe(409);
    const email = await waitForEmail(t.app, t.buyer.user.email, 'review-hidden');
    expect(email.textBody).toContain('Insults, no facts about the trade');
    const audit = await rawQuery<{ action: string; target_id: string }>(
      t.database,
      "select action, target_id from admin_audit_log where action = 'review.hide'",
    );
    expect(audit).toEqual([{ action: 'review.hide', target_id: abusive.id }]);
    expect((await t.visitor.get(`/api/companies/${t.company.id}/reviews`)).json().total).toBe(0);
    expect(
      (await t.visitor.get(`/api/companies/${t.company.id}/reputation`)).json().reputation,
    ).toMatchObject({
      reviewCount: 0,
      averageRating: null,
    });
    // The author sees why; the subject no longer sees it at all.
    expect((await t.buyer.client.get(url)).json().mine.hiddenReason).toBe(
      'Insults, no facts about the trade',
    );
    expect((await t.seller.client.get(url)).json().theirs).toBeNull();
  });

  it('lets administrators restore a review hidden by mistake: audited, the author told, the figures back', async () => {
    const t = await setup();
    const deal = await t.complete();
    const url = `/api/deals/${deal.id}/reviews`;
    const fair = (
      await t.buyer.client.post(url, review({ asAgreed: 2, communication: 2, timeliness: 2 }))
    ).json().mine;
    await t.seller.client.post(url, review());
    const restoreUrl = `/api/admin/reviews/${fair.id}/restore`;
    const figures = async () =>
      (await t.visitor.get(`/api/companies/${t.company.id}/reputation`)).json().reputation;

    const notHidden = await t.admin.client.post(restoreUrl);
    expect(notHidden.statusCode).toBe(409);
    expect(errorOf(notHidden).message).toBe(REVIEW_MESSAGES.notHidden);
    await t.admin.client.post(`/api/admin/reviews/${fair.id}/hide`, { reason: 'Looked like insults' });
    expect(await figures()).toMatchObject({ reviewCount: 0, averageRating: null });

    expect((await t.visitor.post(restoreUrl)).statusCode).toBe(401);
    expect((await t.seller.client.post(restoreUrl)).statusCode).toBe(403);
    expect((await t.buyer.client.post(restoreUrl)).statusCode).toBe(403);
    expect((await t.admin.client.post(`/api/admin/reviews/${randomUUID()}/restore`)).statusCode).toBe(404);

    const restored = await t.admin.client.post(restoreUrl);
    expect(restored.statusCode, restored.body).toBe(200);
    expect(restored.json()).toMatchObject({ hiddenAt: null, hiddenReason: null, hiddenByAdminEmail: null });
    expect((await t.admin.client.post(restoreUrl)).statusCode).toBe(409);
    expect(await figures()).toMatchObject({ reviewCount: 1, averageRating: 2 });
    expect((await t.visitor.get(`/api/companies/${t.company.id}/reviews`)).json().total).toBe(1);
    expect((await t.seller.client.get(url)).json().theirs.id).toBe(fair.id);
    const email = await waitForEmail(t.app, t.buyer.user.email, 'review-restored');
    expect(email.subject).toContain('is visible again');
    const audit = await rawQuery<{ action: string; target_id: string; details: { hiddenReason: string } }>(
      t.database,
      "select action, target_id, details from admin_audit_log where action = 'review.restore'",
    );
    expect(audit).toEqual([
      {
        action: 'review.restore',
        target_id: fair.id,
        details: expect.objectContaining({ hiddenReason: 'Looked like insults' }),
      },
    ]);
  });

  it('counts a claim the seller lost, the company level and the Trusted trader rule from the database', async () => {
    const t = await setup();
    const deals = [];
    for (let i = 0; i < 5; i += 1) deals.push(await t.complete());
    for (const deal of deals) await t.buyer.client.post(`/api/deals/${deal.id}/reviews`, review(FOUR));
    t.clock.advanceDays(15);
    await t.app.services.reputation.sweep();
    const figures = async () =>
      (await t.visitor.get(`/api/companies/${t.company.id}/reputation`)).json().reputation;
    expect(await figures()).toMatchObject({
      completedDeals: 5,
      reviewCount: 5,
      averageRating: 4,
      level: 1,
      trustedTrader: false,
    });

    // Level 2 once the company is verified; with 5 deals at 4.0 and no claim lost, level 3.
    await requestVerificationOf(t.seller.client, t.company.id);
    expect((await t.admin.client.post(`/api/admin/companies/${t.company.id}/verify`)).statusCode).toBe(200);
    expect(await figures()).toMatchObject({ level: 3, trustedTrader: true });

    // A settled claim that refunded the buyer is a claim lost by the seller: no longer trusted.
    await t.database.db.insert(dealClaims).values({
      id: randomUUID(),
      dealId: deals[0].id,
      status: 'settled',
      reason: 'weight_shortfall',
      affectedQuantity: 1,
      heldCents: 100_000,
      claimedCents: 20_000,
      answerDueAt: t.clock.now(),
      closedAt: t.clock.now(),
      buyerRefundCents: 20_000,
      sellerPayoutCents: 80_000,
    });
    await t.app.services.reputation.recomputeReputation([t.seller.user.id]);
    expect(await figures()).toMatchObject({
      claimsLost: 1,
      claimLostShare: 0.2,
      level: 2,
      trustedTrader: false,
    });
    const cards = (await t.visitor.get(`/api/reputations?companies=${t.company.id}`)).json();
    expect(cards.companies[t.company.id]).toMatchObject({ level: 2, completedDeals: 5 });

    // Twelve months later the claim no longer bars the rule (the sweep rechecks daily).
    t.clock.advanceDays(366);
    await t.app.services.reputation.sweep();
    expect(await figures()).toMatchObject({ claimsLost: 1, level: 3, trustedTrader: true });
  });

  it('answers 404 for the reputation and reviews of a missing company, and ignores bad ids in the card batch', async () => {
    const t = await setup();
    expect((await t.visitor.get(`/api/companies/${randomUUID()}/reputation`)).statusCode).toBe(404);
    expect((await t.visitor.get(`/api/companies/${randomUUID()}/reviews`)).statusCode).toBe(404);
    expect((await t.visitor.get(`/api/companies/${t.company.id}/reviews?page=0`)).statusCode).toBe(400);
    const cards = (await t.visitor.get(`/api/reputations?users=,nope,${t.seller.user.id}`)).json();
    expect(Object.keys(cards.users)).toEqual([t.seller.user.id]);
    expect(cards.users[t.seller.user.id]).toEqual({
      averageRating: null,
      reviewCount: 0,
      completedDeals: 0,
      level: 1,
    });
  });

  it("measures the median time to answer a conversation somebody else opened, through messaging's read", async () => {
    const t = await setup();
    const db = t.database.db;
    const at = (minutes: number) => new Date(Date.UTC(2025, 0, 1, 9, minutes));
    const talk = async (other: string, lines: Array<[string, number]>) => {
      const id = randomUUID();
      await db
        .insert(conversations)
        .values({ id, participant1Id: other, participant2Id: t.seller.user.id, subject: 'Lot' });
      for (const [sender, minute] of lines)
        await db.insert(messages).values({
          id: randomUUID(),
          conversationId: id,
          senderId: sender,
          content: 'Hello',
          createdAt: at(minute),
        });
    };
    const s = t.seller.user.id;
    await talk(t.buyer.user.id, [
      [t.buyer.user.id, 0],
      [t.buyer.user.id, 5],
      [s, 10],
    ]); // 10 min
    await talk(t.stranger.user.id, [
      [t.stranger.user.id, 0],
      [s, 30],
    ]); // 30 min
    await talk(t.admin.user.id, [
      [s, 0],
      [t.admin.user.id, 1],
      [s, 2],
    ]); // opened by the seller: not counted
    await t.app.services.reputation.recomputeReputation([s]);
    const figures = (await t.visitor.get(`/api/companies/${t.company.id}/reputation`)).json().reputation;
    expect(figures.medianResponseSeconds).toBe(20 * 60);
    expect(figures.completedDeals).toBe(0);
  });
});

describe('telling both parties that a review became public', () => {
  const sockets: WebSocket[] = [];
  afterEach(() => {
    for (const socket of sockets.splice(0)) socket.terminate();
  });
  const published = async (t: Awaited<ReturnType<typeof setup>>, email: string) =>
    (await t.app.services.notifications.listMailbox({ to: email })).filter(
      (e) => e.kind === 'review-published',
    );
  /** The buyer's abusive review of the seller, hidden by an administrator before it became public. */
  const hiddenReviewOfSeller = async (t: Awaited<ReturnType<typeof setup>>, dealId: string) => {
    const written = await t.buyer.client.post(`/api/deals/${dealId}/reviews`, review(ONE, 'Crooks!'));
    const hidden = await t.admin.client.post(`/api/admin/reviews/${written.json().mine.id}/hide`, {
      reason: 'Insults',
    });
    expect(hidden.statusCode, hidden.body).toBe(200);
    return written.json().mine as { id: string };
  };

  it('emails each party once when a lone review is published by time, and refreshes both their open pages', async () => {
    const t = await setup();
    const url = await listenForSockets(t.app);
    const deal = await t.complete();
    const [buyerSocket, sellerSocket] = await Promise.all([
      connectSocketAs(url, t.buyer.client, sockets),
      connectSocketAs(url, t.seller.client, sockets),
    ]);
    expect(
      (await t.seller.client.post(`/api/deals/${deal.id}/reviews`, review(FOUR, 'Good buyer'))).statusCode,
    ).toBe(201);

    // Before the window ends the job has nothing to tell.
    expect(await t.app.services.reviews.announceDuePublications()).toBe(0);
    t.clock.advanceDays(14);
    t.clock.set(new Date(t.clock.now().getTime() + 60_000));
    expect(await t.app.services.reviews.announceDuePublications()).toBe(1);

    const [toSeller] = await published(t, t.seller.user.email);
    expect(toSeller.subject).toBe('Your review of "Baled OCC cardboard" is now public');
    expect(toSeller.textBody).toContain(`/deals?deal=${deal.id}`);
    const [toBuyer] = await published(t, t.buyer.user.email);
    expect(toBuyer.subject).toBe('Sam Seller reviewed you for "Baled OCC cardboard"');
    expect(toBuyer.textBody).toContain('You may post one public reply');
    // The figures count it by the time the pages hear of it.
    for (const socket of [buyerSocket, sellerSocket])
      await expect
        .poll(() => socket.events().filter((e) => e.type === 'review.published'))
        .toEqual([{ type: 'review.published', dealId: deal.id }]);
    const cards = (await t.visitor.get(`/api/reputations?users=${t.buyer.user.id}`)).json();
    expect(cards.users[t.buyer.user.id]).toMatchObject({ reviewCount: 1, averageRating: 4 });

    // Once: later passes of the job, and the reputation sweep, tell nobody again.
    expect(await t.app.services.reviews.announceDuePublications()).toBe(0);
    await t.app.services.reputation.sweep();
    expect(await published(t, t.seller.user.email)).toHaveLength(1);
    expect(await published(t, t.buyer.user.email)).toHaveLength(1);
  });

  it('emails nobody of a review an administrator hid before it became public', async () => {
    const t = await setup();
    const deal = await t.complete();
    const abusive = await hiddenReviewOfSeller(t, deal.id);

    t.clock.advanceDays(15);
    expect(await t.app.services.reviews.announceDuePublications()).toBe(0);
    expect(await t.app.services.reviews.announceDuePublications()).toBe(0);
    expect(await published(t, t.buyer.user.email)).toEqual([]);
    expect(await published(t, t.seller.user.email)).toEqual([]);
    // Taken once all the same, so no later pass reads it again.
    expect(
      await rawQuery(t.database, 'select publication_announced from deal_reviews where id = $1', [
        abusive.id,
      ]),
    ).toEqual([{ publication_announced: true }]);
  });

  it('emails each party once when the second review publishes both', async () => {
    const t = await setup();
    const url = await listenForSockets(t.app);
    const deal = await t.complete();
    const buyerSocket = await connectSocketAs(url, t.buyer.client, sockets);
    await t.buyer.client.post(`/api/deals/${deal.id}/reviews`, review(FOUR, 'Clean copper'));
    expect(await published(t, t.buyer.user.email)).toEqual([]);

    expect(
      (await t.seller.client.post(`/api/deals/${deal.id}/reviews`, review(FIVE, 'Paid promptly'))).statusCode,
    ).toBe(201);
    const [toBuyer] = await published(t, t.buyer.user.email);
    expect(toBuyer.subject).toBe('Sam Seller reviewed you for "Baled OCC cardboard"');
    expect(toBuyer.textBody).toContain('Both reviews of the deal "Baled OCC cardboard" are now public');
    const [toSeller] = await published(t, t.seller.user.email);
    expect(toSeller.subject).toBe('Bea Buyer reviewed you for "Baled OCC cardboard"');
    await expect
      .poll(() => buyerSocket.events().filter((e) => e.type === 'review.published'))
      .toEqual([{ type: 'review.published', dealId: deal.id }]);

    // Nothing is left for the job to tell, then or after the window.
    t.clock.advanceDays(15);
    expect(await t.app.services.reviews.announceDuePublications()).toBe(0);
    expect(await published(t, t.buyer.user.email)).toHaveLength(1);
    expect(await published(t, t.seller.user.email)).toHaveLength(1);
  });

  it('names only the visible review when the second review publishes a pair one of which was hidden', async () => {
    const t = await setup();
    const deal = await t.complete();
    await hiddenReviewOfSeller(t, deal.id);
    await t.seller.client.post(`/api/deals/${deal.id}/reviews`, review(FIVE, 'Paid promptly'));

    const [toBuyer] = await published(t, t.buyer.user.email);
    expect(toBuyer.subject).toBe('Sam Seller reviewed you for "Baled OCC cardboard"');
    expect(toBuyer.textBody).not.toContain('Both reviews');
    const [toSeller] = await published(t, t.seller.user.email);
    expect(toSeller.subject).toBe('Your review of "Baled OCC cardboard" is now public');
    expect(toSeller.textBody).not.toContain('Crooks');
  });
});
