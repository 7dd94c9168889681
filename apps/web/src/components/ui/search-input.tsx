import { Search } from 'lucide-react';
import type { ComponentProps } from 'react';
import { Input } from './input';
import { Label } from './label';

/** A search box with its magnifier icon and a label for screen readers. */
export function SearchInput({
  id,
  label,
  ...props
}: ComponentProps<typeof Input> & { id: string; label: string }) {
  return (
    <div className="relative">
      <Label htmlFor={id} className="sr-only">
        {label}
      </Label>
      <Search
        className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
        aria-hidden
      />
      <Input id={id} type="search" className="pl-9" {...props} />
    </div>
  );
}
