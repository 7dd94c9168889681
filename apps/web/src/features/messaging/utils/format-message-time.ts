import { dateFormat } from '@/lib/format';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** The list's age of the last activity: "Just now", "5 min ago", "3 hours ago", then the date. */
export function formatMessageAge(iso: string, now: number = Date.now()) {
  const elapsed = Math.max(0, now - new Date(iso).getTime());
  if (elapsed < MINUTE) return 'Just now';
  if (elapsed < HOUR) return `${Math.floor(elapsed / MINUTE)} min ago`;
  if (elapsed < DAY) {
    const hours = Math.floor(elapsed / HOUR);
    return hours === 1 ? '1 hour ago' : `${hours} hours ago`;
  }
  if (elapsed < 7 * DAY) {
    const days = Math.floor(elapsed / DAY);
    return days === 1 ? '1 day ago' : `${days} days ago`;
  }
  return dateFormat({ dateStyle: 'medium' }).format(new Date(iso));
}

/** A message's time: "14:05" today, "Mar 3, 14:05" on another day. */
export function formatMessageTime(iso: string, now: Date = new Date()) {
  const date = new Date(iso);
  const sameDay = date.toDateString() === now.toDateString();
  return dateFormat(
    sameDay ? { timeStyle: 'short' } : { month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' },
  ).format(date);
}
