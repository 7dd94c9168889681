import type { Env } from '../../../config/env.ts';
import type { Db } from '../../../db/client.ts';
import type { Clock } from '../../../lib/clock.ts';
import type { EscrowProvider } from '../escrow-provider.ts';
import { createEscrowComProvider } from './escrow-com.escrow-provider.ts';
import type { EscrowEvents } from './escrow-events.ts';
import { createSandboxEscrowProvider } from './sandbox.escrow-provider.ts';

export { createEscrowEvents, type EscrowEvents } from './escrow-events.ts';
export { isSandboxEscrowProvider, type SandboxEscrowProvider } from './sandbox.escrow-provider.ts';

/** Escrow.com when ESCROW_API_KEY is set, otherwise the built-in sandbox. */
export function createEscrowProvider(
  env: Pick<Env, 'escrowProvider' | 'escrow' | 'appUrl'>,
  deps: { db: Db; clock: Clock; events: EscrowEvents; fetch?: typeof fetch },
): EscrowProvider {
  if (env.escrowProvider === 'escrow.com' && env.escrow.apiKey && env.escrow.email)
    return createEscrowComProvider({
      apiUrl: env.escrow.apiUrl,
      email: env.escrow.email,
      apiKey: env.escrow.apiKey,
      fetch: deps.fetch,
    });
  return createSandboxEscrowProvider({
    db: deps.db,
    clock: deps.clock,
    appUrl: env.appUrl,
    events: deps.events,
  });
}
