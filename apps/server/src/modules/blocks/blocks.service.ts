import type { Db } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import type { BlockRelations } from './block-relations.ts';
import { deleteBlock, insertBlock, listBlockedBy, listBlockersSince } from './blocks.repository.ts';

export type BlocksService = ReturnType<typeof createBlocksService>;

/**
 * Who blocked whom: the relations every module that reaches the other party reads, and the writes of
 * the block list (trust's block and unblock, after their checks), each telling every instance.
 */
export function createBlocksService(deps: { db: Db; clock: Clock; relations: BlockRelations }) {
  const { db, clock, relations } = deps;

  /** Records a block; false when it stood already. */
  async function add(blockerId: string, blockedId: string): Promise<boolean> {
    const created = await insertBlock(db, { blockerId, blockedId, createdAt: clock.now() });
    if (created) await relations.changed();
    return created;
  }

  /** Lifts a block; false when there was none. */
  async function remove(blockerId: string, blockedId: string): Promise<boolean> {
    const removed = await deleteBlock(db, blockerId, blockedId);
    if (removed) await relations.changed();
    return removed;
  }

  return {
    relationsOf: relations.relationsOf,
    hasBlocked: relations.hasBlocked,
    standing: relations.standing,
    hiddenSellersOf: relations.hiddenSellersOf,
    add,
    remove,
    /** The users a user blocked, newest first, with when. */
    listBlockedBy: (blockerId: string) => listBlockedBy(db, blockerId),
    /** Who blocked the user since `since` (trust's repeated-blocks rule). */
    blockersSince: (blockedId: string, since: Date) => listBlockersSince(db, blockedId, since),
  };
}
