import type { AdminBlogPostList, BlogPostSummary } from '@app/shared/blog/blog.schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { blogKeys } from './blog-keys';

export async function getAdminBlogPosts(signal?: AbortSignal): Promise<BlogPostSummary[]> {
  return (await api.get<AdminBlogPostList>('/api/admin/blog/posts', { signal })).posts;
}

/** GET /api/admin/blog/posts: every post in every status, newest first. */
export const useAdminBlogPosts = () =>
  useQuery(
    queryOptions({ queryKey: blogKeys.adminList(), queryFn: ({ signal }) => getAdminBlogPosts(signal) }),
  );
