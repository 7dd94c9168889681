import {
  Building2,
  FileText,
  Flag,
  Landmark,
  Leaf,
  type LucideIcon,
  Mail,
  Megaphone,
  MessageSquareText,
  Package,
  Scale,
  Settings,
  Shield,
  Users,
} from 'lucide-react';
import { Link } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { paths } from '@/config/paths';
import { type AdminOverview, useAdminOverview } from '../api/get-admin-overview';

type CountSpec = { key: keyof AdminOverview; singular: string; plural: string };

type AdminCard = {
  title: string;
  to: string;
  icon: LucideIcon;
  description: string;
  counts?: CountSpec[];
};

/** Every admin screen, with the live counts that tell an administrator where work is waiting. */
export const ADMIN_CARDS: AdminCard[] = [
  {
    title: 'Blog',
    to: paths.adminBlog,
    icon: FileText,
    description: 'Write, edit, publish and delete blog posts.',
  },
  {
    title: 'Users',
    to: '/admin/users',
    icon: Users,
    description: 'Manage administrators and browse every user account.',
  },
  {
    title: 'Email',
    to: '/admin/email',
    icon: Mail,
    description: 'Resend confirmation emails to users who have not confirmed their address.',
    counts: [{ key: 'unconfirmedUsers', singular: 'unconfirmed user', plural: 'unconfirmed users' }],
  },
  {
    title: 'Bulk Email',
    to: '/admin/bulk-email',
    icon: Megaphone,
    description: 'Send targeted email campaigns to promote the company directory.',
  },
  {
    title: 'Listings',
    to: paths.adminListings,
    icon: Package,
    description: 'Approve or reject listings waiting for review.',
    counts: [{ key: 'pendingListings', singular: 'pending listing', plural: 'pending listings' }],
  },
  {
    title: 'Companies',
    to: paths.adminCompanies,
    icon: Building2,
    description: 'Verify new company profiles and remove companies from the directory.',
    counts: [{ key: 'unverifiedCompanies', singular: 'unverified company', plural: 'unverified companies' }],
  },
  {
    title: 'Reviews',
    to: paths.adminReviews,
    icon: MessageSquareText,
    description: 'Recent reviews between traders; hide an abusive review with a reason.',
  },
  {
    title: 'Reports',
    to: paths.adminReports,
    icon: Flag,
    description: 'Reports of listings, companies, messages and reviews, and the platform’s fraud flags.',
    counts: [{ key: 'openReports', singular: 'open report', plural: 'open reports' }],
  },
  {
    title: 'Wire Transfers & Disputes',
    to: paths.adminWireTransfers,
    icon: Landmark,
    description: 'Verify incoming wire transfers and resolve disputed deals.',
    counts: [
      {
        key: 'wireTransfersAwaitingVerification',
        singular: 'transfer awaiting verification',
        plural: 'transfers awaiting verification',
      },
      { key: 'openDisputes', singular: 'open dispute', plural: 'open disputes' },
    ],
  },
  {
    title: 'Claims',
    to: paths.adminClaims,
    icon: Scale,
    description: 'Decide escalated and unanswered claims: split the escrow between buyer and seller.',
    counts: [
      {
        key: 'claimsAwaitingDecision',
        singular: 'claim awaiting a decision',
        plural: 'claims awaiting a decision',
      },
    ],
  },
  {
    title: 'Impact Factors',
    to: paths.adminImpactFactors,
    icon: Leaf,
    description: 'EPA WARM emission factors per material, their sources and the grades mapped to them.',
  },
  {
    title: 'Security',
    to: '/admin/security',
    icon: Shield,
    description: 'Access control, API security, data protection and monitoring.',
  },
  {
    title: 'System',
    to: '/admin/system',
    icon: Settings,
    description: 'Platform, payment, email and database settings.',
  },
];

/** The /admin cards: one per admin screen, each with its live counts (skeletons while they load). */
export function AdminDashboard() {
  const overview = useAdminOverview();
  return (
    <div className="grid gap-6">
      {overview.isError ? (
        <Alert variant="warning">
          <div className="flex flex-wrap items-center gap-3">
            <p>The live counts could not be loaded.</p>
            <Button size="sm" variant="outline" onClick={() => void overview.refetch()}>
              Try Again
            </Button>
          </div>
        </Alert>
      ) : null}
      <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {ADMIN_CARDS.map((card) => (
          <li key={card.to}>
            <DashboardCard card={card} overview={overview.data} loading={overview.isPending} />
          </li>
        ))}
      </ul>
    </div>
  );
}

function DashboardCard({
  card,
  overview,
  loading,
}: {
  card: AdminCard;
  overview: AdminOverview | undefined;
  loading: boolean;
}) {
  const Icon = card.icon;
  return (
    <Card className="relative h-full p-6 transition-colors focus-within:outline-2 focus-within:outline-offset-2 focus-within:outline-ring hover:border-primary">
      <div className="flex items-start gap-4">
        <div className="flex size-10 shrink-0 items-center justify-center rounded-full bg-primary-soft text-primary">
          <Icon className="size-5" aria-hidden />
        </div>
        <div className="min-w-0">
          <h2 className="text-lg font-semibold leading-tight">
            <Link to={card.to} className="after:absolute after:inset-0 focus-visible:outline-none">
              {card.title}
            </Link>
          </h2>
          <p className="mt-1 text-sm text-muted-foreground">{card.description}</p>
          {card.counts ? (
            <ul className="mt-3 grid gap-1 text-sm" aria-busy={loading || undefined}>
              {card.counts.map((spec) => (
                <li key={spec.key} data-testid={`count-${spec.key}`}>
                  {overview ? (
                    <CountLine n={overview[spec.key]} spec={spec} />
                  ) : loading ? (
                    <Skeleton className="h-5 w-40" />
                  ) : (
                    <span className="text-muted-foreground">—</span>
                  )}
                </li>
              ))}
            </ul>
          ) : null}
        </div>
      </div>
    </Card>
  );
}

function CountLine({ n, spec }: { n: number; spec: CountSpec }) {
  return (
    <span className={n > 0 ? 'font-medium text-foreground' : 'text-muted-foreground'}>
      <span className="tabular-nums">{n}</span> {n === 1 ? spec.singular : spec.plural}
    </span>
  );
}
