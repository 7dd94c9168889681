import type { BlogCategory, BlogCategoryList } from '@app/shared/blog/blog.schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { blogKeys } from './blog-keys';

export async function getBlogCategories(signal?: AbortSignal): Promise<BlogCategory[]> {
  return (await api.get<BlogCategoryList>('/api/blog/categories', { signal })).categories;
}

export const getBlogCategoriesQueryOptions = () =>
  queryOptions({
    queryKey: blogKeys.categories(),
    queryFn: ({ signal }) => getBlogCategories(signal),
    staleTime: 5 * 60_000,
  });

/** GET /api/blog/categories, ordered by name. */
export const useBlogCategories = () => useQuery(getBlogCategoriesQueryOptions());
