/** Query keys of the listings feature; mutations invalidate `listingKeys.all` so every view refreshes. */
export const listingKeys = {
  all: ['listings'] as const,
  search: (filters: object) => ['listings', 'search', filters] as const,
  featured: () => ['listings', 'featured'] as const,
  detail: (id: string) => ['listings', 'detail', id] as const,
  mine: (page: number) => ['listings', 'mine', page] as const,
  usage: () => ['listings', 'usage'] as const,
};
