import { expect } from 'vitest';
import type { TestClient } from '../build-test-app.ts';
import { multipartBody } from './listings.ts';

/** A small PDF, as a scanned business-registration certificate would arrive. */
export const REGISTRATION_PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n',
);

/** Uploads a private file of `purpose` and returns its description. */
export async function uploadPrivateFile(
  client: TestClient,
  purpose: 'company-document' | 'claim-evidence',
  bytes: Buffer = REGISTRATION_PDF,
  filename = 'registration.pdf',
) {
  const body = multipartBody([{ filename, bytes, contentType: 'application/pdf' }]);
  const res = await client.request({
    method: 'POST',
    url: `/api/files?purpose=${purpose}`,
    payload: body.payload,
    headers: body.headers,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: string; url: string; fileName: string };
}

/**
 * The owner gives the company a country, a tax id and an address, uploads a registration document
 * and asks for verification: what an administrator needs before verifying.
 */
export async function requestVerificationOf(
  owner: TestClient,
  companyId: string,
  facts: { country?: string; taxId?: string; address?: string } = {},
) {
  const patch = await owner.patch(`/api/companies/${companyId}`, {
    country: facts.country ?? 'DE',
    taxId: facts.taxId ?? 'DE123456789',
    address: facts.address ?? 'Hafenstraße 1, 20457 Hamburg',
  });
  expect(patch.statusCode, patch.body).toBe(200);
  const document = await uploadPrivateFile(owner, 'company-document');
  const res = await owner.post(`/api/companies/${companyId}/verification-request`, {
    documentIds: [document.id],
  });
  expect(res.statusCode, res.body).toBe(200);
  return { document, company: res.json() };
}
