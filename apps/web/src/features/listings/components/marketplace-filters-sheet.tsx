import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { type MarketplaceFiltersProps, MaterialFields, MoreFilterFields } from './marketplace-filter-fields';

/** A phone's filters, in a sheet rising from the bottom; `active` counts the filters that are on. */
export function FiltersSheet({
  filters,
  onChange,
  active,
  open,
  onOpenChange: setOpen,
}: MarketplaceFiltersProps & { active: number; open: boolean; onOpenChange: (open: boolean) => void }) {
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogContent side="bottom" aria-describedby={undefined}>
        <DialogHeader>
          <DialogTitle>Filters</DialogTitle>
        </DialogHeader>
        <div className="grid grid-cols-2 gap-4">
          <MaterialFields filters={filters} onChange={onChange} labels="visible" />
          <MoreFilterFields filters={filters} onChange={onChange} />
        </div>
        <DialogFooter className="flex-row gap-3 [&>button]:flex-1">
          <Button variant="outline" onClick={() => onChange({ q: filters.q })} disabled={active === 0}>
            Reset
          </Button>
          <Button onClick={() => setOpen(false)}>Show Results</Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
