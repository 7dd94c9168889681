import { COMPANY_MESSAGES } from '@app/shared/companies/companies.schemas';
import { describe, expect, it } from 'vitest';
import { buildTestApp, createClient, type TestClient } from '../../../test/build-test-app.ts';
import { signedInClient, waitForEmail } from '../../../test/factories/accounts.ts';
import { adminClient } from '../../../test/factories/billing.ts';
import { requestVerificationOf } from '../../../test/factories/companies.ts';

function companyBody(overrides: Record<string, unknown> = {}) {
  return {
    companyName: 'Northwind Metals',
    contactEmail: 'sales@northwind.test',
    companyType: 'seller',
    materials: ['Metals'],
    sector: 'Metal Recycling',
    description: 'Ferrous and non-ferrous scrap, baled and sorted.',
    phone: '+31 10 555 0101',
    website: 'https://northwind.test',
    address: 'Waalhaven 12, Rotterdam',
    ...overrides,
  };
}

async function createCompany(client: TestClient, overrides: Record<string, unknown> = {}) {
  const res = await client.post('/api/companies', companyBody(overrides));
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: string; [k: string]: unknown };
}

const del = (client: TestClient, url: string) => client.request({ method: 'DELETE', url });

describe('creating and managing companies', () => {
  it('creates a pending, sanitised company for a signed-in user; visitors get 401', async () => {
    const { app } = await buildTestApp();
    expect((await createClient(app).post('/api/companies', companyBody())).statusCode).toBe(401);
    expect((await createClient(app).get('/api/me/companies')).statusCode).toBe(401);

    const owner = await signedInClient(app);
    const company = await createCompany(owner.client, {
      companyName: '  <b>Northwind</b> Metals ',
      description: '<script>alert(1)</script>Scrap <i>metal</i>',
      phone: '',
    });
    expect(company).toMatchObject({
      userId: owner.user.id,
      companyName: 'Northwind Metals',
      description: 'Scrap metal',
      phone: null,
      verified: false,
      materials: ['Metals'],
      companyType: 'seller',
    });
    expect((await createClient(app).get(`/api/companies/${company.id}`)).json()).toMatchObject({
      id: company.id,
      verified: false,
    });
    const mine = await owner.client.get('/api/me/companies');
    expect(mine.json().items.map((c: { id: string }) => c.id)).toEqual([company.id]);
  });

  it("answers each of the specification's validation messages, joined with ', '", async () => {
    const { app } = await buildTestApp();
    const { client } = await signedInClient(app);
    const empty = await client.post('/api/companies', {});
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.message).toBe(
      [
        COMPANY_MESSAGES.companyNameRequired,
        COMPANY_MESSAGES.contactEmailRequired,
        COMPANY_MESSAGES.companyTypeRequired,
        COMPANY_MESSAGES.materialsRequired,
      ].join(', '),
    );
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ companyName: '  <b></b> ' }, COMPANY_MESSAGES.companyNameRequired],
      [{ contactEmail: '' }, COMPANY_MESSAGES.contactEmailRequired],
      [{ contactEmail: 'not-an-email' }, COMPANY_MESSAGES.contactEmailInvalid],
      [{ companyType: 'broker' }, COMPANY_MESSAGES.companyTypeRequired],
      [{ materials: [] }, COMPANY_MESSAGES.materialsRequired],
      [{ materials: ['Gold'] }, COMPANY_MESSAGES.materialsRequired],
      [{ sector: 'Space' }, COMPANY_MESSAGES.sectorInvalid],
      [{ description: 'x'.repeat(1001) }, COMPANY_MESSAGES.descriptionTooLong],
      [{ phone: '1'.repeat(41) }, COMPANY_MESSAGES.phoneTooLong],
      [{ website: 'not a url' }, COMPANY_MESSAGES.websiteInvalid],
      [{ address: 'a'.repeat(301) }, COMPANY_MESSAGES.addressTooLong],
    ];
    for (const [override, message] of cases) {
      const res = await client.post('/api/companies', companyBody(override));
      expect(res.statusCode, JSON.stringify(override)).toBe(400);
      expect(res.json().error.message, JSON.stringify(override)).toBe(message);
    }
    expect((await client.post('/api/companies', companyBody({ extra: 1 }))).statusCode).toBe(400);
  });

  it('lets only the owner edit and delete; others get 404 Company not found', async () => {
    const { app } = await buildTestApp();
    const owner = await signedInClient(app);
    const other = await signedInClient(app);
    const company = await createCompany(owner.client);

    expect((await createClient(app).patch(`/api/companies/${company.id}`, { phone: '1' })).statusCode).toBe(
      401,
    );
    const foreign = await other.client.patch(`/api/companies/${company.id}`, { phone: '1' });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().error.message).toBe(COMPANY_MESSAGES.notFound);
    expect((await del(other.client, `/api/companies/${company.id}`)).statusCode).toBe(404);

    const bad = await owner.client.patch(`/api/companies/${company.id}`, { contactEmail: 'nope' });
    expect(bad.json().error.message).toBe(COMPANY_MESSAGES.contactEmailInvalid);
    const edited = await owner.client.patch(`/api/companies/${company.id}`, {
      companyName: 'Northwind <u>Alloys</u>',
      materials: ['Metals', 'Electronics'],
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({
      companyName: 'Northwind Alloys',
      materials: ['Metals', 'Electronics'],
    });

    expect((await del(owner.client, `/api/companies/${company.id}`)).statusCode).toBe(204);
    expect((await createClient(app).get(`/api/companies/${company.id}`)).statusCode).toBe(404);
    expect((await owner.client.get('/api/me/companies')).json().items).toEqual([]);
  });
});

describe('the directory', () => {
  it('filters by materials overlap, type, sector, verifiedOnly and text, newest first and paged', async () => {
    const { app } = await buildTestApp();
    const owner = await signedInClient(app);
    const admin = await adminClient(app);
    const metals = await createCompany(owner.client);
    const paper = await createCompany(owner.client, {
      companyName: 'Boxline Paper',
      companyType: 'buyer',
      materials: ['Paper', 'Plastics'],
      sector: 'Paper & Cardboard Recycling',
      description: 'We buy corrugated cardboard bales.',
    });
    const glass = await createCompany(owner.client, {
      companyName: 'Clearview Glass',
      companyType: 'both',
      materials: ['Glass'],
      sector: null,
      description: null,
    });
    await requestVerificationOf(owner.client, paper.id);
    expect((await admin.client.post(`/api/admin/companies/${paper.id}/verify`)).statusCode).toBe(200);

    const ids = async (query: string) => {
      const res = await createClient(app).get(`/api/companies${query}`);
      expect(res.statusCode, res.body).toBe(200);
      return res.json().items.map((c: { id: string }) => c.id);
    };
    expect(await ids('')).toEqual([glass.id, paper.id, metals.id]);
    expect(await ids('?materials=Metals,Glass')).toEqual([glass.id, metals.id]);
    expect(await ids('?materials=Plastics&materials=Glass')).toEqual([glass.id, paper.id]);
    expect(await ids('?companyType=buyer')).toEqual([paper.id]);
    expect(await ids(`?sector=${encodeURIComponent('Metal Recycling')}`)).toEqual([metals.id]);
    expect(await ids('?verifiedOnly=true')).toEqual([paper.id]);
    expect(await ids('?q=cardboard')).toEqual([paper.id]);
    expect(await ids('?q=Clearv')).toEqual([glass.id]);
    expect(await ids('?q=scrap&materials=Metals')).toEqual([metals.id]);
    expect((await createClient(app).get('/api/companies?materials=Gold')).statusCode).toBe(400);

    const page = await createClient(app).get('/api/companies?limit=2&page=2');
    expect(page.json()).toMatchObject({ total: 3, page: 2, pageSize: 2 });
    expect(page.json().items.map((c: { id: string }) => c.id)).toEqual([metals.id]);
    expect((await createClient(app).get('/api/companies')).json().pageSize).toBe(100);
    expect((await createClient(app).get('/api/companies?limit=101')).statusCode).toBe(400);
  });
});

describe('administering companies', () => {
  it('lets admins list, verify (emailing the owner) and remove with a reason (escaped in the email)', async () => {
    const { app } = await buildTestApp();
    const owner = await signedInClient(app);
    const other = await signedInClient(app);
    const admin = await adminClient(app);
    const company = await createCompany(owner.client);

    expect((await createClient(app).get('/api/admin/companies')).statusCode).toBe(401);
    expect((await other.client.get('/api/admin/companies')).statusCode).toBe(403);
    expect((await other.client.post(`/api/admin/companies/${company.id}/verify`)).statusCode).toBe(403);
    expect(
      (await other.client.post(`/api/admin/companies/${company.id}/remove`, { reason: 'x' })).statusCode,
    ).toBe(403);
    expect(
      (await createClient(app).post(`/api/admin/companies/${company.id}/remove`, { reason: 'x' })).statusCode,
    ).toBe(401);

    const pending = await admin.client.get('/api/admin/companies?status=pending');
    expect(pending.json().items[0]).toMatchObject({ id: company.id, ownerEmail: owner.user.email });
    expect((await admin.client.get('/api/admin/companies?status=verified')).json().total).toBe(0);

    await requestVerificationOf(owner.client, company.id);
    const verified = await admin.client.post(`/api/admin/companies/${company.id}/verify`);
    expect(verified.statusCode).toBe(200);
    expect(verified.json()).toMatchObject({ verified: true, verifiedByAdminEmail: admin.user.email });
    await waitForEmail(app, owner.user.email, 'company-verified');
    expect((await admin.client.get('/api/admin/companies?status=verified')).json().total).toBe(1);
    expect((await createClient(app).get(`/api/companies/${company.id}`)).json().verified).toBe(true);

    const noReason = await admin.client.post(`/api/admin/companies/${company.id}/remove`, { reason: ' ' });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().error.message).toBe(COMPANY_MESSAGES.removalReasonRequired);
    const removed = await admin.client.post(`/api/admin/companies/${company.id}/remove`, {
      reason: 'Fake <b>address</b> & phone',
    });
    expect(removed.statusCode).toBe(204);
    const email = await waitForEmail(app, owner.user.email, 'company-removed');
    expect(email.htmlBody).toContain('Fake address &amp; phone');
    expect((await createClient(app).get(`/api/companies/${company.id}`)).statusCode).toBe(404);
    expect((await createClient(app).get('/api/companies')).json().total).toBe(0);
    expect((await admin.client.post(`/api/admin/companies/${company.id}/verify`)).statusCode).toBe(404);
  });
});
