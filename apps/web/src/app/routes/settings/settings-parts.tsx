import { Building2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { Skeleton } from '@/components/ui/skeleton';

/** The shape of a settings page while the session is being read. */
export function SettingsSkeleton() {
  return (
    <div className="container-page grid grid-cols-1 gap-6 py-10" aria-busy="true">
      <span className="sr-only">Loading your settings</span>
      <Skeleton className="h-9 w-64" />
      <Skeleton className="h-10 w-full max-w-lg" />
      <div className="grid max-w-xl gap-4 rounded-card border p-6">
        <Skeleton className="h-4 w-24" />
        <Skeleton className="h-10 w-full" />
        <Skeleton className="h-4 w-24" />
        <Skeleton className="h-10 w-full" />
        <Skeleton className="h-10 w-32" />
      </div>
    </div>
  );
}

export function SettingsHeader({ title, description }: { title: string; description: string }) {
  return (
    <div>
      <h1 className="text-3xl font-bold tracking-tight">{title}</h1>
      <p className="mt-2 text-muted-foreground">{description}</p>
    </div>
  );
}

export function SettingsCard({
  title,
  description,
  children,
}: {
  title: string;
  description?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">{title}</CardTitle>
        {description ? <CardDescription>{description}</CardDescription> : null}
      </CardHeader>
      <CardContent>{children}</CardContent>
    </Card>
  );
}

/** Company profiles ship with the company directory; until then this says so instead of showing samples. */
export function CompaniesComingNote() {
  return (
    <EmptyState
      icon={Building2}
      title="Company profiles arrive with the company directory"
      description={
        <>
          <p>
            Company profiles are not available yet. When the company directory opens, you will be able to add
            your companies here: name, contact details, the materials you trade and your sector.
          </p>
          <p className="mt-2">
            Each new profile is reviewed by our team and shown as Verified or Pending Verification.
          </p>
        </>
      }
    />
  );
}

export function DeleteAccountButton() {
  return (
    <Button variant="destructive" disabled>
      Delete Account (Coming Soon)
    </Button>
  );
}
