/** Query keys of the blog; admin mutations invalidate `blogKeys.all` so the public pages refresh too. */
export const blogKeys = {
  all: ['blog'] as const,
  list: (filters: object) => ['blog', 'list', filters] as const,
  detail: (slug: string) => ['blog', 'detail', slug] as const,
  categories: () => ['blog', 'categories'] as const,
  tags: () => ['blog', 'tags'] as const,
  adminList: () => ['blog', 'admin', 'list'] as const,
  adminDetail: (id: string) => ['blog', 'admin', 'detail', id] as const,
};
