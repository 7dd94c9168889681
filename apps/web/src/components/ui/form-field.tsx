import { cloneElement, isValidElement, type ReactElement, type ReactNode, useId } from 'react';
import { cn } from '@/lib/cn';
import { Label } from './label';

type FieldControlProps = { id?: string; 'aria-invalid'?: boolean; 'aria-describedby'?: string };

type FormFieldProps = {
  label: string;
  /** The single input, select or textarea; it receives id, aria-invalid and aria-describedby. */
  children: ReactElement<FieldControlProps>;
  error?: string;
  hint?: ReactNode;
  className?: string;
};

/** Label, control, hint and the field's error right below it, wired together for screen readers. */
export function FormField({ label, children, error, hint, className }: FormFieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;
  const control = isValidElement(children)
    ? cloneElement(children, {
        id,
        'aria-invalid': error ? true : undefined,
        'aria-describedby': describedBy,
      })
    : children;
  return (
    <div className={cn('grid content-start gap-2', className)}>
      <Label htmlFor={id}>{label}</Label>
      {control}
      {hint ? (
        <p id={hintId} className="text-[0.8125rem] text-muted-foreground">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="text-[0.8125rem] font-medium text-destructive">
          {error}
        </p>
      ) : null}
    </div>
  );
}
