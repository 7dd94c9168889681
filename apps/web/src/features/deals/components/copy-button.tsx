import { Check, Copy } from 'lucide-react';
import { Button } from '@/components/ui/button';

type CopyButtonProps = {
  /** What is copied, for the accessible name: "Copy reference number". */
  label: string;
  copied: boolean;
  onCopy: () => void;
};

/** A small icon button that copies a value and shows a check for 2 seconds. */
export function CopyButton({ label, copied, onCopy }: CopyButtonProps) {
  return (
    <Button
      variant="outline"
      size="sm"
      className="size-8 px-0"
      aria-label={copied ? `${label}: copied` : label}
      title={copied ? 'Copied' : label}
      onClick={onCopy}
    >
      {copied ? <Check aria-hidden className="text-success" /> : <Copy aria-hidden />}
    </Button>
  );
}

/** A labelled value with its copy button: reference numbers, account numbers, amounts. */
export function CopyRow({
  label,
  value,
  copied,
  onCopy,
  mono = false,
}: {
  label: string;
  value: string;
  copied: boolean;
  onCopy: () => void;
  mono?: boolean;
}) {
  return (
    <div className="py-2">
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className="flex items-center justify-between gap-3">
        <span
          className={mono ? 'font-mono text-sm font-semibold break-all' : 'tabular text-sm font-semibold'}
        >
          {value}
        </span>
        <CopyButton label={`Copy ${label.toLowerCase()}`} copied={copied} onCopy={onCopy} />
      </dd>
    </div>
  );
}
