import type { ApiKey } from '@app/shared/public-api/public-api.schemas';
import { Badge } from '@/components/ui/badge';
import { formatRelativeAge } from '@/lib/format';

/** The parts of an API key row, the same in the owner's API Keys tab and on /admin/security. */
type KeyFields = Pick<ApiKey, 'prefix' | 'lastUsedAt' | 'revokedAt'>;

export const isActive = (apiKey: KeyFields) => apiKey.revokedAt === null;

export function ApiKeyStatus({ apiKey }: { apiKey: KeyFields }) {
  return isActive(apiKey) ? (
    <Badge variant="success">Active</Badge>
  ) : (
    <Badge variant="secondary">Revoked</Badge>
  );
}

/** The visible start of the secret, e.g. "rtk_3fa9c1d2…". */
export const ApiKeyPrefix = ({ apiKey }: { apiKey: KeyFields }) => (
  <code className="rounded bg-muted px-1.5 py-0.5 font-mono text-[0.8125rem] whitespace-nowrap">
    {apiKey.prefix}…
  </code>
);

/** "Just now", "3 hours ago" or "Never used". */
export const lastUsed = (apiKey: KeyFields) =>
  apiKey.lastUsedAt ? formatRelativeAge(apiKey.lastUsedAt) : 'Never used';
