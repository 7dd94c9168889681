import { randomUUID } from 'node:crypto';
import type { EscrowTestResult } from '@app/shared/deals/deals.schemas';
import { formatCents } from '@app/shared/money/money';
import { type EscrowProvider, EscrowProviderError, escrowErrorMeaning } from './escrow-provider.ts';

type Step = EscrowTestResult['log'][number];

/** A small test transaction: $100 plus the 3% commission. */
const TEST_DEAL_VALUE_CENTS = 10_000;
const TEST_COMMISSION_CENTS = 300;

/**
 * /escrow-test: create a test-mode transaction, read its status and release it against the
 * configured provider, logging each step and hinting at what a failure means.
 */
export function createEscrowTestService(deps: {
  provider: EscrowProvider;
  config: { apiKeySet: boolean; apiUrl: string };
}) {
  const { provider, config } = deps;

  async function run(): Promise<EscrowTestResult> {
    const log: Step[] = [];
    const hints: string[] = [
      config.apiKeySet
        ? `ESCROW_API_KEY is set: using ${provider.host} at ${config.apiUrl}`
        : 'ESCROW_API_KEY is not set: using the sandbox provider',
    ];
    const step = async (name: string, work: () => Promise<string>): Promise<boolean> => {
      try {
        log.push({ step: name, ok: true, detail: await work() });
        return true;
      } catch (err) {
        const text = err instanceof Error ? err.message : String(err);
        const status = err instanceof EscrowProviderError ? err.status : null;
        log.push({ step: name, ok: false, detail: status ? `${text} (HTTP ${status})` : text });
        const meaning = escrowErrorMeaning(text);
        hints.push(meaning === text ? `${name} failed: ${text}` : `${name} failed: ${meaning}`);
        if (status === 401 || status === 403)
          hints.push('Check ESCROW_EMAIL and ESCROW_API_KEY: the escrow service refused the credentials.');
        if (status === null && err instanceof EscrowProviderError)
          hints.push(
            `The escrow service did not answer: check ESCROW_API_URL (${config.apiUrl}) and the network.`,
          );
        return false;
      }
    };

    let transactionId = '';
    const created = await step('Create transaction', async () => {
      const tx = await provider.createTransaction({
        dealId: randomUUID(),
        dealValueCents: TEST_DEAL_VALUE_CENTS,
        commissionCents: TEST_COMMISSION_CENTS,
        totalCents: TEST_DEAL_VALUE_CENTS + TEST_COMMISSION_CENTS,
        buyerEmail: 'escrow-test-buyer@example.com',
        sellerEmail: 'escrow-test-seller@example.com',
        itemDescription: 'Escrow integration test',
        currency: 'USD',
        testMode: true,
      });
      if (!tx.transactionId) throw new EscrowProviderError('No transaction ID received from escrow service');
      transactionId = tx.transactionId;
      return `Created transaction ${tx.transactionId} for ${formatCents(tx.amountCents)} (status ${tx.status})`;
    });
    const read =
      created &&
      (await step('Get transaction status', async () => {
        const tx = await provider.getTransaction(transactionId);
        if (!tx) throw new EscrowProviderError(`Transaction ${transactionId} not found`, 404);
        return `Transaction ${transactionId} is ${tx.status}`;
      }));
    const released =
      read &&
      (await step('Release funds', async () => {
        await provider.releaseFunds(transactionId);
        const tx = await provider.getTransaction(transactionId);
        return `Release requested; transaction ${transactionId} is ${tx?.status ?? 'unknown'}`;
      }));
    if (released) hints.push(`The ${provider.host} integration works: create, status and release succeeded.`);
    return { ok: Boolean(released), provider: provider.name, log, hints };
  }

  return { run };
}

export type EscrowTestService = ReturnType<typeof createEscrowTestService>;
