import { describe, expect, it } from 'vitest';
import { buildTestApp, createClient } from '../../test/build-test-app.ts';

describe('the one error shape', () => {
  it('answers router errors (an over-long path parameter, a malformed URL) as 400s in the error shape', async () => {
    const { app } = await buildTestApp();
    const client = createClient(app);
    const long = await client.get(`/api/companies/${'a'.repeat(500)}`);
    expect(long.statusCode).toBe(400);
    expect(long.json()).toEqual({
      error: { code: 'VALIDATION_FAILED', message: 'A path parameter is too long' },
    });
    const put = await client.request({
      method: 'PUT',
      url: `/api/v1/listings/${'a'.repeat(500)}`,
      payload: {},
    });
    expect(put.statusCode).toBe(400);
    expect(put.json().error.code).toBe('VALIDATION_FAILED');

    const malformed = await client.get('/api/companies/%E0%A4%A');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toEqual({
      error: { code: 'VALIDATION_FAILED', message: 'The request URL is not valid' },
    });
  });
});
