import { ReputationPanel } from '@/components/reputation/reputation-panel';
import { Skeleton } from '@/components/ui/skeleton';
import { useCompanyReputation } from '../api/get-company-reviews';

/** The company page's reputation panel, read from the server (a skeleton while it loads). */
export function CompanyReputation({ companyId }: { companyId: string }) {
  const reputation = useCompanyReputation(companyId);
  if (reputation.isPending) return <Skeleton className="h-56 w-full rounded-card" />;
  if (reputation.isError) return null;
  return <ReputationPanel reputation={reputation.data.reputation} />;
}
