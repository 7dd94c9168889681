import {
  BULK_EMAIL_MESSAGES,
  BULK_EMAIL_TARGET_INFO,
  type BulkEmailTarget,
  type BulkEmailTemplate,
  PRESET_CAMPAIGN_SUBJECT,
} from '@app/shared/admin/bulk-email.schemas';
import { useEffect, useRef, useState } from 'react';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { toast } from '@/components/ui/toast';
import { parseApiError } from '@/lib/api-client';
import { useAuth } from '@/lib/auth-client';
import {
  type BulkEmailSendBody,
  isCampaignRunning,
  useBulkEmailCampaign,
  useBulkEmailCampaigns,
  useBulkEmailPreset,
  useBulkEmailStats,
  useSendBulkEmail,
} from '../api/bulk-email';
import { recipientsPhrase, type TestModeState } from './bulk-email-audiences';
import { BulkEmailComposer, type CustomDraft, isDraftComplete } from './bulk-email-composer';
import { BulkEmailHistory } from './bulk-email-history';
import { CurrentEmailPreview } from './bulk-email-preview';
import { BulkEmailProgress } from './bulk-email-progress';
import { BulkEmailStats } from './bulk-email-stats';

/** The server's own message when it gave one, else the spec's fallback. */
function sendErrorMessage(error: unknown) {
  const apiError = parseApiError(error);
  return apiError.code === 'UNKNOWN' || apiError.code === 'INTERNAL'
    ? BULK_EMAIL_MESSAGES.sendFailed
    : apiError.message;
}

type PendingCampaign = { body: BulkEmailSendBody; subject: string };

/**
 * /admin/bulk-email: stats, the two ways to compose, the send buttons per audience, the progress of a
 * running campaign, the preview and the history. Each button sends exactly the template of its tab;
 * nothing is remembered between sends. A real campaign asks first; a test goes at once.
 */
export function BulkEmailManager() {
  const { user } = useAuth();
  const stats = useBulkEmailStats();
  const preset = useBulkEmailPreset();
  const campaigns = useBulkEmailCampaigns();
  const send = useSendBulkEmail();

  const [tab, setTab] = useState<BulkEmailTemplate>('preset');
  const [testModes, setTestModes] = useState<Record<BulkEmailTemplate, TestModeState>>(() => ({
    preset: { enabled: false, email: user?.email ?? '' },
    custom: { enabled: false, email: user?.email ?? '' },
  }));
  const [draft, setDraft] = useState<CustomDraft>({ subject: '', content: '' });
  const [sending, setSending] = useState<{ template: BulkEmailTemplate; target: BulkEmailTarget } | null>(
    null,
  );
  const [confirming, setConfirming] = useState<PendingCampaign | null>(null);
  const [trackedId, setTrackedId] = useState<string | null>(null);
  const progressRef = useRef<HTMLDivElement>(null);
  const dismissed = useRef(new Set<string>());

  // A campaign already under way when the page opens (another tab, another admin) is followed too.
  const runningInList = campaigns.data?.find(isCampaignRunning);
  useEffect(() => {
    if (!trackedId && runningInList && !dismissed.current.has(runningInList.id))
      setTrackedId(runningInList.id);
  }, [trackedId, runningInList]);
  const tracked = useBulkEmailCampaign(trackedId).data;
  const campaignRunning = Boolean(
    (tracked && isCampaignRunning(tracked)) || (runningInList && runningInList.id !== trackedId),
  );

  const deliver = async (body: BulkEmailSendBody) => {
    setSending({ template: body.template, target: body.target });
    try {
      const result = await send.mutateAsync(body);
      if (result.mode === 'test') {
        if (result.emailsSent > 0)
          toast.success(BULK_EMAIL_MESSAGES.testSentTitle, {
            description: BULK_EMAIL_MESSAGES.testSent(result.testEmail),
          });
        else toast.error('Error', { description: BULK_EMAIL_MESSAGES.sendFailed });
      } else {
        setTrackedId(result.campaign.id);
        requestAnimationFrame(() =>
          progressRef.current?.scrollIntoView({ behavior: 'smooth', block: 'nearest' }),
        );
      }
    } catch (error) {
      toast.error('Error', { description: sendErrorMessage(error) });
    } finally {
      setSending(null);
      setConfirming(null);
    }
  };

  const requestSend = (template: BulkEmailTemplate, target: BulkEmailTarget) => {
    if (sending) return;
    const testMode = testModes[template];
    if (testMode.enabled && !testMode.email.trim()) {
      toast.error(BULK_EMAIL_MESSAGES.testEmailRequiredTitle, {
        description: BULK_EMAIL_MESSAGES.testEmailRequired,
      });
      return;
    }
    if (template === 'custom' && !isDraftComplete(draft)) {
      toast.error(BULK_EMAIL_MESSAGES.customEmailRequiredTitle, {
        description: BULK_EMAIL_MESSAGES.customEmailRequired,
      });
      return;
    }
    const body: BulkEmailSendBody = {
      target,
      template,
      testMode: testMode.enabled,
      testEmail: testMode.enabled ? testMode.email.trim() : undefined,
      customEmail: template === 'custom' ? draft : undefined,
    };
    if (testMode.enabled) {
      void deliver(body);
      return;
    }
    // The count in the dialog should be today's, not the one loaded with the page.
    void stats.refetch();
    setConfirming({
      body,
      subject:
        template === 'custom' ? draft.subject.trim() : (preset.data?.subject ?? PRESET_CAMPAIGN_SUBJECT),
    });
  };

  const pendingTarget = confirming?.body.target;
  const pendingCount = pendingTarget ? stats.data?.audiences[pendingTarget] : undefined;

  return (
    <div className="grid gap-8">
      <BulkEmailStats stats={stats} />
      <BulkEmailComposer
        tab={tab}
        onTabChange={setTab}
        testModes={testModes}
        onTestModeChange={(template, value) => setTestModes((modes) => ({ ...modes, [template]: value }))}
        draft={draft}
        onDraftChange={setDraft}
        audiences={stats.data?.audiences}
        audienceMatches={stats.data?.audienceMatches}
        sending={sending}
        campaignRunning={campaignRunning}
        onSend={requestSend}
      />
      {tracked ? (
        <div ref={progressRef} className="scroll-mt-24">
          <BulkEmailProgress
            campaign={tracked}
            onDismiss={() => {
              dismissed.current.add(tracked.id);
              setTrackedId(null);
            }}
          />
        </div>
      ) : null}
      <CurrentEmailPreview template={tab} preset={preset} custom={draft} />
      <BulkEmailHistory campaigns={campaigns} />
      <ConfirmDialog
        open={confirming !== null}
        onOpenChange={(open) => {
          if (!open && !sending) setConfirming(null);
        }}
        title="Send this campaign?"
        description={
          pendingTarget
            ? `“${confirming?.subject}” goes to ${
                pendingCount === undefined ? 'everyone in this audience' : recipientsPhrase(pendingCount)
              }: ${BULK_EMAIL_TARGET_INFO[pendingTarget].audience.toLowerCase()}. This cannot be undone.`
            : ''
        }
        confirmLabel={
          pendingCount === undefined ? 'Send Campaign' : `Send to ${recipientsPhrase(pendingCount)}`
        }
        busyLabel="Sending..."
        isBusy={sending !== null}
        destructive={pendingTarget === 'all'}
        onConfirm={() => {
          if (confirming) void deliver(confirming.body);
        }}
      />
    </div>
  );
}
