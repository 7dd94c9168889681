import { randomUUID } from 'node:crypto';
import type {
  ListNotificationsQuery,
  MarkNotificationsReadBody,
  Notification,
  NotificationKind,
  NotificationList,
  UnreadNotificationCount,
} from '@app/shared/market/matching.schemas';
import type { Db } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import {
  countUnread,
  insertUserNotifications,
  listUserNotifications,
  markRead,
  type UserNotificationRow,
} from './user-notifications.repository.ts';

export type NewUserNotification = {
  userId: string;
  kind: NotificationKind;
  title: string;
  body: string;
  link: string | null;
};

export type UserNotificationsService = ReturnType<typeof createUserNotificationsService>;

/** In-app notifications (the bell): written by other modules, read and marked read by their user. */
export function createUserNotificationsService(deps: { db: Db; clock: Clock }) {
  const { db, clock } = deps;

  /** Stores notifications (each for its own user); pass `tx` to write them with the change they announce. */
  async function notify(items: NewUserNotification[], tx: Db = db): Promise<void> {
    const now = clock.now();
    await insertUserNotifications(
      tx,
      items.map((n) => ({ id: `ntf_${randomUUID()}`, ...n, createdAt: now })),
    );
  }

  /** The caller's notifications, newest first, with the unread count. */
  async function list(userId: string, query: ListNotificationsQuery): Promise<NotificationList> {
    const [rows, unreadCount] = await Promise.all([
      listUserNotifications(db, userId, query.limit),
      countUnread(db, userId),
    ]);
    return { items: rows.map(toView), unreadCount };
  }

  async function unreadCount(userId: string): Promise<UnreadNotificationCount> {
    return { count: await countUnread(db, userId) };
  }

  /** Marks the caller's notifications read (ids of others are ignored); answers the new unread count. */
  async function markAsRead(
    userId: string,
    body: MarkNotificationsReadBody,
  ): Promise<UnreadNotificationCount> {
    await markRead(db, userId, 'ids' in body ? body.ids : null, clock.now());
    return unreadCount(userId);
  }

  return { notify, list, unreadCount, markAsRead };
}

function toView(r: UserNotificationRow): Notification {
  return {
    id: r.id,
    kind: r.kind as NotificationKind,
    title: r.title,
    body: r.body,
    link: r.link,
    readAt: r.readAt?.toISOString() ?? null,
    createdAt: r.createdAt.toISOString(),
  };
}
