/** Query keys of matching and in-app notifications; the realtime bridge invalidates them on 'match.found'. */
export const matchingKeys = {
  all: ['matching'] as const,
  mine: (limit: number) => ['matching', 'mine', limit] as const,
  forListing: (listingId: string) => ['matching', 'listing', listingId] as const,
  preferences: () => ['matching', 'preferences'] as const,
};

export const notificationKeys = {
  all: ['notifications'] as const,
  list: () => ['notifications', 'list'] as const,
  unreadCount: () => ['notifications', 'unread-count'] as const,
};
