import { lazyDialog } from '@/components/ui/lazy-dialog';

/** The Create/Edit Listing form (images, pricing, featuring), fetched when it first opens. */
export const ListingEditorDialog = lazyDialog(
  () => import('./listing-form-dialog').then((m) => m.ListingFormDialog),
  (props) => props.open,
);
