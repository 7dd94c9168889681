import type { ModuleContext } from '../../lib/module-context.ts';
import { createBlockRelations } from './block-relations.ts';
import { createBlocksService } from './blocks.service.ts';

/**
 * Blocks between traders: who blocked whom, kept in memory per instance and read by every module that
 * reaches the other party (messages, offers, Buy Now, matching, pushes, the marketplace). It knows no
 * other module, so every module may read it; trust serves the block list and decides who may block.
 */
export function registerBlocks(ctx: ModuleContext) {
  const relations = createBlockRelations({ db: ctx.db, pubsub: ctx.pubsub });
  return createBlocksService({ db: ctx.db, clock: ctx.clock, relations });
}
