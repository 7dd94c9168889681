import type { BulkEmailTemplate } from '@app/shared/admin/bulk-email.schemas';
import { Eye } from 'lucide-react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { SanitizedHtml } from '@/components/ui/sanitized-html';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/cn';
import type { useBulkEmailPreset } from '../api/bulk-email';

/** Plain typography for email bodies written as HTML (the page's reset would flatten headings and lists). */
const emailBodyClassName = cn(
  'break-words text-sm leading-6 text-slate-800',
  '[&_h1]:mb-3 [&_h1]:text-2xl [&_h1]:font-bold [&_h2]:mb-3 [&_h2]:text-xl [&_h2]:font-semibold',
  '[&_h3]:mb-2 [&_h3]:text-lg [&_h3]:font-semibold [&_p]:my-3',
  '[&_a]:text-primary [&_a]:underline [&_a]:underline-offset-4',
  '[&_ul]:my-3 [&_ul]:list-disc [&_ul]:pl-6 [&_ol]:my-3 [&_ol]:list-decimal [&_ol]:pl-6',
  '[&_strong]:font-semibold [&_em]:italic [&_img]:h-auto [&_img]:max-w-full',
);

/**
 * An email's HTML as the recipient would see it, through the one component that inserts HTML. It
 * scrolls inside its frame (so it is focusable, for keyboard users).
 */
export function EmailBodyFrame({ html, label }: { html: string; label: string }) {
  return (
    <section
      aria-label={label}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard
      tabIndex={0}
      className="max-h-[32rem] overflow-auto rounded-md border bg-white p-4 focus-visible:outline-2 focus-visible:outline-ring"
    >
      <SanitizedHtml html={html} className={emailBodyClassName} />
    </section>
  );
}

type CurrentEmailPreviewProps = {
  template: BulkEmailTemplate;
  preset: ReturnType<typeof useBulkEmailPreset>;
  custom: { subject: string; content: string };
};

/** 'Current Email Preview': the subject and body the active tab's buttons would send. */
export function CurrentEmailPreview({ template, preset, custom }: CurrentEmailPreviewProps) {
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2" className="flex items-center gap-2">
          <Eye className="size-5 text-primary" aria-hidden />
          Current Email Preview
        </CardTitle>
        <CardDescription>
          {template === 'preset'
            ? 'The preset campaign: a promotional HTML email with a call-to-action linking to the dashboard. Each recipient is greeted by name.'
            : 'Your custom email, as it stands in the Custom Email tab.'}
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {template === 'preset' ? <PresetPreview preset={preset} /> : <CustomPreview custom={custom} />}
      </CardContent>
    </Card>
  );
}

function Subject({ children }: { children: string }) {
  return (
    <p className="text-sm">
      <span className="font-medium text-muted-foreground">Subject: </span>
      <span className="font-semibold break-words">{children}</span>
    </p>
  );
}

function PresetPreview({ preset }: { preset: ReturnType<typeof useBulkEmailPreset> }) {
  if (preset.isPending)
    return (
      <div className="grid gap-3" role="status" aria-busy="true" aria-label="Loading the preview">
        <Skeleton className="h-5 w-80 max-w-full" />
        <Skeleton className="h-64 w-full" />
      </div>
    );
  if (preset.isError)
    return (
      <p className="text-sm text-destructive">The preset email could not be loaded. Refresh to try again.</p>
    );
  return (
    <>
      <Subject>{preset.data.subject}</Subject>
      <EmailBodyFrame html={preset.data.html} label="Preset email content" />
    </>
  );
}

function CustomPreview({ custom }: { custom: { subject: string; content: string } }) {
  if (!custom.subject.trim() && !custom.content.trim())
    return (
      <p className="text-sm text-muted-foreground">
        Nothing to preview yet. Write a subject and HTML content in the Custom Email tab.
      </p>
    );
  return (
    <>
      <Subject>{custom.subject.trim() || '(no subject)'}</Subject>
      {custom.content.trim() ? (
        <EmailBodyFrame html={custom.content} label="Custom email content" />
      ) : (
        <p className="text-sm text-muted-foreground">No content yet.</p>
      )}
    </>
  );
}
