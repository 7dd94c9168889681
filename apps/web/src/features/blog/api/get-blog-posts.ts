import type { BlogPostPage } from '@app/shared/blog/blog.schemas';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { blogKeys } from './blog-keys';

/** The list's filters as the address bar holds them. */
export type BlogFilters = { page: number; category?: string; q?: string };

export async function getBlogPosts(filters: BlogFilters, signal?: AbortSignal): Promise<BlogPostPage> {
  return api.get<BlogPostPage>('/api/blog/posts', { query: filters, signal });
}

export const getBlogPostsQueryOptions = (filters: BlogFilters) =>
  queryOptions({
    queryKey: blogKeys.list(filters),
    queryFn: ({ signal }) => getBlogPosts(filters, signal),
  });

/** GET /api/blog/posts: published posts, newest first, 12 a page. The previous page stays shown while the next loads. */
export const useBlogPosts = (filters: BlogFilters) =>
  useQuery({ ...getBlogPostsQueryOptions(filters), placeholderData: keepPreviousData });
