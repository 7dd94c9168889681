import type { Company } from '@app/shared/companies/companies.schemas';
import { BadgeCheck, Clock, Globe } from 'lucide-react';
import { Badge } from '@/components/ui/badge';

/** "Verified" (green) or "Pending Verification" (amber): the same pair on every company view. */
export function VerificationBadge({ verified }: { verified: boolean }) {
  return verified ? (
    <Badge variant="success">
      <BadgeCheck aria-hidden />
      Verified
    </Badge>
  ) : (
    <Badge variant="warning">
      <Clock aria-hidden />
      Pending Verification
    </Badge>
  );
}

/** "Domain match": the contact email is at the company's own website domain (not free mail). */
export function DomainMatchBadge() {
  return (
    <Badge variant="outline" title="The contact email is at the company’s website domain">
      <Globe aria-hidden />
      Domain match
    </Badge>
  );
}

/** The directory's "Active" badge: every listed company with a name is active. */
export function ActiveBadge() {
  return <Badge variant="info">Active</Badge>;
}

const TYPE_LABELS: Record<Company['companyType'], string> = {
  buyer: 'Buyer',
  seller: 'Seller',
  both: 'Buyer & Seller',
};

export const companyTypeLabel = (type: Company['companyType']) => TYPE_LABELS[type];
