import { Check, Copy } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';
import { useCopyToClipboard } from '../hooks/use-copy-to-clipboard';

type CodeSnippetProps = {
  code: string;
  /** Shown above the code and names the copy button ("Token request", "Copy token request"). */
  label: string;
  className?: string;
};

/** A dark code sample under a title bar with a Copy button; long lines scroll sideways. */
export function CodeSnippet({ code, label, className }: CodeSnippetProps) {
  const { copied, copy } = useCopyToClipboard();
  return (
    <div className={cn('min-w-0 overflow-hidden rounded-card bg-slate-900', className)}>
      <div className="flex items-center justify-between gap-2 border-b border-slate-700 py-1 pr-1 pl-4">
        <span className="text-xs font-medium text-slate-300">{label}</span>
        <Button
          variant="ghost"
          size="sm"
          className="h-8 text-slate-200 hover:bg-slate-700 hover:text-white"
          aria-label={copied ? `${label} copied` : `Copy ${label.toLowerCase()}`}
          onClick={() => void copy(code, 'Copied to clipboard')}
        >
          {copied ? <Check aria-hidden /> : <Copy aria-hidden />}
          {copied ? 'Copied' : 'Copy'}
        </Button>
      </div>
      <pre
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable code sample must be reachable by keyboard
        tabIndex={0}
        className="overflow-x-auto p-4 text-[0.8125rem] leading-relaxed text-slate-100 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-ring"
      >
        <code>{code}</code>
      </pre>
    </div>
  );
}
