import { Building2, Handshake, LayoutList, type LucideIcon, Plus, Store } from 'lucide-react';
import { Link } from 'react-router';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { paths } from '@/config/paths';

const ACTIONS: { to: string; label: string; icon: LucideIcon }[] = [
  { to: `${paths.profile}?tab=companies&add=true`, label: 'Add Company', icon: Plus },
  { to: paths.directory, label: 'Browse Companies', icon: Building2 },
  { to: paths.marketplace, label: 'View Marketplace', icon: Store },
  { to: paths.deals, label: 'Manage Deals', icon: Handshake },
  { to: paths.manageListings, label: 'Manage Listings', icon: LayoutList },
];

/** The dashboard's shortcuts to the places traders go next. */
export function QuickActions() {
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Quick Actions</CardTitle>
        <CardDescription>Jump to what you need next.</CardDescription>
      </CardHeader>
      <CardContent>
        <ul className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-1">
          {ACTIONS.map(({ to, label, icon: Icon }) => (
            <li key={label}>
              <Link
                to={to}
                className="flex h-full items-center gap-3 rounded-lg border p-4 text-sm font-medium text-foreground transition-colors hover:border-primary hover:bg-primary-soft hover:text-primary-soft-foreground"
              >
                <span className="flex size-9 shrink-0 items-center justify-center rounded-md bg-primary-soft text-primary">
                  <Icon className="size-5" aria-hidden />
                </span>
                {label}
              </Link>
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}
