import { useEffect, useRef, useState } from 'react';
import { toast } from '@/components/ui/toast';

const COPIED_RESET_MS = 2000;

/** Copies text to the clipboard; `copied` stays true for two seconds so the button can show a tick. */
export function useCopyToClipboard() {
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const copy = async (text: string, successMessage: string) => {
    try {
      await navigator.clipboard.writeText(text);
    } catch {
      toast.error('Could not copy', { description: 'Select the text and copy it by hand.' });
      return false;
    }
    toast.success(successMessage);
    setCopied(true);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setCopied(false), COPIED_RESET_MS);
    return true;
  };
  return { copied, copy };
}
