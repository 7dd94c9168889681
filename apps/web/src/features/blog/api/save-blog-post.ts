import { type BlogPost, type BlogPostBody, BlogPostSchema } from '@app/shared/blog/blog.schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { blogKeys } from './blog-keys';

export type SaveBlogPostInput = { id?: string; body: BlogPostBody };

/** Creates the post without an id, replaces it with one. */
export async function saveBlogPost({ id, body }: SaveBlogPostInput): Promise<BlogPost> {
  const saved = id
    ? await api.put(`/api/admin/blog/posts/${encodeURIComponent(id)}`, body)
    : await api.post('/api/admin/blog/posts', body);
  return BlogPostSchema.parse(saved);
}

/** POST /api/admin/blog/posts (201) and PUT /api/admin/blog/posts/:id. */
export function useSaveBlogPost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveBlogPost,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: blogKeys.all }),
  });
}
