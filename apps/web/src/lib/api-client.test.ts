import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiError, mockApi } from '@/testing/mock-api';
import { api, isRuleRefusal, NETWORK_ERROR_CODE, parseApiError } from './api-client';
import { PRIVATE_CACHE } from './offline';

async function refusal(answer: Parameters<typeof mockApi>[0][string]) {
  mockApi({ 'GET /api/thing': answer });
  return parseApiError(await api.get('/api/thing').catch((error: unknown) => error));
}

describe('isRuleRefusal', () => {
  it('is true for a refusal by one of the server’s rules, whatever its status', async () => {
    expect(isRuleRefusal(await refusal(apiError(403, 'LISTING_LIMIT_REACHED', 'Limit')))).toBe(true);
    expect(isRuleRefusal(await refusal(apiError(409, 'DEAL_TRANSITION_NOT_ALLOWED', 'No')))).toBe(true);
    expect(isRuleRefusal(await refusal(apiError(404, 'NOT_FOUND', 'Gone')))).toBe(true);
  });

  it('is false for a fault, an unknown answer and a network failure', async () => {
    expect(isRuleRefusal(await refusal(apiError(500, 'INTERNAL', 'Oops')))).toBe(false);
    expect(isRuleRefusal(await refusal(apiError(502, 'PAYMENT_PROVIDER_ERROR', 'Down')))).toBe(false);
    expect(isRuleRefusal(await refusal({ status: 404, body: '<html>' }))).toBe(false);
    expect(isRuleRefusal({ code: NETWORK_ERROR_CODE, message: 'Offline' })).toBe(false);
  });
});

describe('parseApiError', () => {
  it('reads the server’s error shape, with its details, and nothing that only looks like it', async () => {
    expect(
      await refusal({
        status: 409,
        body: { error: { code: 'CONFLICT', message: 'Taken', details: { n: 1 } } },
      }),
    ).toEqual({ code: 'CONFLICT', message: 'Taken', status: 409, details: { n: 1 } });
    expect(await refusal({ status: 400, body: { error: { code: 400, message: 'Bad' } } })).toMatchObject({
      code: 'UNKNOWN',
      status: 400,
    });
    expect(parseApiError({ error: { code: 'FORBIDDEN', message: 'No' } })).toEqual({
      code: 'FORBIDDEN',
      message: 'No',
    });
    expect(parseApiError({ error: null })).toMatchObject({ code: 'UNKNOWN' });
  });
});

describe('the copies kept for reading offline', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('are emptied by the first 401, and kept through other refusals', async () => {
    const cacheStorage = { delete: vi.fn(async () => true) };
    vi.stubGlobal('caches', cacheStorage);
    expect((await refusal(apiError(403, 'FORBIDDEN', 'No'))).status).toBe(403);
    expect((await refusal(apiError(404, 'NOT_FOUND', 'Gone'))).status).toBe(404);
    expect(cacheStorage.delete).not.toHaveBeenCalled();

    expect((await refusal(apiError(401, 'UNAUTHENTICATED', 'Sign in'))).code).toBe('UNAUTHENTICATED');
    expect(cacheStorage.delete).toHaveBeenCalledWith(PRIVATE_CACHE);
  });
});
