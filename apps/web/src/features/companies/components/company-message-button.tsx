import type { Company } from '@app/shared/companies/companies.schemas';
import { MessageSquare } from 'lucide-react';
import { useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Tooltip, TooltipContent, TooltipTrigger } from '@/components/ui/tooltip';
import { useAuth, useAuthDialog } from '@/lib/auth-client';
import { cn } from '@/lib/cn';
import { useFeatureSlots } from '@/lib/feature-slots';
import { formatUsd } from '@/lib/format';
import { usePricing } from '@/lib/pricing';

const OWN_COMPANY = 'You cannot message your own company';

type CompanyMessageButtonProps = {
  company: Pick<Company, 'id' | 'userId' | 'companyName'>;
  className?: string;
};

/** The fee line of the tooltip: free with Premium, otherwise the one-time contact fee from the pricing. */
export function useContactFeeText() {
  const { subscribed } = useAuth();
  const pricing = usePricing();
  if (subscribed) return 'Free with your Premium plan';
  const fee = pricing.data ? formatUsd(pricing.data.contactFeeCents, { alwaysCents: true }) : null;
  return fee
    ? `Messaging this company costs a one-time ${fee} contact fee`
    : 'Messaging this company costs a one-time contact fee';
}

/**
 * "Message" on a company: visitors get the sign-in dialog, the owner a disabled button with the reason,
 * everyone else the start-conversation dialog. The tooltip states the fee.
 */
export function CompanyMessageButton({ company, className }: CompanyMessageButtonProps) {
  const { StartConversationDialog } = useFeatureSlots();
  const { user } = useAuth();
  const dialog = useAuthDialog();
  const feeText = useContactFeeText();
  const reasonId = useId();
  const [messaging, setMessaging] = useState(false);
  const label = `Message ${company.companyName}`;
  const content = (
    <>
      <MessageSquare aria-hidden />
      Message
    </>
  );

  if (user && user.id === company.userId) {
    return (
      <Tooltip>
        <TooltipTrigger asChild>
          {/* A disabled button gets no pointer or focus events: the wrapper carries the tooltip. */}
          {/* biome-ignore lint/a11y/noNoninteractiveTabindex: keyboard users reach the reason through it */}
          <span tabIndex={0} className={cn('inline-flex rounded-md', className)}>
            <Button
              variant="outline"
              className="w-full"
              disabled
              aria-label={label}
              aria-describedby={reasonId}
            >
              {content}
            </Button>
            <span id={reasonId} className="sr-only">
              {OWN_COMPANY}
            </span>
          </span>
        </TooltipTrigger>
        <TooltipContent>{OWN_COMPANY}</TooltipContent>
      </Tooltip>
    );
  }

  return (
    <>
      <Tooltip>
        <TooltipTrigger asChild>
          <Button
            className={className}
            aria-label={label}
            onClick={() => (user ? setMessaging(true) : dialog.open('signin'))}
          >
            {content}
          </Button>
        </TooltipTrigger>
        <TooltipContent>{feeText}</TooltipContent>
      </Tooltip>
      {user ? (
        <StartConversationDialog
          open={messaging}
          onOpenChange={setMessaging}
          target={{ recipientId: company.userId, recipientName: company.companyName, companyId: company.id }}
        />
      ) : null}
    </>
  );
}
