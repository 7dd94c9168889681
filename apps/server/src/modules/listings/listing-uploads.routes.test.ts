import { Readable } from 'node:stream';
import { LISTING_MESSAGES, UPLOAD_MESSAGES } from '@app/shared/listings/listings.schemas';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, createClient } from '../../../test/build-test-app.ts';
import { signedInClient } from '../../../test/factories/accounts.ts';
import { adminClient } from '../../../test/factories/billing.ts';
import { multipartBody, pngDeclaring, smallPng, uploadParts } from '../../../test/factories/listings.ts';
import { getWorkerDatabase } from '../../../test/test-database.ts';
import { createLocalStorage } from '../../lib/storage.ts';

const storage = createLocalStorage(`/tmp/recytrade-test-uploads-limits-${process.pid}`);
const FIVE_MIB = 5 * 1024 * 1024;

/** A valid PNG padded past its end: sharp still reads it, so only the byte limit can refuse it. */
async function paddedPng(totalBytes: number): Promise<Buffer> {
  const png = await smallPng();
  return Buffer.concat([png, Buffer.alloc(totalBytes - png.length, 7)]);
}

beforeAll(async () => {
  await getWorkerDatabase();
});

describe('photo upload limits', () => {
  it('answers 413 with the specification message for a file 600 bytes over 5 MiB, whatever the chunking', async () => {
    const { app } = await buildTestApp({ storage });
    const { client } = await signedInClient(app);
    const { payload, headers } = multipartBody([
      { filename: 'big.png', bytes: await paddedPng(FIVE_MIB + 600), contentType: 'image/png' },
    ]);
    // The body arrives in two network chunks split exactly at the limit: the parser then marks the file
    // truncated after its last read, which toBuffer alone does not notice.
    const cut = payload.indexOf('\r\n\r\n') + 4 + FIVE_MIB;
    for (const body of [payload, Readable.from([payload.subarray(0, cut), payload.subarray(cut)])]) {
      const res = await client.request({
        method: 'POST',
        url: '/api/listings/images',
        payload: body,
        headers,
      });
      expect(res.statusCode, res.body).toBe(413);
      expect(res.json()).toEqual({
        error: { code: 'PAYLOAD_TOO_LARGE', message: LISTING_MESSAGES.fileTooLarge },
      });
    }
    // Exactly 5 MiB is still accepted.
    const edge = await uploadParts(client, [
      { filename: 'edge.png', bytes: await paddedPng(FIVE_MIB), contentType: 'image/png' },
    ]);
    expect(edge.statusCode, edge.body).toBe(201);
  });

  it('stores the first of six files and says the others were skipped', async () => {
    const { app } = await buildTestApp({ storage });
    const { client } = await signedInClient(app);
    const bytes = await smallPng();
    const files = Array.from({ length: 6 }, (_, i) => ({
      filename: `p${i}.png`,
      bytes,
      contentType: 'image/png',
    }));
    const res = await uploadParts(client, files);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      width: 40,
      skipped: { message: UPLOAD_MESSAGES.filesSkipped, detail: UPLOAD_MESSAGES.onePerRequest },
    });
    // One file answers without the notice.
    const one = await uploadParts(client, [files[0]]);
    expect(one.json().skipped).toBeUndefined();
  });

  it('refuses an image declaring more pixels than the limit from its header, before decoding it', async () => {
    const { app } = await buildTestApp({ storage });
    const { client } = await signedInClient(app);
    const bomb = await pngDeclaring(10_000, 10_000);
    expect(bomb.length).toBeLessThan(1024);
    const started = performance.now();
    const res = await uploadParts(client, [{ filename: 'bomb.png', bytes: bomb, contentType: 'image/png' }]);
    expect(res.statusCode, res.body).toBe(413);
    expect(res.json().error.message).toBe(UPLOAD_MESSAGES.tooManyPixels);
    expect(performance.now() - started).toBeLessThan(500);
    // Just under the limit by its header: it gets past the pixel check (and fails to decode as a fake).
    const under = await uploadParts(client, [
      { filename: 'under.png', bytes: await pngDeclaring(5000, 5000), contentType: 'image/png' },
    ]);
    expect(under.json().error.message).toBe(LISTING_MESSAGES.fileWrongType);
  });

  it('limits uploads per user per minute: another user and administrators keep their own allowance', async () => {
    const { app } = await buildTestApp({ storage, env: { uploadRateLimitPerMinute: 2 } });
    const owner = await signedInClient(app);
    const other = await signedInClient(app);
    const admin = await adminClient(app);
    const file = [{ filename: 'a.png', bytes: await smallPng(), contentType: 'image/png' }];
    expect((await uploadParts(owner.client, file)).statusCode).toBe(201);
    expect((await uploadParts(owner.client, file)).statusCode).toBe(201);
    const limited = await uploadParts(owner.client, file);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ error: { code: 'RATE_LIMITED', message: UPLOAD_MESSAGES.rateLimited } });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    // The same user from another address is still limited: the bucket is the user, not the address.
    const moved = await uploadParts(owner.client, file, { 'x-forwarded-for': '203.0.113.9' });
    expect(moved.statusCode).toBe(429);
    expect((await uploadParts(other.client, file)).statusCode).toBe(201);
    expect((await uploadParts(admin.client, file)).statusCode).toBe(201);
    // Visitors are refused for want of a session.
    expect((await uploadParts(createClient(app), file)).statusCode).toBe(401);
  });
});
