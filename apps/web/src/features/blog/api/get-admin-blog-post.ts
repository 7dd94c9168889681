import type { BlogPost } from '@app/shared/blog/blog.schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { blogKeys } from './blog-keys';

export async function getAdminBlogPost(id: string, signal?: AbortSignal): Promise<BlogPost> {
  return api.get<BlogPost>(`/api/admin/blog/posts/${encodeURIComponent(id)}`, { signal });
}

/** GET /api/admin/blog/posts/:id: the editor's post, in any status. */
export const useAdminBlogPost = (id: string | undefined) =>
  useQuery(
    queryOptions({
      queryKey: blogKeys.adminDetail(id ?? ''),
      queryFn: ({ signal }) => getAdminBlogPost(id ?? '', signal),
      enabled: Boolean(id),
      // The editor starts from what is stored, not from a copy cached before another save.
      staleTime: 0,
    }),
  );
