import type { BlogPost } from '@app/shared/blog/blog.schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, preloadedData } from '@/lib/api-client';
import { blogKeys } from './blog-keys';

export async function getBlogPost(slug: string, signal?: AbortSignal): Promise<BlogPost> {
  return api.get<BlogPost>(`/api/blog/posts/${encodeURIComponent(slug)}`, { signal });
}

export const getBlogPostQueryOptions = (slug: string) =>
  queryOptions({
    queryKey: blogKeys.detail(slug),
    queryFn: ({ signal }) => getBlogPost(slug, signal),
    initialData: preloadedData<BlogPost>(`/api/blog/posts/${encodeURIComponent(slug)}`),
  });

/** GET /api/blog/posts/:slug: a published post with its sanitised body. Does not count a view. */
export const useBlogPost = (slug: string) => useQuery(getBlogPostQueryOptions(slug));
