import { LayoutGrid, List } from 'lucide-react';
import { Button } from '@/components/ui/button';
import type { ListingView } from '../hooks/use-listing-view';

const VIEWS = [
  { view: 'grid', label: 'Grid', icon: LayoutGrid },
  { view: 'list', label: 'List', icon: List },
] as const;

/** Cards or compact rows: two pressed/unpressed buttons. */
export function ListingViewToggle({
  view,
  onChange,
}: {
  view: ListingView;
  onChange: (view: ListingView) => void;
}) {
  return (
    // biome-ignore lint/a11y/useSemanticElements: a group of toggle buttons, not a form fieldset
    <div role="group" aria-label="View" className="inline-flex shrink-0 rounded-md border bg-card p-0.5">
      {VIEWS.map(({ view: option, label, icon: Icon }) => (
        <Button
          key={option}
          size="sm"
          variant={view === option ? 'secondary' : 'ghost'}
          aria-pressed={view === option}
          aria-label={`${label} view`}
          className="h-7 px-2.5"
          onClick={() => onChange(option)}
        >
          <Icon aria-hidden />
          <span className="hidden sm:inline">{label}</span>
        </Button>
      ))}
    </div>
  );
}
