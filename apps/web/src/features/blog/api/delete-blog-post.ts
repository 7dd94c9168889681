import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { blogKeys } from './blog-keys';

export const deleteBlogPost = (id: string) =>
  api.delete<void>(`/api/admin/blog/posts/${encodeURIComponent(id)}`);

/** DELETE /api/admin/blog/posts/:id (204). */
export function useDeleteBlogPost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteBlogPost,
    onSettled: () => queryClient.invalidateQueries({ queryKey: blogKeys.all }),
  });
}
