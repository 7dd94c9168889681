import { beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, createClient } from '../../../test/build-test-app.ts';
import { signedInClient } from '../../../test/factories/accounts.ts';
import { adminClient } from '../../../test/factories/billing.ts';
import { requestVerificationOf } from '../../../test/factories/companies.ts';
import { createCompanyOf } from '../../../test/factories/messaging.ts';
import { getWorkerDatabase } from '../../../test/test-database.ts';

beforeAll(async () => {
  await getWorkerDatabase();
});

/** An owner's verified company, with an administrator, another trader and a visitor. */
async function verifiedCompany() {
  const { app } = await buildTestApp();
  const admin = await adminClient(app);
  const owner = await signedInClient(app);
  const other = await signedInClient(app);
  const visitor = createClient(app);
  const company = await createCompanyOf(owner.client);
  await requestVerificationOf(owner.client, company.id);
  expect((await admin.client.post(`/api/admin/companies/${company.id}/verify`, {})).statusCode).toBe(200);
  const adminRow = async () =>
    (await admin.client.get('/api/admin/companies?status=all'))
      .json()
      .items.find((c: { id: string }) => c.id === company.id);
  const inDirectory = async (verifiedOnly: boolean) =>
    (await visitor.get(`/api/companies?verifiedOnly=${verifiedOnly}`))
      .json()
      .items.find((c: { id: string }) => c.id === company.id);
  return { app, admin, owner, other, visitor, company, adminRow, inDirectory };
}

describe('verified companies changing who they are', () => {
  it('a rename with a new contact email sends a verified company back to pending, with the changes for the administrator', async () => {
    const t = await verifiedCompany();
    expect((await t.inDirectory(true)).verified).toBe(true);
    // Another trader cannot edit it; a visitor must sign in.
    expect(
      (await t.other.client.patch(`/api/companies/${t.company.id}`, { companyName: 'Acme' })).statusCode,
    ).toBe(404);
    expect(
      (await t.visitor.patch(`/api/companies/${t.company.id}`, { companyName: 'Acme' })).statusCode,
    ).toBe(401);

    const res = await t.owner.client.patch(`/api/companies/${t.company.id}`, {
      companyName: 'Acme Recycling Group',
      contactEmail: 'wires@acme-payments.test',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().verified).toBe(false);
    // The directory still lists it, as pending: no Verified badge, not under "verified only".
    expect(await t.inDirectory(false)).toMatchObject({
      companyName: 'Acme Recycling Group',
      verified: false,
    });
    expect(await t.inDirectory(true)).toBeUndefined();
    expect((await t.visitor.get(`/api/companies/${t.company.id}`)).json().verified).toBe(false);

    const row = await t.adminRow();
    expect(row).toMatchObject({ verified: false, verifiedAt: null, verifiedByAdminEmail: null });
    expect(row.verificationChanges).toEqual([
      {
        field: 'companyName',
        label: 'Company name',
        before: 'Greenloop Metals',
        after: 'Acme Recycling Group',
      },
      {
        field: 'contactEmail',
        label: 'Contact email',
        before: 'sales@greenloop.test',
        after: 'wires@acme-payments.test',
      },
    ]);
    const pending = (await t.admin.client.get('/api/admin/companies?status=pending')).json().items;
    expect(pending.map((c: { id: string }) => c.id)).toContain(t.company.id);
    // A trader cannot read the admin list.
    expect((await t.other.client.get('/api/admin/companies?status=pending')).statusCode).toBe(403);

    // A later edit keeps the verified value as "before"; verifying again clears the changes and logs them.
    await t.owner.client.patch(`/api/companies/${t.company.id}`, { companyName: 'Acme Recycling' });
    expect((await t.adminRow()).verificationChanges[0]).toMatchObject({
      before: 'Greenloop Metals',
      after: 'Acme Recycling',
    });
    expect((await t.admin.client.post(`/api/admin/companies/${t.company.id}/verify`, {})).statusCode).toBe(
      200,
    );
    expect(await t.adminRow()).toMatchObject({ verified: true, verificationChanges: [] });
    const audit = (await t.admin.client.get('/api/admin/security/overview')).json().auditLog.items;
    const entry = audit.find((e: { action: string; targetId: string }) => e.action === 'company.verify');
    expect(entry.details.changes.map((c: { field: string }) => c.field)).toEqual([
      'companyName',
      'contactEmail',
    ]);
  });

  it('other fields, or an email differing only in letter case, keep the Verified badge', async () => {
    const t = await verifiedCompany();
    const res = await t.owner.client.patch(`/api/companies/${t.company.id}`, {
      phone: '+32 3 555 0199',
      description: 'Now also copper.',
      materials: ['Metals', 'Plastics'],
      contactEmail: 'Sales@Greenloop.test',
      companyName: 'Greenloop Metals',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().verified).toBe(true);
    expect((await t.adminRow()).verificationChanges).toEqual([]);
  });

  it('an unverified company renamed before its first verification records no changes', async () => {
    const { app } = await buildTestApp();
    const admin = await adminClient(app);
    const owner = await signedInClient(app);
    const company = await createCompanyOf(owner.client);
    await owner.client.patch(`/api/companies/${company.id}`, { companyName: 'Greenloop Metals BV' });
    const row = (await admin.client.get('/api/admin/companies?status=pending')).json().items[0];
    expect(row).toMatchObject({ id: company.id, verified: false, verificationChanges: [] });
  });
});
