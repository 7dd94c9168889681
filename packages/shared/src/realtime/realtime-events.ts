import { z } from 'zod';

/** Events the server pushes to a user's channel. Later capabilities add members to the union. */
export const ServerRealtimeEventSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('hello'), userId: z.string() }),
  z.object({ type: z.literal('pong') }),
  z.object({ type: z.literal('error'), code: z.string(), message: z.string() }),
  z.object({ type: z.literal('notification'), title: z.string(), body: z.string() }),
  /** Broadcast to every socket: a directory entry appeared, changed or went; clients refetch. */
  z.object({
    type: z.literal('directory.changed'),
    companyId: z.string(),
    change: z.enum(['created', 'updated', 'removed']),
  }),
]);
export type ServerRealtimeEvent = z.infer<typeof ServerRealtimeEventSchema>;

export const ClientRealtimeEventSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('ping') }),
]);
export type ClientRealtimeEvent = z.infer<typeof ClientRealtimeEventSchema>;
