import type { OwnListing } from '@app/shared/listings/listings.schemas';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { toast } from '@/components/ui/toast';
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
    <ConfirmDialog
      open={listing !== null}
      onOpenChange={onOpenChange}
      title="Delete listing"
      description={<>Are you sure you want to delete "{listing?.title}"? This action cannot be undone.</>}
      confirmLabel="Delete"
      busyLabel="Deleting..."
      isBusy={remove.isPending}
      onConfirm={() => void confirm()}
    />
  );
}
