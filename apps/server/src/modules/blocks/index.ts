/**
 * The blocks module's face: what other modules and the app may use. Other modules import from here only.
 */

// The module's registration: the relations and writes of the block list.
export { registerBlocks } from './blocks.module.ts';
// Published read: whether a block stands between two users, as SQL (matching).
export { blockedBetweenSql } from './blocks.repository.ts';
export type { BlocksService } from './blocks.service.ts';
