import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
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

export function DeleteAccountButton() {
  return (
    <Button variant="destructive" disabled>
      Delete Account (Coming Soon)
    </Button>
  );
}
