import { Badge } from '@/components/ui/badge';
import { cn } from '@/lib/cn';
import type { HttpMethod } from '../utils/openapi-model';

// The same colours as the endpoint table on the /api page.
const methodVariant = {
  get: 'info',
  post: 'success',
  put: 'warning',
  patch: 'warning',
  delete: 'destructive',
} as const;

export function MethodBadge({ method, className }: { method: HttpMethod; className?: string }) {
  return (
    <Badge variant={methodVariant[method]} className={cn('justify-center font-mono', className)}>
      {method.toUpperCase()}
    </Badge>
  );
}
