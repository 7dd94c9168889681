import { EscrowTestResultSchema } from '@app/shared/deals/deals.schemas';
import { describe, expect, it } from 'vitest';
import { buildTestApp, createClient } from '../../../test/build-test-app.ts';
import { signedInClient } from '../../../test/factories/accounts.ts';
import { adminClient } from '../../../test/factories/billing.ts';
import { type EscrowProvider, EscrowProviderError } from './escrow-provider.ts';
import { createEscrowTestService } from './escrow-test.service.ts';

describe('escrow integration test', () => {
  it('runs create, status and release against the sandbox in test mode', async () => {
    const { app } = await buildTestApp();
    const admin = await adminClient(app);
    const res = await admin.client.post('/api/escrow-test/run');
    expect(res.statusCode).toBe(200);
    const result = EscrowTestResultSchema.parse(res.json());
    expect(result.ok).toBe(true);
    expect(result.provider).toBe('sandbox');
    expect(result.log.map((l) => [l.step, l.ok])).toEqual([
      ['Create transaction', true],
      ['Get transaction status', true],
      ['Release funds', true],
    ]);
    expect(result.log[0].detail).toMatch(
      /^Created transaction esc_sbx_[0-9a-f]+ for \$103\.00 \(status awaiting_payment\)$/,
    );
    expect(result.log[2].detail).toContain('released');
    expect(result.hints).toContain('ESCROW_API_KEY is not set: using the sandbox provider');
  });

  it('is for administrators only', async () => {
    const { app } = await buildTestApp();
    const user = await signedInClient(app);
    expect((await createClient(app).post('/api/escrow-test/run')).statusCode).toBe(401);
    expect((await user.client.post('/api/escrow-test/run')).statusCode).toBe(403);
  });

  it('stops at the failing step and explains the error', async () => {
    const failing: EscrowProvider = {
      name: 'escrow.com',
      host: 'Escrow.com',
      createTransaction: async () => {
        throw new EscrowProviderError('401: Invalid API key', 401);
      },
      getTransaction: async () => null,
      releaseFunds: async () => {},
      refundFunds: async () => {},
    };
    const service = createEscrowTestService({
      provider: failing,
      config: { apiKeySet: true, apiUrl: 'https://api.escrow-sandbox.com/2017-09-01/' },
    });
    const result = await service.run();
    expect(result).toMatchObject({ ok: false, provider: 'escrow.com' });
    expect(result.log).toEqual([
      { step: 'Create transaction', ok: false, detail: '401: Invalid API key (HTTP 401)' },
    ]);
    expect(result.hints).toEqual([
      'ESCROW_API_KEY is set: using Escrow.com at https://api.escrow-sandbox.com/2017-09-01/',
      'Create transaction failed: Escrow service configuration issue. Please contact support.',
      'Check ESCROW_EMAIL and ESCROW_API_KEY: the escrow service refused the credentials.',
    ]);

    const lost = createEscrowTestService({
      provider: {
        ...failing,
        createTransaction: async () => ({
          transactionId: '9',
          status: 'awaiting_payment',
          amountCents: 10_300,
          escrowUrl: 'x',
          instructions: '',
        }),
      },
      config: { apiKeySet: true, apiUrl: 'https://api.escrow-sandbox.com/2017-09-01/' },
    });
    const second = await lost.run();
    expect(second.log.map((l) => l.ok)).toEqual([true, false]);
    expect(second.log[1].detail).toBe('Transaction 9 not found (HTTP 404)');
  });
});
