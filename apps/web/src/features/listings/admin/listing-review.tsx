import { LISTING_MESSAGES, RejectListingBodySchema } from '@app/shared/listings/listings.schemas';
import { Check, ClipboardCheck, ImageOff, MapPin, UserRound, X } from 'lucide-react';
import { useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ChangeList } from '@/components/ui/change-list';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { EmptyState } from '@/components/ui/empty-state';
import { FormField } from '@/components/ui/form-field';
import { Textarea } from '@/components/ui/input';
import { Pagination } from '@/components/ui/pagination';
import { ReasonDialog } from '@/components/ui/reason-dialog';
import { ListSkeleton } from '@/components/ui/skeleton';
import { toast } from '@/components/ui/toast';
import { parseApiError } from '@/lib/api-client';
import { capitalize, formatPricePerUnit, formatQuantity, formatShortDate } from '@/lib/format';
import { useApproveListing } from '../api/approve-listing';
import { type AdminListing, type ReviewStatus, useAdminListings } from '../api/get-admin-listings';
import { useRejectListing } from '../api/reject-listing';

/** One review queue (pending, approved or rejected) with Approve and Reject on each listing. */
export function ListingReview({ status }: { status: ReviewStatus }) {
  const [page, setPage] = useState(1);
  const listings = useAdminListings(status, page);
  const [approving, setApproving] = useState<AdminListing | null>(null);
  const [rejecting, setRejecting] = useState<AdminListing | null>(null);

  if (listings.isPending) {
    return (
      <ListSkeleton
        label="Loading listings"
        labelAsText
        rows={3}
        className="grid gap-4"
        itemClassName="h-44 w-full rounded-card"
      />
    );
  }
  if (listings.isError) {
    return (
      <EmptyState
        title="Failed to load listings. Please try again."
        description={parseApiError(listings.error).message}
        action={<Button onClick={() => void listings.refetch()}>Try Again</Button>}
      />
    );
  }
  if (listings.data.items.length === 0) {
    return (
      <EmptyState
        icon={ClipboardCheck}
        title={status === 'pending' ? 'No listings waiting for review' : `No ${status} listings`}
        description={
          status === 'pending' ? 'New listings show up here until you approve or reject them.' : undefined
        }
      />
    );
  }
  const pageCount = Math.max(1, Math.ceil(listings.data.total / listings.data.pageSize));
  return (
    <>
      <p className="tabular mb-4 text-sm text-muted-foreground">
        {listings.data.total} {status} {listings.data.total === 1 ? 'listing' : 'listings'}
      </p>
      <ul className="grid gap-4">
        {listings.data.items.map((listing) => (
          <li key={listing.id}>
            <ReviewCard listing={listing} onApprove={setApproving} onReject={setRejecting} />
          </li>
        ))}
      </ul>
      <Pagination
        className="mt-6"
        page={page}
        pageCount={pageCount}
        onPageChange={setPage}
        label="Review pages"
      />
      <ApproveDialog listing={approving} onClose={() => setApproving(null)} />
      <RejectDialog listing={rejecting} onClose={() => setRejecting(null)} />
    </>
  );
}

function ReviewCard({
  listing,
  onApprove,
  onReject,
}: {
  listing: AdminListing;
  onApprove: (l: AdminListing) => void;
  onReject: (l: AdminListing) => void;
}) {
  const facts: [string, string][] = [
    ['Type', listing.type.toUpperCase()],
    ['Category', capitalize(listing.category)],
    ['Price', formatPricePerUnit(listing.priceCents, listing.unit)],
    ['Quantity', formatQuantity(listing.quantity, '').trim()],
    ['Unit', capitalize(listing.unit)],
  ];
  return (
    <Card className="grid gap-4 p-5 md:grid-cols-[10rem_1fr_auto]">
      <div className="flex gap-2 md:flex-col">
        {listing.images.length > 0 ? (
          listing.images
            .slice(0, 3)
            .map((image, i) => (
              <img
                key={image.id}
                src={image.thumbnailUrl || image.url}
                alt={i === 0 ? `${listing.title}, cover image` : ''}
                className={i === 0 ? 'aspect-[4/3] w-40 rounded-md object-cover' : 'hidden'}
              />
            ))
        ) : (
          <div className="flex aspect-[4/3] w-40 flex-col items-center justify-center gap-1 rounded-md bg-muted text-sm text-muted-foreground">
            <ImageOff className="size-5" aria-hidden />
            No image
          </div>
        )}
        {listing.images.length > 1 ? (
          <p className="text-xs text-muted-foreground">+{listing.images.length - 1} more images</p>
        ) : null}
      </div>
      <div className="grid min-w-0 content-start gap-2">
        <div className="flex flex-wrap items-center gap-1.5">
          <Badge variant={listing.type === 'sell' ? 'success' : 'info'}>{listing.type.toUpperCase()}</Badge>
          <Badge variant="secondary">{capitalize(listing.category)}</Badge>
          {listing.approvalStatus === 'approved' ? <Badge variant="success">Approved</Badge> : null}
          {listing.approvalStatus === 'rejected' ? <Badge variant="destructive">Rejected</Badge> : null}
          {listing.approvalStatus === 'pending' ? (
            <Badge variant="warning">
              {listing.holdReason
                ? 'Held for review'
                : listing.reviewChanges.length > 0
                  ? 'Edited since approval'
                  : 'Pending review'}
            </Badge>
          ) : null}
        </div>
        <h2 className="text-lg font-semibold leading-snug">{listing.title}</h2>
        <dl className="flex flex-wrap gap-x-6 gap-y-1 text-sm">
          {facts.map(([label, value]) => (
            <div key={label} className="flex gap-1.5">
              <dt className="text-muted-foreground">{label}:</dt>
              <dd className="tabular font-medium">{value}</dd>
            </div>
          ))}
        </dl>
        <p className="line-clamp-4 whitespace-pre-line text-sm text-slate-700">{listing.description}</p>
        {listing.holdReason ? (
          <p className="rounded-md bg-warning-soft p-2 text-sm text-warning-soft-foreground">
            <span className="font-semibold">Held, not public: </span>
            {listing.holdReason}
          </p>
        ) : null}
        <ChangeList title="Changed since approval" changes={listing.reviewChanges} />
        <p className="flex flex-wrap items-center gap-x-4 gap-y-1 text-[0.8125rem] text-muted-foreground">
          <span className="flex items-center gap-1">
            <MapPin className="size-3.5" aria-hidden />
            {listing.location}
          </span>
          <span className="flex items-center gap-1">
            <UserRound className="size-3.5" aria-hidden />
            {listing.seller.fullName}
            {listing.seller.company ? `, ${listing.seller.company}` : ''}
            {listing.ownerEmail ? ` (${listing.ownerEmail})` : ''}
          </span>
          <span>Submitted {formatShortDate(listing.createdAt)}</span>
        </p>
        {listing.adminNotes ? (
          <p className="text-sm">
            <span className="font-medium">
              {listing.approvalStatus === 'rejected' ? 'Reason' : 'Notes'}:{' '}
            </span>
            {listing.adminNotes}
          </p>
        ) : null}
      </div>
      <div className="flex gap-2 md:flex-col">
        {listing.approvalStatus !== 'approved' ? (
          <Button onClick={() => onApprove(listing)} aria-label={`Approve ${listing.title}`}>
            <Check aria-hidden />
            Approve
          </Button>
        ) : null}
        {listing.approvalStatus !== 'rejected' ? (
          <Button
            variant="destructive"
            onClick={() => onReject(listing)}
            aria-label={`Reject ${listing.title}`}
          >
            <X aria-hidden />
            Reject
          </Button>
        ) : null}
      </div>
    </Card>
  );
}

function ApproveDialog({ listing, onClose }: { listing: AdminListing | null; onClose: () => void }) {
  const approve = useApproveListing();
  const [notes, setNotes] = useState('');
  const submit = async () => {
    if (!listing) return;
    try {
      await approve.mutateAsync({ id: listing.id, notes: notes.trim() || undefined });
      toast.success('Listing approved successfully.');
      setNotes('');
      onClose();
    } catch (error) {
      const apiError = parseApiError(error);
      toast.error(apiError.code === 'UNKNOWN' ? 'Failed to approve listing.' : apiError.message);
    }
  };
  return (
    <Dialog open={listing !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Approve listing</DialogTitle>
          <DialogDescription>"{listing?.title}" will be visible on the marketplace.</DialogDescription>
        </DialogHeader>
        <FormField label="Notes (optional)">
          <Textarea value={notes} onChange={(e) => setNotes(e.target.value)} maxLength={1000} />
        </FormField>
        <DialogFooter>
          <Button variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Button onClick={() => void submit()} disabled={approve.isPending}>
            {approve.isPending ? 'Approving...' : 'Approve Listing'}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

const parseRejectionReason = (reason: string) => RejectListingBodySchema.safeParse({ reason }).data?.reason;

function RejectDialog({ listing, onClose }: { listing: AdminListing | null; onClose: () => void }) {
  const reject = useRejectListing();
  const submit = async (reason: string) => {
    if (!listing) return;
    try {
      await reject.mutateAsync({ id: listing.id, reason });
      toast.success('Listing rejected successfully.');
      onClose();
    } catch (err) {
      const apiError = parseApiError(err);
      toast.error(apiError.code === 'UNKNOWN' ? 'Failed to reject listing.' : apiError.message);
    }
  };
  return (
    <ReasonDialog
      open={listing !== null}
      onOpenChange={(open) => !open && onClose()}
      title="Reject listing"
      description={
        <>"{listing?.title}" will be hidden from the marketplace. The owner receives the reason by email.</>
      }
      fieldLabel="Reason for rejection"
      submitLabel="Reject Listing"
      busyLabel="Rejecting..."
      isBusy={reject.isPending}
      requiredMessage={LISTING_MESSAGES.rejectionReasonRequired}
      maxLength={1000}
      parseReason={parseRejectionReason}
      onSubmit={(reason) => void submit(reason)}
    />
  );
}
