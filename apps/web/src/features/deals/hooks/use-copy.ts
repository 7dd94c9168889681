import { DEAL_CONSTANTS } from '@app/shared/deals/deals.schemas';
import { useEffect, useRef, useState } from 'react';
import { toast } from '@/components/ui/toast';

/** Copies text to the clipboard; `copied` names what was copied last and clears after 2 seconds. */
export function useCopy() {
  const [copied, setCopied] = useState<string | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const copy = async (key: string, text: string) => {
    try {
      await navigator.clipboard.writeText(text);
    } catch {
      toast.error('Could not copy', { description: 'Select the text and copy it by hand.' });
      return;
    }
    setCopied(key);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setCopied(null), DEAL_CONSTANTS.copiedResetMs);
  };
  return { copied, copy };
}
