import type { BlogCategory } from '@app/shared/blog/blog.schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { blogKeys } from './blog-keys';

export async function createBlogCategory(name: string): Promise<BlogCategory> {
  return api.post<BlogCategory>('/api/admin/blog/categories', { name });
}

/** POST /api/admin/blog/categories (201): the editor's "New category". */
export function useCreateBlogCategory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createBlogCategory,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: blogKeys.categories() }),
  });
}
