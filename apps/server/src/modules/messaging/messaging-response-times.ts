import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';

/**
 * A published read of the messaging module (its face exports it): each user's median time to answer
 * a conversation somebody else opened. Per conversation whose first written message came from the
 * other person, the time from that message to the user's first message after it; conversations
 * not answered yet count for nothing. Deal and system notes are not conversation. In seconds, or
 * null for a user who has answered none.
 */
export async function medianFirstReplySeconds(db: Db, userIds: string[]): Promise<Map<string, number>> {
  const result = new Map<string, number>();
  if (userIds.length === 0) return result;
  const ids = sql.join(
    userIds.map((id) => sql`${id}`),
    sql`, `,
  );
  const rows = (await db.execute(sql`
    with asked as (
      select u.user_id, c.id as conversation_id, first_message.sender_id, first_message.created_at
      from (select unnest(array[${ids}]::text[]) as user_id) u
      join conversations c on u.user_id in (c.participant_1_id, c.participant_2_id)
      cross join lateral (
        select m.sender_id, m.created_at from messages m
        where m.conversation_id = c.id and m.message_type = 'text'
        order by m.created_at, m.id limit 1
      ) first_message
    ), answered as (
      select a.user_id, extract(epoch from (
        select min(m.created_at) from messages m
        where m.conversation_id = a.conversation_id and m.sender_id = a.user_id
          and m.message_type = 'text' and m.created_at > a.created_at
      ) - a.created_at) as seconds
      from asked a where a.sender_id <> a.user_id
    )
    select user_id, percentile_cont(0.5) within group (order by seconds) as median
    from answered where seconds is not null group by user_id
  `)) as unknown as { rows: { user_id: string; median: number | string }[] };
  for (const row of rows.rows) result.set(row.user_id, Math.round(Number(row.median)));
  return result;
}
