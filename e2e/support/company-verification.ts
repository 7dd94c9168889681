import type { APIRequestContext } from '@playwright/test';
import { expect } from './fixtures.ts';

/**
 * The owner (signed in on `request`) gives the company a country, a tax id and an address, uploads a
 * registration document and asks for verification: what an administrator needs before verifying.
 */
export async function requestVerificationByApi(
  request: APIRequestContext,
  baseURL: string,
  companyId: string,
) {
  const headers = { origin: baseURL };
  const patch = await request.patch(`/api/companies/${companyId}`, {
    headers,
    data: { country: 'DE', taxId: 'DE123456789', address: 'Hafenstraße 1, 20457 Hamburg' },
  });
  expect(patch.status(), await patch.text()).toBe(200);
  const document = await request.post('/api/files?purpose=company-document', {
    headers,
    multipart: {
      file: {
        name: 'registration.pdf',
        mimeType: 'application/pdf',
        buffer: Buffer.from('%PDF-1.4\n%%EOF\n'),
      },
    },
  });
  expect(document.status(), await document.text()).toBe(201);
  const requested = await request.post(`/api/companies/${companyId}/verification-request`, {
    headers,
    data: { documentIds: [(await document.json()).id] },
  });
  expect(requested.status(), await requested.text()).toBe(200);
}
