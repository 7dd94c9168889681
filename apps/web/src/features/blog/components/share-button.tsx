import { BLOG_MESSAGES } from '@app/shared/blog/blog.schemas';
import { Share2 } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/toast';

/** Share: the device's share sheet where there is one, otherwise the link goes to the clipboard. */
export function ShareButton({ title, text }: { title: string; text?: string }) {
  const share = async () => {
    const url = window.location.href;
    if (typeof navigator.share === 'function') {
      try {
        await navigator.share({ title, text, url });
      } catch {
        // Closing the share sheet rejects; nothing to report.
      }
      return;
    }
    try {
      await navigator.clipboard.writeText(url);
      toast.success(BLOG_MESSAGES.linkCopiedTitle, { description: BLOG_MESSAGES.linkCopiedText });
    } catch {
      toast.error('Could not copy the link', { description: url });
    }
  };
  return (
    <Button variant="outline" size="sm" onClick={() => void share()}>
      <Share2 aria-hidden />
      Share
    </Button>
  );
}
