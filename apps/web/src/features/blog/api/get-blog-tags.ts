import type { BlogTag, BlogTagList } from '@app/shared/blog/blog.schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { blogKeys } from './blog-keys';

export async function getBlogTags(signal?: AbortSignal): Promise<BlogTag[]> {
  return (await api.get<BlogTagList>('/api/blog/tags', { signal })).tags;
}

/** GET /api/blog/tags: the editor's suggestions. */
export const useBlogTags = () =>
  useQuery(
    queryOptions({
      queryKey: blogKeys.tags(),
      queryFn: ({ signal }) => getBlogTags(signal),
      staleTime: 5 * 60_000,
    }),
  );
