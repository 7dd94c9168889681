import { PRIVATE_FILE_MESSAGES } from '@app/shared/files/private-files';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, createClient, type TestClient } from '../../../test/build-test-app.ts';
import { signedInClient } from '../../../test/factories/accounts.ts';
import { adminClient, createTestClock } from '../../../test/factories/billing.ts';
import { multipartBody, smallPng } from '../../../test/factories/listings.ts';
import { getWorkerDatabase } from '../../../test/test-database.ts';
import { createLocalStorage } from '../../lib/storage.ts';

const storage = createLocalStorage(`/tmp/recytrade-test-private-files-${process.pid}`);
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

function upload(client: TestClient, bytes: Buffer, filename: string, purpose = 'claim-evidence') {
  const body = multipartBody([{ filename, bytes, contentType: 'application/octet-stream' }]);
  return client.request({
    method: 'POST',
    url: `/api/files?purpose=${purpose}`,
    payload: body.payload,
    headers: body.headers,
  });
}

beforeAll(async () => {
  await getWorkerDatabase();
});

describe('private files', () => {
  it('takes photos and PDFs by their bytes, and refuses anything else with a clear message', async () => {
    const { app } = await buildTestApp({ storage });
    const { client } = await signedInClient(app);

    const photo = await upload(client, await smallPng(), 'weighbridge.png');
    expect(photo.statusCode, photo.body).toBe(201);
    expect(photo.json()).toMatchObject({
      purpose: 'claim-evidence',
      contentType: 'image/png',
      fileName: 'weighbridge.png',
    });
    const pdf = await upload(client, PDF, '../../etc/inspection\u0007 report.pdf', 'company-document');
    expect(pdf.statusCode, pdf.body).toBe(201);
    // The path and the control character are dropped from the name; the type comes from the bytes.
    expect(pdf.json()).toMatchObject({ contentType: 'application/pdf', fileName: 'inspection report.pdf' });

    const script = await upload(client, Buffer.from('<script>alert(1)</script>'), 'evil.pdf');
    expect(script.statusCode).toBe(400);
    expect(script.json()).toEqual({
      error: { code: 'VALIDATION_FAILED', message: PRIVATE_FILE_MESSAGES.wrongType },
    });
    const tooLarge = await upload(client, Buffer.concat([PDF, Buffer.alloc(5 * 1024 * 1024)]), 'big.pdf');
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.json().error.message).toBe(PRIVATE_FILE_MESSAGES.tooLarge);
    const badPurpose = await upload(client, PDF, 'a.pdf', 'listing-photo');
    expect(badPurpose.statusCode).toBe(400);

    const visitor = await upload(createClient(app), PDF, 'a.pdf');
    expect(visitor.statusCode).toBe(401);
    expect(visitor.json().error.message).toBe(PRIVATE_FILE_MESSAGES.signIn);
  });

  it('serves a file to its owner, administrators and those its purpose admits, as an attachment, and 404 to anyone else', async () => {
    const { app } = await buildTestApp({ storage });
    const owner = await signedInClient(app);
    const admitted = await signedInClient(app);
    const stranger = await signedInClient(app);
    const admin = await adminClient(app);
    // A rule of the test's own: in the product, company documents have none (claim evidence's is the deals module's).
    app.services.privateFiles.allowReaders('company-document', async (user, attachedTo) => {
      return user.id === admitted.user.id && attachedTo === 'claim-1';
    });
    const file = (await upload(owner.client, PDF, 'slip é.pdf', 'company-document')).json();

    const own = await owner.client.get(file.url);
    expect(own.statusCode).toBe(200);
    expect(own.rawPayload.equals(PDF)).toBe(true);
    expect(own.headers['content-type']).toBe('application/pdf');
    expect(own.headers['content-disposition']).toBe(
      `attachment; filename="slip _.pdf"; filename*=UTF-8''slip%20%C3%A9.pdf`,
    );
    expect(own.headers['x-content-type-options']).toBe('nosniff');
    expect(own.headers['cache-control']).toBe('private, no-store');

    // Not attached yet: the purpose's rule admits nobody else.
    expect((await admitted.client.get(file.url)).statusCode).toBe(404);
    await app.services.privateFiles.attach((await getWorkerDatabase()).db, {
      userId: owner.user.id,
      purpose: 'company-document',
      ids: [file.id],
      attachedTo: 'claim-1',
    });
    expect((await admitted.client.get(file.url)).statusCode).toBe(200);
    expect((await admin.client.get(file.url)).statusCode).toBe(200);
    for (const client of [stranger.client, createClient(app)]) {
      const res = await client.get(file.url);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: { code: 'NOT_FOUND', message: PRIVATE_FILE_MESSAGES.notFound } });
    }
    expect((await owner.client.get('/api/files/not-a-uuid')).statusCode).toBe(404);

    // The public media route serves listing photos only, never a private key.
    const key = `private/company-document/${file.id}.pdf`;
    expect((await createClient(app).get(`/media/${key}`)).statusCode).toBe(404);
  });

  it('attaches only the uploader’s own free uploads of the purpose, all or none', async () => {
    const { app } = await buildTestApp({ storage });
    const owner = await signedInClient(app);
    const other = await signedInClient(app);
    const files = app.services.privateFiles;
    const mine = (await upload(owner.client, PDF, 'a.pdf')).json();
    const theirs = (await upload(other.client, PDF, 'b.pdf')).json();
    const document = (await upload(owner.client, PDF, 'c.pdf', 'company-document')).json();
    const { db } = await getWorkerDatabase();

    for (const ids of [
      [mine.id, theirs.id],
      [mine.id, document.id],
      [mine.id, crypto.randomUUID()],
    ]) {
      await expect(
        files.attach(db, { userId: owner.user.id, purpose: 'claim-evidence', ids, attachedTo: 'claim-1' }),
      ).rejects.toMatchObject({ code: 'VALIDATION_FAILED', message: PRIVATE_FILE_MESSAGES.notYours });
    }
    const attached = await files.attach(db, {
      userId: owner.user.id,
      purpose: 'claim-evidence',
      ids: [mine.id, mine.id],
      attachedTo: 'claim-1',
    });
    expect(attached.map((f) => f.id)).toEqual([mine.id]);
    // Already on claim-1: naming it again there is fine, elsewhere it is refused.
    await files.attach(db, {
      userId: owner.user.id,
      purpose: 'claim-evidence',
      ids: [mine.id],
      attachedTo: 'claim-1',
    });
    await expect(
      files.attach(db, {
        userId: owner.user.id,
        purpose: 'claim-evidence',
        ids: [mine.id],
        attachedTo: 'claim-2',
      }),
    ).rejects.toMatchObject({ code: 'VALIDATION_FAILED' });
    expect((await files.listAttached('claim-evidence', ['claim-1'])).map((f) => f.id)).toEqual([mine.id]);
  });

  it('purges uploads nothing attached within a day, with their bytes', async () => {
    const clock = createTestClock();
    const { app } = await buildTestApp({ storage, clock });
    const owner = await signedInClient(app);
    const files = app.services.privateFiles;
    const kept = (await upload(owner.client, PDF, 'kept.pdf')).json();
    const dropped = (await upload(owner.client, PDF, 'dropped.pdf')).json();
    await files.attach((await getWorkerDatabase()).db, {
      userId: owner.user.id,
      purpose: 'claim-evidence',
      ids: [kept.id],
      attachedTo: 'claim-1',
    });
    expect(await files.purgeUnattached()).toBe(0);
    clock.advanceDays(1.01);
    expect(await files.purgeUnattached()).toBe(1);
    expect((await owner.client.get(dropped.url)).statusCode).toBe(404);
    expect((await owner.client.get(kept.url)).statusCode).toBe(200);
    expect(await storage.get(`private/claim-evidence/${dropped.id}.pdf`)).toBeNull();
  });
});
