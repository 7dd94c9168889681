import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { EscrowProviderError, escrowErrorMeaning } from '../escrow-provider.ts';
import {
  createEscrowComProvider,
  escrowComWebUrl,
  mapEscrowComStatus,
} from './escrow-com.escrow-provider.ts';

type Seen = { method: string; url: string; headers: IncomingMessage['headers']; body: unknown };
type Reply = { status: number; body: unknown };

/** A local stand-in for the Escrow.com API: records each request and answers from a script. */
async function fakeEscrowApi(answer: (req: Seen) => Reply) {
  const seen: Seen[] = [];
  const server: Server = createServer((req, res) => {
    let raw = '';
    req.on('data', (c) => {
      raw += c;
    });
    req.on('end', () => {
      const request = {
        method: req.method ?? '',
        url: req.url ?? '',
        headers: req.headers,
        body: raw ? JSON.parse(raw) : undefined,
      };
      seen.push(request);
      const { status, body } = answer(request);
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(typeof body === 'string' ? body : JSON.stringify(body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  servers.push(server);
  const { port } = server.address() as AddressInfo;
  const provider = createEscrowComProvider({
    apiUrl: `http://127.0.0.1:${port}/2017-09-01/`,
    email: 'platform@recytrade.test',
    apiKey: 'key_123',
  });
  return { provider, seen };
}

const servers: Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => new Promise((r) => s.close(r))));
});

const tx = (flags: { secured?: boolean; disbursed?: boolean; canceled?: boolean } = {}) => ({
  id: 4711,
  currency: 'usd',
  items: [
    {
      status: { canceled: flags.canceled ?? false },
      schedule: [
        {
          amount: 1000,
          status: { secured: flags.secured ?? false, disbursed_to_beneficiary: flags.disbursed ?? false },
        },
      ],
    },
    {
      type: 'broker_fee',
      status: {},
      schedule: [
        {
          amount: 30,
          status: { secured: flags.secured ?? false, disbursed_to_beneficiary: flags.disbursed ?? false },
        },
      ],
    },
  ],
});

const INPUT = {
  dealId: '6f1c7f6a-4f57-4f60-9d1f-2c3c59c1e001',
  dealValueCents: 100_000,
  commissionCents: 3_000,
  totalCents: 103_000,
  buyerEmail: 'buyer@acme.test',
  sellerEmail: 'seller@metals.test',
  itemDescription: 'Copper wire scrap, 5 t',
  currency: 'USD' as const,
};

describe('Escrow.com adapter', () => {
  it('creates a transaction with basic auth, dollar amounts and the commission as a broker fee', async () => {
    const { provider, seen } = await fakeEscrowApi(() => ({ status: 201, body: tx() }));
    const created = await provider.createTransaction(INPUT);
    expect(seen).toHaveLength(1);
    expect(seen[0]).toMatchObject({ method: 'POST', url: '/2017-09-01/transaction' });
    expect(seen[0].headers.authorization).toBe(
      `Basic ${Buffer.from('platform@recytrade.test:key_123').toString('base64')}`,
    );
    expect(seen[0].headers['content-type']).toBe('application/json');
    expect(seen[0].body).toEqual({
      parties: [
        { role: 'buyer', customer: 'buyer@acme.test' },
        { role: 'seller', customer: 'seller@metals.test' },
      ],
      currency: 'usd',
      description: 'Copper wire scrap, 5 t',
      items: [
        {
          title: 'Copper wire scrap, 5 t',
          description: `Deal ${INPUT.dealId}`,
          type: 'general_merchandise',
          inspection_period: 259200,
          quantity: 1,
          schedule: [
            { amount: 1000, payer_customer: 'buyer@acme.test', beneficiary_customer: 'seller@metals.test' },
          ],
        },
        {
          title: 'Platform commission',
          type: 'broker_fee',
          schedule: [{ amount: 30, payer_customer: 'buyer@acme.test', beneficiary_customer: 'me' }],
        },
      ],
    });
    expect(created).toMatchObject({
      transactionId: '4711',
      status: 'awaiting_payment',
      amountCents: 103_000,
    });
    expect(created.escrowUrl).toMatch(/^https:\/\/127\.0\.0\.1:\d+\/transactions\/4711$/);
    expect(created.instructions).toContain('$1030.00');
    expect(escrowComWebUrl('https://api.escrow-sandbox.com/2017-09-01/', '4711')).toBe(
      'https://www.escrow-sandbox.com/transactions/4711',
    );
  });

  it('marks test-mode transactions in their title', async () => {
    const { provider, seen } = await fakeEscrowApi(() => ({ status: 201, body: tx() }));
    await provider.createTransaction({ ...INPUT, commissionCents: 0, testMode: true });
    const body = seen[0].body as { description: string; items: unknown[] };
    expect(body.description).toBe('[TEST] Copper wire scrap, 5 t');
    expect(body.items).toHaveLength(1);
  });

  it('reads a transaction and maps its status; unknown transactions are null', async () => {
    let state = tx({ secured: true });
    const { provider, seen } = await fakeEscrowApi((req) =>
      req.url.endsWith('/404')
        ? { status: 404, body: { message: 'Not found' } }
        : { status: 200, body: state },
    );
    expect(await provider.getTransaction('4711')).toMatchObject({
      transactionId: '4711',
      status: 'funded',
      amountCents: 103_000,
    });
    expect(seen[0]).toMatchObject({ method: 'GET', url: '/2017-09-01/transaction/4711' });
    state = tx({ secured: true, disbursed: true });
    expect((await provider.getTransaction('4711'))?.status).toBe('released');
    expect(await provider.getTransaction('404')).toBeNull();
    expect(mapEscrowComStatus(tx({ canceled: true }))).toBe('cancelled');
    expect(mapEscrowComStatus({ id: 1, items: [{ status: { rejected_returned: true } }] })).toBe('refunded');
    expect(mapEscrowComStatus({ id: 1 })).toBe('awaiting_payment');
  });

  it('releases with the accept action, once', async () => {
    let state = tx({ secured: true });
    const { provider, seen } = await fakeEscrowApi((req) => {
      if (req.method === 'PATCH') state = tx({ secured: true, disbursed: true });
      return { status: 200, body: state };
    });
    await provider.releaseFunds('4711');
    expect(seen.map((r) => `${r.method} ${r.url}`)).toEqual([
      'GET /2017-09-01/transaction/4711',
      'PATCH /2017-09-01/transaction/4711',
    ]);
    expect(seen[1].body).toEqual({ action: 'accept' });
    await provider.releaseFunds('4711');
    expect(seen.filter((r) => r.method === 'PATCH')).toHaveLength(1);
  });

  it('refunds by cancelling, and does nothing for a cancelled transaction', async () => {
    let state = tx({ secured: true });
    const { provider, seen } = await fakeEscrowApi((req) => {
      if (req.method === 'PATCH') state = tx({ secured: true, canceled: true });
      return { status: 200, body: state };
    });
    await provider.refundFunds('4711');
    expect(seen[1]).toMatchObject({ method: 'PATCH', body: { action: 'cancel' } });
    await provider.refundFunds('4711');
    expect(seen.filter((r) => r.method === 'PATCH')).toHaveLength(1);
  });

  it('turns HTTP errors into EscrowProviderError with the status and the provider text', async () => {
    const cases: Array<[number, unknown, string]> = [
      [401, { message: 'Invalid API key' }, 'Escrow service configuration issue. Please contact support.'],
      [422, { error: 'Buyer email is not valid' }, 'Invalid email addresses for the escrow transaction.'],
      [400, { message: 'Transaction amount too small' }, 'Invalid transaction amount.'],
      [401, 'Authentication failed', 'Authentication with the escrow service failed.'],
      [400, { message: 'Bad request' }, 'Invalid transaction data.'],
    ];
    for (const [status, body, meaning] of cases) {
      const { provider } = await fakeEscrowApi(() => ({ status, body }));
      const err = await provider.createTransaction(INPUT).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(EscrowProviderError);
      expect((err as EscrowProviderError).status).toBe(status);
      const message = (err as Error).message;
      expect(message.startsWith(`${status}: `)).toBe(true);
      expect(escrowErrorMeaning(message)).toBe(meaning);
    }
  });

  it('reports an unreachable service and a missing transaction id', async () => {
    const unreachable = createEscrowComProvider({
      apiUrl: 'http://127.0.0.1:1/2017-09-01/',
      email: 'a@b.test',
      apiKey: 'k',
    });
    const err = await unreachable.createTransaction(INPUT).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(EscrowProviderError);
    expect((err as EscrowProviderError).status).toBeNull();
    expect((err as Error).message).toMatch(/^No response from escrow service/);

    const { provider } = await fakeEscrowApi(() => ({ status: 201, body: { items: [] } }));
    await expect(provider.createTransaction(INPUT)).rejects.toThrow(
      'No transaction ID received from escrow service',
    );
  });
});
