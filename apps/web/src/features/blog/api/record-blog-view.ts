import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '@/lib/api-client';

const ViewCountSchema = z.object({ viewCount: z.number().int() });

export async function recordBlogView(slug: string): Promise<number> {
  const body = ViewCountSchema.parse(await api.post(`/api/blog/posts/${encodeURIComponent(slug)}/views`));
  return body.viewCount;
}

/** POST /api/blog/posts/:slug/views: counts one view and answers the new total. */
export const useRecordBlogView = () => useMutation({ mutationFn: recordBlogView });
