import type { BlogPost, BlogPostBody } from '@app/shared/blog/blog.schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { blogKeys } from './blog-keys';

export type SaveBlogPostInput = { id?: string; body: BlogPostBody };

/** Creates the post without an id, replaces it with one. */
export async function saveBlogPost({ id, body }: SaveBlogPostInput): Promise<BlogPost> {
  return id
    ? api.put<BlogPost>(`/api/admin/blog/posts/${encodeURIComponent(id)}`, body)
    : api.post<BlogPost>('/api/admin/blog/posts', body);
}

/** POST /api/admin/blog/posts (201) and PUT /api/admin/blog/posts/:id. */
export function useSaveBlogPost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveBlogPost,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: blogKeys.all }),
  });
}
