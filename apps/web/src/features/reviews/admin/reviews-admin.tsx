import { REVIEW_RULES } from '@app/shared/reviews/reputation';
import { REVIEW_MESSAGES } from '@app/shared/reviews/review-messages';
import type { AdminReview } from '@app/shared/reviews/reviews.schemas';
import { Eye, EyeOff, MessageSquareText } from 'lucide-react';
import { useState } from 'react';
import { StarScore } from '@/components/reputation/reputation-badge';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { EmptyState } from '@/components/ui/empty-state';
import { Pagination } from '@/components/ui/pagination';
import { ReasonDialog } from '@/components/ui/reason-dialog';
import { ListSkeleton } from '@/components/ui/skeleton';
import { ResponsiveTable, TableActionsHead, TableCell, TableHead, TableRow } from '@/components/ui/table';
import { toast } from '@/components/ui/toast';
import { parseApiError } from '@/lib/api-client';
import { formatShortDate } from '@/lib/format';
import { useAdminReviews, useHideReview, useRestoreReview } from '../api/admin-reviews';

function StateBadge({ review }: { review: AdminReview }) {
  if (review.hiddenAt) return <Badge variant="destructive">Hidden</Badge>;
  return review.published ? (
    <Badge variant="success">Published</Badge>
  ) : (
    <Badge variant="warning">Waiting</Badge>
  );
}

function Who({ review }: { review: AdminReview }) {
  return (
    <div className="grid gap-0.5 text-sm">
      <span className="font-medium">
        {review.author.name} <span className="text-muted-foreground">({review.authorRole})</span>
      </span>
      <span className="text-xs text-muted-foreground">
        {review.authorEmail} → {review.subjectName}
      </span>
    </div>
  );
}

function Text({ review }: { review: AdminReview }) {
  return (
    <div className="grid max-w-md gap-1 text-sm">
      <StarScore rating={review.average} />
      {review.dealTitle ? <span className="text-xs text-muted-foreground">{review.dealTitle}</span> : null}
      <p className="whitespace-pre-line break-words">{review.comment ?? 'No comment.'}</p>
      {review.hiddenReason ? (
        <p className="text-xs text-destructive">
          Hidden by {review.hiddenByAdminEmail}: {review.hiddenReason}
        </p>
      ) : null}
    </div>
  );
}

/**
 * /admin/reviews: recent reviews, newest first, with Hide (a reason is required; the author is emailed)
 * and Restore for a review hidden by mistake.
 */
export function ReviewsAdmin() {
  const [page, setPage] = useState(1);
  const reviews = useAdminReviews(page);
  const hide = useHideReview();
  const [hiding, setHiding] = useState<AdminReview | null>(null);
  const restore = useRestoreReview();
  const [restoring, setRestoring] = useState<AdminReview | null>(null);

  if (reviews.isPending) return <ListSkeleton label="Loading reviews" rows={5} itemClassName="h-16 w-full" />;
  if (reviews.isError)
    return (
      <EmptyState
        title={REVIEW_MESSAGES.loadFailed}
        description={parseApiError(reviews.error).message}
        action={<Button onClick={() => void reviews.refetch()}>Try Again</Button>}
      />
    );
  if (reviews.data.items.length === 0)
    return (
      <EmptyState
        icon={MessageSquareText}
        title="No reviews yet"
        description="Reviews appear here as soon as traders review a completed deal."
      />
    );

  /** Says how a hide or restore ended; the dialog closes only when it went through. */
  const settle = async (work: Promise<unknown>, done: string, close: () => void) => {
    try {
      await work;
      toast.success(done);
      close();
    } catch (error) {
      toast.error(parseApiError(error).message);
    }
  };
  const onHide = (reason: string) => {
    if (!hiding || hide.isPending) return;
    void settle(hide.mutateAsync({ reviewId: hiding.id, reason }), REVIEW_MESSAGES.hidden, () =>
      setHiding(null),
    );
  };
  const onRestore = () => {
    if (!restoring || restore.isPending) return;
    void settle(restore.mutateAsync(restoring.id), REVIEW_MESSAGES.restored, () => setRestoring(null));
  };
  const actionButton = (review: AdminReview) => {
    const [label, Icon, open] = review.hiddenAt
      ? (['Restore', Eye, setRestoring] as const)
      : (['Hide', EyeOff, setHiding] as const);
    return (
      <Button
        size="sm"
        variant="outline"
        onClick={() => open(review)}
        aria-label={`${label} the review by ${review.author.name}`}
      >
        <Icon aria-hidden />
        {label}
      </Button>
    );
  };
  const { items, total, pageSize } = reviews.data;
  return (
    <>
      <p className="tabular mb-4 text-sm text-muted-foreground">
        {total} {total === 1 ? 'review' : 'reviews'}
      </p>
      <ResponsiveTable
        items={items}
        rowKey={(review) => review.id}
        listLabel="Reviews"
        head={
          <>
            <TableHead>Author → reviewed</TableHead>
            <TableHead>Review</TableHead>
            <TableHead>Written</TableHead>
            <TableHead>State</TableHead>
            <TableActionsHead />
          </>
        }
        row={(review) => (
          <TableRow>
            <TableCell>
              <Who review={review} />
            </TableCell>
            <TableCell>
              <Text review={review} />
            </TableCell>
            <TableCell className="tabular whitespace-nowrap">{formatShortDate(review.createdAt)}</TableCell>
            <TableCell>
              <StateBadge review={review} />
            </TableCell>
            <TableCell className="text-right">{actionButton(review)}</TableCell>
          </TableRow>
        )}
        card={(review) => (
          <Card className="grid gap-3 p-4">
            <div className="flex items-start justify-between gap-2">
              <Who review={review} />
              <StateBadge review={review} />
            </div>
            <Text review={review} />
            <div className="flex items-center justify-between gap-2">
              <span className="tabular text-xs text-muted-foreground">
                {formatShortDate(review.createdAt)}
              </span>
              {actionButton(review)}
            </div>
          </Card>
        )}
      />
      <Pagination
        className="mt-6"
        page={page}
        pageCount={Math.max(1, Math.ceil(total / pageSize))}
        onPageChange={setPage}
        label="Review pages"
      />
      <ReasonDialog
        open={hiding !== null}
        onOpenChange={(open) => (open ? null : setHiding(null))}
        title="Hide this review?"
        description="The review disappears from the company page and the ratings. Its author is emailed the reason."
        fieldLabel="Reason"
        submitLabel="Hide Review"
        busyLabel="Hiding..."
        isBusy={hide.isPending}
        requiredMessage={REVIEW_MESSAGES.hideReasonRequired}
        maxLength={REVIEW_RULES.hideReasonMax}
        onSubmit={onHide}
      />
      <ConfirmDialog
        open={restoring !== null}
        onOpenChange={(open) => (open ? null : setRestoring(null))}
        title="Restore this review?"
        description="The review shows again on the company page and counts in the ratings. Its author is emailed."
        confirmLabel="Restore Review"
        busyLabel="Restoring..."
        isBusy={restore.isPending}
        destructive={false}
        onConfirm={onRestore}
      />
    </>
  );
}
