import {
  BULK_EMAIL_TARGET_INFO,
  type BulkEmailTarget,
  type BulkEmailTemplate,
  CUSTOM_CONTENT_MAX,
  CUSTOM_SUBJECT_MAX,
} from '@app/shared/admin/bulk-email.schemas';
import { Eye, EyeOff, FileText, PenLine } from 'lucide-react';
import { useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { FormField } from '@/components/ui/form-field';
import { Input, Textarea } from '@/components/ui/input';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import type { BulkEmailStats } from '../api/bulk-email';
import { AudienceButtons, TestModeFields, type TestModeState } from './bulk-email-audiences';
import { EmailBodyFrame } from './bulk-email-preview';

const PRESET_LABELS = {
  unpaid_users: BULK_EMAIL_TARGET_INFO.unpaid_users.presetLabel,
  no_company: BULK_EMAIL_TARGET_INFO.no_company.presetLabel,
  inactive: BULK_EMAIL_TARGET_INFO.inactive.presetLabel,
  all: BULK_EMAIL_TARGET_INFO.all.presetLabel,
} as const satisfies Record<BulkEmailTarget, string>;

/** The custom tab's four buttons name the same audiences as the presets. */
const CUSTOM_LABELS = {
  unpaid_users: 'Send Custom to Unpaid Users',
  no_company: 'Send Custom to Active Users',
  inactive: 'Send Custom to Inactive Subscribers',
  all: 'Send Custom to Everyone',
} as const satisfies Record<BulkEmailTarget, string>;

export type CustomDraft = { subject: string; content: string };

export const isDraftComplete = (draft: CustomDraft) =>
  draft.subject.trim() !== '' && draft.content.trim() !== '';

type BulkEmailComposerProps = {
  tab: BulkEmailTemplate;
  onTabChange: (tab: BulkEmailTemplate) => void;
  testModes: Record<BulkEmailTemplate, TestModeState>;
  onTestModeChange: (tab: BulkEmailTemplate, value: TestModeState) => void;
  draft: CustomDraft;
  onDraftChange: (draft: CustomDraft) => void;
  audiences: BulkEmailStats['audiences'] | undefined;
  audienceMatches: BulkEmailStats['audienceMatches'] | undefined;
  /** The send under way, for its button's spinner. */
  sending: { template: BulkEmailTemplate; target: BulkEmailTarget } | null;
  /** A campaign is being delivered: only test sends are possible until it completes. */
  campaignRunning: boolean;
  onSend: (template: BulkEmailTemplate, target: BulkEmailTarget) => void;
};

/** The two tabs of the spec: preset templates and a custom HTML email, each with its own test mode. */
export function BulkEmailComposer(props: BulkEmailComposerProps) {
  const { tab, onTabChange } = props;
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Send an Email</CardTitle>
        <CardDescription>
          Choose the preset campaign or write your own email, then press the button of the audience to send it
          to.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <Tabs value={tab} onValueChange={(value) => onTabChange(value as BulkEmailTemplate)}>
          <TabsList className="grid h-auto w-full grid-cols-2 sm:inline-flex sm:h-10 sm:w-auto">
            <TabsTrigger value="preset">
              <FileText aria-hidden />
              Preset Templates
            </TabsTrigger>
            <TabsTrigger value="custom">
              <PenLine aria-hidden />
              Custom Email
            </TabsTrigger>
          </TabsList>
          <TabsContent value="preset" className="mt-6 grid gap-6">
            <SendSection template="preset" {...props} />
          </TabsContent>
          <TabsContent value="custom" className="mt-6 grid gap-6">
            <CustomEditor draft={props.draft} onDraftChange={props.onDraftChange} />
            <SendSection template="custom" {...props} />
          </TabsContent>
        </Tabs>
      </CardContent>
    </Card>
  );
}

function SendSection({
  template,
  testModes,
  onTestModeChange,
  draft,
  audiences,
  audienceMatches,
  sending,
  campaignRunning,
  onSend,
}: BulkEmailComposerProps & { template: BulkEmailTemplate }) {
  const testMode = testModes[template];
  const blankDraft = template === 'custom' && !isDraftComplete(draft);
  const blockedByCampaign = campaignRunning && !testMode.enabled;
  return (
    <>
      <TestModeFields
        value={testMode}
        onChange={(value) => onTestModeChange(template, value)}
        disabled={sending !== null}
      />
      <div className="grid gap-3">
        <h3 className="text-base font-semibold">
          {testMode.enabled ? 'Send a test to the address above' : 'Choose the audience'}
        </h3>
        {blockedByCampaign ? (
          <p className="text-sm text-muted-foreground">
            A campaign is being sent. Audience sends are available again once it completes; test emails can
            still be sent.
          </p>
        ) : null}
        {blankDraft ? (
          <p className="text-sm text-muted-foreground">Enter a subject and content above to send.</p>
        ) : null}
        <AudienceButtons
          labels={template === 'preset' ? PRESET_LABELS : CUSTOM_LABELS}
          audiences={audiences}
          audienceMatches={audienceMatches}
          sendingTarget={sending?.template === template ? sending.target : null}
          disabled={sending !== null || blankDraft || blockedByCampaign}
          testMode={testMode.enabled}
          onSend={(target) => onSend(template, target)}
        />
      </div>
    </>
  );
}

function CustomEditor({
  draft,
  onDraftChange,
}: {
  draft: CustomDraft;
  onDraftChange: (draft: CustomDraft) => void;
}) {
  const [showPreview, setShowPreview] = useState(false);
  const previewId = useId();
  return (
    <div className="grid gap-4">
      <FormField label="Subject">
        <Input
          value={draft.subject}
          maxLength={CUSTOM_SUBJECT_MAX}
          placeholder="What the email is about"
          onChange={(e) => onDraftChange({ ...draft, subject: e.target.value })}
        />
      </FormField>
      <FormField
        label="HTML content"
        hint="Write the body as HTML. Scripts, styles and forms are removed, and an unsubscribe link is added at the end."
      >
        <Textarea
          value={draft.content}
          maxLength={CUSTOM_CONTENT_MAX}
          placeholder="<p>Hello,</p>"
          spellCheck
          className="min-h-[200px] font-mono"
          onChange={(e) => onDraftChange({ ...draft, content: e.target.value })}
        />
      </FormField>
      <div>
        <Button
          variant="outline"
          aria-expanded={showPreview}
          aria-controls={previewId}
          onClick={() => setShowPreview((shown) => !shown)}
        >
          {showPreview ? <EyeOff aria-hidden /> : <Eye aria-hidden />}
          {showPreview ? 'Hide Preview' : 'Show Preview'}
        </Button>
      </div>
      <div id={previewId} hidden={!showPreview}>
        {showPreview ? (
          draft.content.trim() ? (
            <EmailBodyFrame html={draft.content} label="Preview of the HTML content" />
          ) : (
            <p className="text-sm text-muted-foreground">Write some HTML content to preview it here.</p>
          )
        ) : null}
      </div>
    </div>
  );
}
