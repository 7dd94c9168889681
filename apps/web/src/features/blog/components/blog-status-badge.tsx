import type { BlogPostStatus } from '@app/shared/blog/blog.schemas';
import { Badge } from '@/components/ui/badge';
import { capitalize } from '@/lib/format';

const VARIANT = { draft: 'warning', published: 'success', archived: 'secondary' } as const;

/** Draft, Published or Archived, one colour each. */
export function BlogStatusBadge({ status }: { status: BlogPostStatus }) {
  return <Badge variant={VARIANT[status]}>{capitalize(status)}</Badge>;
}
