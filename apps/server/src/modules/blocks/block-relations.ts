import type { Db } from '../../db/client.ts';
import type { PubSub } from '../../lib/pubsub.ts';
import { createTtlCache } from '../../lib/ttl-cache.ts';
import { findRelationsOf } from './blocks.repository.ts';

/** Whom a user blocked and who blocked them. */
export type BlockRelationSet = { blocked: ReadonlySet<string>; blockedBy: ReadonlySet<string> };

/**
 * How long a user's relations are kept in memory. Every block and unblock clears every instance's
 * cache at once (a NOTIFY), so this only bounds a change whose NOTIFY was lost (the LISTEN dropped,
 * which also clears the cache when it comes back).
 */
const RELATIONS_TTL_MS = 60_000;
const RELATIONS_MAX = 10_000;

/** The server-internal NOTIFY that tells every instance to forget the relations it keeps. */
const BLOCKS_CHANGED = 'trust.blocks-changed';

export type BlockRelations = ReturnType<typeof createBlockRelations>;

/**
 * Who blocked whom, read by every path that reaches the other party (messages, conversation starts,
 * offers, Buy Now, matching, pushes, the marketplace search): one query per user per minute at most, so
 * a message or a search costs no extra statement. Built in app.ts before the modules that read it;
 * the blocks service calls `changed` after each write.
 */
export function createBlockRelations(deps: {
  db: Db;
  pubsub: Pick<PubSub, 'publish' | 'onMessage' | 'onReconnect'>;
}) {
  const cache = createTtlCache<BlockRelationSet>({ max: RELATIONS_MAX, ttlMs: RELATIONS_TTL_MS });
  deps.pubsub.onMessage((message) => {
    if ((message.event as { type?: string } | null)?.type === BLOCKS_CHANGED) cache.clear();
  });
  deps.pubsub.onReconnect(() => cache.clear());

  /**
   * The user's relations. Inside a transaction pass it: the embedded database has one connection, so
   * a read outside the transaction would wait for it.
   */
  function relationsOf(userId: string, db: Db = deps.db): Promise<BlockRelationSet> {
    return cache.get(userId, async () => {
      const rows = await findRelationsOf(db, userId);
      return {
        blocked: new Set(rows.filter((r) => r.blockerId === userId).map((r) => r.blockedId)),
        blockedBy: new Set(rows.filter((r) => r.blockedId === userId).map((r) => r.blockerId)),
      };
    });
  }

  /** Whether `blockerId` blocked `blockedId`. */
  async function hasBlocked(blockerId: string, blockedId: string, db?: Db): Promise<boolean> {
    return (await relationsOf(blockerId, db)).blocked.has(blockedId);
  }

  /**
   * How `userId` stands with `otherId`: 'blocker' when the user blocked them (told so, with how to
   * undo it), 'blocked' when the other blocked the user (told only that the way is closed), else null.
   */
  async function standing(userId: string, otherId: string, db?: Db): Promise<'blocker' | 'blocked' | null> {
    const relations = await relationsOf(userId, db);
    if (relations.blocked.has(otherId)) return 'blocker';
    if (relations.blockedBy.has(otherId)) return 'blocked';
    return null;
  }

  /** The users whose listings the user no longer sees (those they blocked). */
  async function hiddenSellersOf(userId: string): Promise<string[]> {
    return [...(await relationsOf(userId)).blocked];
  }

  /** After a block or unblock commits: every instance forgets what it kept. */
  async function changed(): Promise<void> {
    cache.clear();
    await deps.pubsub.publish({ userIds: [], event: { type: BLOCKS_CHANGED } });
  }

  return { relationsOf, hasBlocked, standing, hiddenSellersOf, changed };
}
