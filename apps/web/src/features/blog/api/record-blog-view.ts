import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export async function recordBlogView(slug: string): Promise<number> {
  const body = await api.post<{ viewCount: number }>(`/api/blog/posts/${encodeURIComponent(slug)}/views`);
  return body.viewCount;
}

/** POST /api/blog/posts/:slug/views: counts one view and answers the new total. */
export const useRecordBlogView = () => useMutation({ mutationFn: recordBlogView });
