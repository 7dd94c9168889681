import { PRESET_CAMPAIGN_SUBJECT } from '@app/shared/admin/bulk-email.schemas';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, createClient } from '../../../test/build-test-app.ts';
import { signedInClient, signUpBody, waitForEmail } from '../../../test/factories/accounts.ts';
import { adminClient } from '../../../test/factories/billing.ts';
import { requestVerificationOf } from '../../../test/factories/companies.ts';
import { createListingOf } from '../../../test/factories/messaging.ts';
import { getWorkerDatabase } from '../../../test/test-database.ts';
import type { OutboxRow } from './notifications.repository.ts';

beforeAll(async () => {
  await getWorkerDatabase();
});

// An ampersand, so the test also sees the name escaped in HTML and left as typed in text.
const PLATFORM_NAME = 'ScrapHub & Co';

/** The email speaks of the new name in its subject, text and HTML, and never of the default one. */
function expectBranded(email: OutboxRow, allowed: string[] = []) {
  expect(email.textBody).toContain(`— ${PLATFORM_NAME}`);
  expect(email.htmlBody).toContain('ScrapHub &amp; Co');
  // What users wrote may say "Recytrade"; the platform's own words may not.
  const own = (s: string) => allowed.reduce((rest, words) => rest.split(words).join(''), s);
  for (const part of [email.subject, email.textBody, email.htmlBody])
    expect(own(part)).not.toMatch(/Recytrade/i);
}

describe('emails under the platform name an administrator set', () => {
  it('carry the name as it is when queued, in subject, header, body and sign-off; user text stays', async () => {
    const { app } = await buildTestApp();
    const admin = await adminClient(app);
    const before = await waitForEmail(app, admin.user.email, 'email-verification');
    expect(before.subject).toBe('Confirm your email for Recytrade');
    const renamed = await admin.client.patch('/api/admin/settings', { 'platform.name': PLATFORM_NAME });
    expect(renamed.statusCode).toBe(200);

    const body = signUpBody();
    expect((await createClient(app).post('/api/accounts/sign-up', body)).statusCode).toBe(201);
    const verification = await waitForEmail(app, body.email, 'email-verification');
    expect(verification.subject).toBe(`Confirm your email for ${PLATFORM_NAME}`);
    expect(verification.textBody).toContain(`Welcome to ${PLATFORM_NAME}, ${body.fullName}`);
    expectBranded(verification);
    // Queued before the change, rendered then: the outbox keeps what was sent.
    expect((await app.services.notifications.getEmail(before.id))?.subject).toBe(
      'Confirm your email for Recytrade',
    );

    const [seller, buyer] = await Promise.all([signedInClient(app), signedInClient(app)]);
    const listing = await createListingOf(seller.client, { title: 'Recytrade Metals copper cable' });
    expect(
      (await buyer.client.post('/api/deals', { listingId: listing.id, dealValue: 500 })).statusCode,
    ).toBe(201);
    const deal = await waitForEmail(app, seller.user.email, 'deal-created');
    expect(deal.subject).toMatch(/^New deal: Recytrade Metals copper cable \(/);
    expectBranded(deal, ['Recytrade Metals']);

    const company = await seller.client.post('/api/companies', {
      companyName: 'Recytrade Metals',
      contactEmail: 'sales@recytrade-metals.test',
      companyType: 'seller',
      materials: ['Metals'],
      sector: 'Metal Recycling',
      description: 'Ferrous and non-ferrous scrap, baled and sorted.',
      phone: '+31 10 555 0101',
      website: 'https://recytrade-metals.test',
      address: 'Waalhaven 12, Rotterdam',
    });
    expect(company.statusCode, company.body).toBe(201);
    await requestVerificationOf(seller.client, company.json().id, { country: 'NL', taxId: 'NL123456789B01' });
    expect((await admin.client.post(`/api/admin/companies/${company.json().id}/verify`)).statusCode).toBe(
      200,
    );
    const verified = await waitForEmail(app, seller.user.email, 'company-verified');
    expect(verified.subject).toBe('Your company "Recytrade Metals" is verified');
    expect(verified.textBody).toContain('verified your company profile "Recytrade Metals"');
    expectBranded(verified, ['Recytrade Metals']);

    const preview = (await admin.client.get('/api/admin/bulk-email/preset')).json();
    expect(preview.html).toContain('search the ScrapHub &amp; Co company directory');
    const sent = await admin.client.post('/api/admin/bulk-email/send', {
      target: 'all',
      template: 'preset',
      testMode: false,
    });
    expect(sent.statusCode).toBe(202);
    const campaign = await waitForEmail(app, buyer.user.email, 'campaign', 15_000);
    expect(campaign.subject).toBe(PRESET_CAMPAIGN_SUBJECT);
    expect(campaign.textBody).toContain(`search the ${PLATFORM_NAME} company directory`);
    expect(campaign.textBody).toContain(`because you have a ${PLATFORM_NAME} account`);
    expectBranded(campaign);
  });
});
