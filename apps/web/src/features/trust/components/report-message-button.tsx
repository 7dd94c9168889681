import { Flag } from 'lucide-react';
import { useState } from 'react';
import { ReportDialog } from './report-dialog';

/** "Report" under another trader's message in a conversation. */
export function ReportMessageButton({ messageId, senderName }: { messageId: string; senderName: string }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        onClick={() => setOpen(true)}
        className="inline-flex items-center gap-1 rounded px-1 font-medium text-slate-700 hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring"
        aria-label={`Report this message from ${senderName}`}
      >
        <Flag className="size-3" aria-hidden />
        Report
      </button>
      <ReportDialog
        target={{ targetType: 'message', targetId: messageId, noun: 'message' }}
        open={open}
        onOpenChange={setOpen}
      />
    </>
  );
}
