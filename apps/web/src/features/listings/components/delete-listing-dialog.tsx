import type { OwnListing } from '@app/shared/listings/listings.schemas';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { parseApiError } from '@/lib/api-client';
import { useDeleteListing } from '../api/delete-listing';

/** The spec's confirmation before a listing is deleted for good. */
export function DeleteListingDialog({
  listing,
  onOpenChange,
}: {
  listing: OwnListing | null;
  onOpenChange: (open: boolean) => void;
}) {
  const remove = useDeleteListing();
  const confirm = async () => {
    if (!listing) return;
    try {
      await remove.mutateAsync(listing.id);
      toast.success('Listing deleted successfully!');
      onOpenChange(false);
    } catch (error) {
      const apiError = parseApiError(error);
      toast.error('Failed to delete listing', {
        description:
          apiError.code === 'UNKNOWN' || apiError.code === 'INTERNAL'
            ? 'An unexpected error occurred while deleting the listing'
            : apiError.message,
      });
    }
  };
  return (
    <Dialog open={listing !== null} onOpenChange={onOpenChange}>
      <DialogContent role="alertdialog">
        <DialogHeader>
          <DialogTitle>Delete listing</DialogTitle>
          <DialogDescription>
            Are you sure you want to delete "{listing?.title}"? This action cannot be undone.
          </DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button variant="destructive" onClick={() => void confirm()} disabled={remove.isPending}>
            {remove.isPending ? 'Deleting...' : 'Delete'}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
