import { VERIFICATION_MESSAGES } from '@app/shared/companies/companies.schemas';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, createClient } from '../../../test/build-test-app.ts';
import { statementsDuring } from '../../../test/count-statements.ts';
import { signedInClient, waitForEmail } from '../../../test/factories/accounts.ts';
import { adminClient } from '../../../test/factories/billing.ts';
import { requestVerificationOf, uploadPrivateFile } from '../../../test/factories/companies.ts';
import { createCompanyOf } from '../../../test/factories/messaging.ts';
import { getWorkerDatabase } from '../../../test/test-database.ts';

beforeAll(async () => {
  await getWorkerDatabase();
});

async function setting() {
  const { app, database } = await buildTestApp();
  const admin = await adminClient(app);
  const owner = await signedInClient(app);
  const other = await signedInClient(app);
  const visitor = createClient(app);
  const company = await createCompanyOf(owner.client, {
    companyName: 'Hanse Schrott GmbH',
    contactEmail: 'info@hanse-schrott.test',
    website: 'https://www.hanse-schrott.test',
  });
  const adminRow = async (id = company.id) =>
    (await admin.client.get('/api/admin/companies?status=all'))
      .json()
      .items.find((c: { id: string }) => c.id === id);
  const own = async () =>
    (await owner.client.get('/api/me/companies'))
      .json()
      .items.find((c: { id: string }) => c.id === company.id);
  return { app, database, admin, owner, other, visitor, company, adminRow, own };
}

describe('company verification with documents', () => {
  it('checks the tax id by the country’s rules and stores it normalised; bad input changes nothing', async () => {
    const t = await setting();
    const url = `/api/companies/${t.company.id}`;
    const nearName = await t.owner.client.patch(url, { taxId: 'DE123456789' });
    expect(nearName.statusCode).toBe(400);
    expect(nearName.json().error.message).toBe(VERIFICATION_MESSAGES.countryFirst);
    const badCountry = await t.owner.client.patch(url, { country: 'XX' });
    expect(badCountry.statusCode).toBe(400);
    expect(badCountry.json().error.message).toBe(VERIFICATION_MESSAGES.countryInvalid);
    const wrongFormat = await t.owner.client.patch(url, { country: 'DE', taxId: '12345' });
    expect(wrongFormat.statusCode).toBe(400);
    expect((await t.own()).country).toBeNull();

    const ok = await t.owner.client.patch(url, { country: 'de', taxId: 'de 123 456 789' });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(await t.own()).toMatchObject({ country: 'DE', taxId: 'DE123456789' });
    // A new country re-checks the stored tax id.
    const moved = await t.owner.client.patch(url, { country: 'US' });
    expect(moved.statusCode).toBe(400);
    expect((await t.own()).country).toBe('DE');
    // The tax id is the owner's and administrators' only.
    expect((await t.visitor.get(url)).json()).not.toHaveProperty('taxId');
  });

  it('marks a domain match when the contact email is at the website’s domain, never for free mail', async () => {
    const t = await setting();
    expect((await t.visitor.get(`/api/companies/${t.company.id}`)).json().domainMatch).toBe(true);
    await t.owner.client.patch(`/api/companies/${t.company.id}`, { contactEmail: 'hanse.schrott@gmail.com' });
    expect((await t.visitor.get(`/api/companies/${t.company.id}`)).json().domainMatch).toBe(false);
    await t.owner.client.patch(`/api/companies/${t.company.id}`, {
      contactEmail: 'ankauf@nord.hanse-schrott.test',
    });
    expect((await t.visitor.get(`/api/companies/${t.company.id}`)).json().domainMatch).toBe(true);
  });

  it('asks with a document, a valid tax id and an address; the documents are the owner’s and administrators’ only', async () => {
    const t = await setting();
    const url = `/api/companies/${t.company.id}/verification-request`;
    const document = await uploadPrivateFile(t.owner.client, 'company-document');

    // Nothing to verify yet: no tax id, then no address, then no document.
    const noTaxId = await t.owner.client.post(url, { documentIds: [document.id] });
    expect(noTaxId.statusCode).toBe(400);
    expect(noTaxId.json().error.message).toBe(VERIFICATION_MESSAGES.taxIdRequired);
    await t.owner.client.patch(`/api/companies/${t.company.id}`, { country: 'GB', taxId: 'GB980780684' });
    const noAddress = await t.owner.client.post(url, { documentIds: [document.id] });
    expect(noAddress.json().error.message).toBe(VERIFICATION_MESSAGES.addressRequired);
    await t.owner.client.patch(`/api/companies/${t.company.id}`, { address: '1 Dock Road, Liverpool' });
    const noDocument = await t.owner.client.post(url, { documentIds: [] });
    expect(noDocument.statusCode).toBe(400);
    expect(noDocument.json().error.message).toBe(VERIFICATION_MESSAGES.documentsRequired);
    // Another user's upload, or an upload for another purpose, is not the owner's document.
    const theirs = await uploadPrivateFile(t.other.client, 'company-document');
    const evidence = await uploadPrivateFile(t.owner.client, 'claim-evidence');
    for (const id of [theirs.id, evidence.id])
      expect((await t.owner.client.post(url, { documentIds: [id] })).statusCode).toBe(400);
    // Only the owner asks: another user and a visitor cannot.
    expect((await t.other.client.post(url, { documentIds: [theirs.id] })).statusCode).toBe(404);
    expect((await t.visitor.post(url, { documentIds: [document.id] })).statusCode).toBe(401);
    expect((await t.own()).verification).toMatchObject({ state: 'not_requested', documents: [] });

    const asked = await t.owner.client.post(url, { documentIds: [document.id] });
    expect(asked.statusCode, asked.body).toBe(200);
    expect(asked.json().verification).toMatchObject({
      state: 'requested',
      documents: [{ id: document.id, fileName: 'registration.pdf' }],
    });
    // The document: the owner and administrators read it; another user and a visitor get a 404.
    expect((await t.owner.client.get(document.url)).statusCode).toBe(200);
    expect((await t.admin.client.get(document.url)).statusCode).toBe(200);
    expect((await t.other.client.get(document.url)).statusCode).toBe(404);
    expect((await t.visitor.get(document.url)).statusCode).toBe(404);
    expect(JSON.stringify((await t.visitor.get(`/api/companies/${t.company.id}`)).json())).not.toContain(
      document.id,
    );
    expect((await t.adminRow()).verification.documents).toHaveLength(1);
  });

  it('an administrator verifies only with a document and a valid tax id, or refuses with a reason the owner is emailed', async () => {
    const t = await setting();
    const verify = () => t.admin.client.post(`/api/admin/companies/${t.company.id}/verify`, {});
    const refused = await verify();
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe(VERIFICATION_MESSAGES.cannotVerify);
    expect((await t.adminRow()).verified).toBe(false);

    await requestVerificationOf(t.owner.client, t.company.id);
    const refuse = (body: unknown, client = t.admin.client) =>
      client.post(`/api/admin/companies/${t.company.id}/refuse-verification`, body);
    expect((await refuse({ reason: ' ' })).statusCode).toBe(400);
    expect((await refuse({ reason: 'Blurry' }, t.owner.client)).statusCode).toBe(403);
    const no = await refuse({ reason: 'The certificate is for another company.' });
    expect(no.statusCode, no.body).toBe(200);
    expect(no.json().verification).toMatchObject({
      state: 'refused',
      refusalReason: 'The certificate is for another company.',
    });
    const email = await waitForEmail(t.app, t.owner.user.email, 'company-verification-refused');
    expect(email.textBody).toContain('The certificate is for another company.');

    // Asking again with another document, then verified.
    await requestVerificationOf(t.owner.client, t.company.id);
    const yes = await verify();
    expect(yes.statusCode, yes.body).toBe(200);
    expect(yes.json()).toMatchObject({ verified: true, verification: { state: 'verified' } });
    expect((await t.visitor.get(`/api/companies/${t.company.id}`)).json().verified).toBe(true);
    // The owner's reputation reads the verification at once: level 2, a verified company.
    const level = async () =>
      (await t.visitor.get(`/api/reputations?users=${t.owner.user.id}`)).json().users[t.owner.user.id]?.level;
    await expect.poll(level).toBe(2);
    // Changing the tax id of a verified company makes it pending again, with the change for the admin.
    await t.owner.client.patch(`/api/companies/${t.company.id}`, { taxId: 'DE987654321' });
    expect(await t.adminRow()).toMatchObject({
      verified: false,
      verificationChanges: [{ field: 'taxId', before: 'DE123456789', after: 'DE987654321' }],
    });
    await expect.poll(level).toBe(1);
  });

  it('warns the administrator of free mail, a tax id used by another company and a name close to a verified one', async () => {
    const t = await setting();
    await requestVerificationOf(t.owner.client, t.company.id);
    expect((await t.admin.client.post(`/api/admin/companies/${t.company.id}/verify`, {})).statusCode).toBe(
      200,
    );

    const cloner = await signedInClient(t.app);
    const clone = await createCompanyOf(cloner.client, {
      companyName: 'Hanse Schrot GmbH',
      contactEmail: 'hanse.schrott@gmail.com',
    });
    await requestVerificationOf(cloner.client, clone.id, { taxId: 'DE123456789' });
    expect((await t.adminRow(clone.id)).warnings).toEqual({
      freeMail: true,
      taxIdProblem: null,
      taxIdUsedBy: [{ id: t.company.id, companyName: 'Hanse Schrott GmbH' }],
      similarVerifiedCompanies: [{ id: t.company.id, companyName: 'Hanse Schrott GmbH' }],
    });

    const honest = await createCompanyOf(cloner.client, {
      companyName: 'Paper Mill Recovery Ltd',
      contactEmail: 'desk@papermill.test',
    });
    expect((await t.adminRow(honest.id)).warnings).toEqual({
      freeMail: false,
      taxIdProblem: VERIFICATION_MESSAGES.noTaxIdYet,
      taxIdUsedBy: [],
      similarVerifiedCompanies: [],
    });
  });

  it('reads the warnings of a whole page at once: the same warnings, in as many statements for six companies as for one', async () => {
    const t = await setting();
    await requestVerificationOf(t.owner.client, t.company.id);
    expect((await t.admin.client.post(`/api/admin/companies/${t.company.id}/verify`, {})).statusCode).toBe(
      200,
    );
    const hanse = { id: t.company.id, companyName: 'Hanse Schrott GmbH' };
    const listOf = async (status: 'verified' | 'all') => {
      let body: { items: { id: string; warnings: unknown }[] } = { items: [] };
      const statements = await statementsDuring(t.database, async () => {
        body = (await t.admin.client.get(`/api/admin/companies?status=${status}`)).json();
      });
      return { items: body.items, companyReads: statements.filter((q) => q.includes('"companies"')).length };
    };
    const one = await listOf('verified');
    expect(one.items).toHaveLength(1);

    const cloner = await signedInClient(t.app);
    const clone = await createCompanyOf(cloner.client, {
      companyName: 'Hanse Schrot GmbH',
      contactEmail: 'hanse.schrott@gmail.com',
    });
    await requestVerificationOf(cloner.client, clone.id, { taxId: 'DE123456789' });
    const second = await createCompanyOf(cloner.client, {
      companyName: 'Nordsee Metall',
      contactEmail: 'einkauf@nordsee-metall.test',
    });
    await requestVerificationOf(cloner.client, second.id, { taxId: 'DE 123 456 789' });
    const honest = await createCompanyOf(t.other.client, {
      companyName: 'Paper Mill Recovery Ltd',
      contactEmail: 'desk@papermill.test',
    });
    const nearName = await createCompanyOf(t.other.client, {
      companyName: 'Hanse Schrott Handel',
      contactEmail: 'info@yahoo.co.uk',
    });
    const freeMailOnly = await createCompanyOf(t.other.client, {
      companyName: 'Baltic Cable Recycling',
      contactEmail: 'baltic.cables@outlook.com',
    });

    const six = await listOf('all');
    expect(six.items).toHaveLength(6);
    const warnings = Object.fromEntries(six.items.map((c) => [c.id, c.warnings]));
    const clean = { freeMail: false, taxIdProblem: null, taxIdUsedBy: [], similarVerifiedCompanies: [] };
    const cloneRef = { id: clone.id, companyName: 'Hanse Schrot GmbH' };
    const secondRef = { id: second.id, companyName: 'Nordsee Metall' };
    expect(warnings).toEqual({
      // The tax id is shared three ways: each company names the two others, oldest first.
      [t.company.id]: { ...clean, taxIdUsedBy: [cloneRef, secondRef] },
      [clone.id]: {
        ...clean,
        freeMail: true,
        taxIdUsedBy: [hanse, secondRef],
        similarVerifiedCompanies: [hanse],
      },
      [second.id]: { ...clean, taxIdUsedBy: [hanse, cloneRef] },
      [honest.id]: { ...clean, taxIdProblem: VERIFICATION_MESSAGES.noTaxIdYet },
      [nearName.id]: {
        ...clean,
        freeMail: true,
        taxIdProblem: VERIFICATION_MESSAGES.noTaxIdYet,
        similarVerifiedCompanies: [hanse],
      },
      [freeMailOnly.id]: { ...clean, freeMail: true, taxIdProblem: VERIFICATION_MESSAGES.noTaxIdYet },
    });
    expect(six.companyReads).toBe(one.companyReads);
  });
});
