import { REVIEW_RULES } from '@app/shared/reviews/reputation';
import { REVIEW_MESSAGES } from '@app/shared/reviews/review-messages';
import type { Review } from '@app/shared/reviews/reviews.schemas';
import { MessageSquareText } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { FormField } from '@/components/ui/form-field';
import { Textarea } from '@/components/ui/input';
import { Pagination } from '@/components/ui/pagination';
import { ListSkeleton } from '@/components/ui/skeleton';
import { toast } from '@/components/ui/toast';
import { parseApiError } from '@/lib/api-client';
import { useAuth } from '@/lib/auth-client';
import { useCompanyReviews } from '../api/get-company-reviews';
import { useReplyToReview } from '../api/reply-to-review';
import { useLiveReviews } from '../hooks/use-live-reviews';
import { ReviewItem } from './review-item';

/** The company page's reviews: published ones, newest first, 10 a page, with the owner's replies. */
export function CompanyReviews({ companyId, ownerId }: { companyId: string; ownerId: string }) {
  const [page, setPage] = useState(1);
  const reviews = useCompanyReviews(companyId, page);
  useLiveReviews({ companyId });
  const { user } = useAuth();
  const isOwner = user?.id === ownerId;
  const pageCount = reviews.data ? Math.max(1, Math.ceil(reviews.data.total / reviews.data.pageSize)) : 1;
  return (
    <section aria-labelledby="reviews-title" className="grid gap-4">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="reviews-title" className="text-xl font-semibold">
          Reviews
        </h2>
        {reviews.data && reviews.data.total > 0 ? (
          <p className="tabular text-sm text-muted-foreground">
            {reviews.data.total} {reviews.data.total === 1 ? 'review' : 'reviews'}
          </p>
        ) : null}
      </div>
      {reviews.isPending ? (
        <ListSkeleton label="Loading reviews" rows={2} />
      ) : reviews.isError ? (
        <EmptyState
          title={REVIEW_MESSAGES.loadFailed}
          description={parseApiError(reviews.error).message}
          headingLevel={3}
          action={<Button onClick={() => void reviews.refetch()}>Try Again</Button>}
        />
      ) : reviews.data.items.length === 0 ? (
        <EmptyState
          icon={MessageSquareText}
          title="No reviews yet"
          description="Reviews appear here once both traders of a completed deal have reviewed each other, or 14 days after the deal."
          headingLevel={3}
        />
      ) : (
        <>
          <ul className="grid gap-5 divide-y">
            {reviews.data.items.map((review) => (
              <li key={review.id} className="pt-5 first:pt-0">
                <ReviewItem review={review}>
                  {isOwner && !review.reply ? <ReplyForm review={review} /> : null}
                </ReviewItem>
              </li>
            ))}
          </ul>
          <Pagination
            page={page}
            pageCount={pageCount}
            onPageChange={setPage}
            label="Reviews pages"
            maxNumbers={5}
          />
        </>
      )}
    </section>
  );
}

function ReplyForm({ review }: { review: Review }) {
  const reply = useReplyToReview();
  const [open, setOpen] = useState(false);
  const [text, setText] = useState('');
  const [error, setError] = useState<string>();
  if (!open)
    return (
      <div>
        <Button size="sm" variant="outline" onClick={() => setOpen(true)}>
          Reply
        </Button>
      </div>
    );
  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (reply.isPending) return;
    if (!text.trim()) return setError(REVIEW_MESSAGES.replyRequired);
    if (text.length > REVIEW_RULES.replyMax) return setError(REVIEW_MESSAGES.replyTooLong);
    setError(undefined);
    try {
      await reply.mutateAsync({ reviewId: review.id, text });
      toast.success(REVIEW_MESSAGES.replied);
    } catch (err) {
      toast.error(parseApiError(err).message);
    }
  };
  return (
    <form onSubmit={onSubmit} className="grid gap-2" noValidate>
      <FormField
        label={`Your public reply to ${review.author.name}`}
        error={error}
        hint="One reply per review; it cannot be edited."
      >
        <Textarea value={text} onChange={(e) => setText(e.target.value)} rows={2} />
      </FormField>
      <div className="flex gap-2">
        <Button type="submit" size="sm" disabled={reply.isPending}>
          {reply.isPending ? 'Posting...' : 'Post Reply'}
        </Button>
        <Button type="button" size="sm" variant="ghost" onClick={() => setOpen(false)}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
