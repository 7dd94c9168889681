import type { EscrowTestResult } from '@app/shared/deals/deals.schemas';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export type { EscrowTestResult } from '@app/shared/deals/deals.schemas';

export const runEscrowTest = async (): Promise<EscrowTestResult> =>
  api.post<EscrowTestResult>('/api/escrow-test/run');

/** POST /api/escrow-test/run: create, status and release against the configured escrow provider (test mode). */
export const useRunEscrowTest = () => useMutation({ mutationFn: runEscrowTest });
