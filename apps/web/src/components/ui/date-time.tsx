/** A moment in the reader's locale and time zone ("3/14/2026, 10:05:00 AM"), machine-readable too. */
export function DateTime({ iso }: { iso: string }) {
  return <time dateTime={iso}>{new Date(iso).toLocaleString()}</time>;
}
