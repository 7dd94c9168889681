import { REVIEW_CRITERIA, REVIEW_CRITERION_LABELS, REVIEW_RULES } from '@app/shared/reviews/reputation';
import { REVIEW_MESSAGES } from '@app/shared/reviews/review-messages';
import type { ReviewBody } from '@app/shared/reviews/reviews.schemas';
import { MessageSquareText } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Textarea } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/components/ui/toast';
import { parseApiError } from '@/lib/api-client';
import type { DealReviewPanelProps } from '@/lib/feature-slots';
import { formatDate } from '@/lib/format';
import { useDealReviews } from '../api/get-deal-reviews';
import { useSubmitReview } from '../api/submit-review';
import { useLiveReviews } from '../hooks/use-live-reviews';
import { ReviewItem } from './review-item';
import { StarRatingInput } from './star-rating-input';

type Stars = Record<(typeof REVIEW_CRITERIA)[number], number | null>;
const NO_STARS: Stars = { asAgreed: null, communication: null, timeliness: null };

/**
 * The reviews of a deal on its card, once it concluded: the form while the viewer may review, then
 * their own review and, once published, the other party's. Double-blind: the server never sends the
 * other review before both are written or the window ends.
 */
export function DealReviewPanel({ dealId, counterpartyName }: DealReviewPanelProps) {
  const reviews = useDealReviews(dealId);
  useLiveReviews({ dealId });
  if (reviews.isPending) return <Skeleton className="h-24 w-full" />;
  if (reviews.isError || reviews.data.state === 'pending') return null;
  const r = reviews.data;
  const titleId = `deal-${dealId}-reviews`;
  return (
    <section aria-labelledby={titleId} className="grid gap-4 rounded-lg border bg-surface p-4">
      <h3 id={titleId} className="flex items-center gap-2 font-semibold">
        <MessageSquareText className="size-4" aria-hidden />
        Reviews
      </h3>
      {r.canReview ? (
        <ReviewForm
          dealId={dealId}
          counterpartyName={counterpartyName}
          windowEndsAt={r.windowEndsAt}
          theirsWritten={r.theirsWritten}
        />
      ) : null}
      {r.mine ? (
        <div className="grid gap-2">
          <p className="text-sm font-medium">Your review</p>
          <ReviewItem review={r.mine} />
          {r.mine.hiddenReason ? (
            <p className="text-sm text-destructive">
              {REVIEW_MESSAGES.reviewHidden} Reason: {r.mine.hiddenReason}
            </p>
          ) : !r.mine.published ? (
            <p className="text-sm text-muted-foreground">
              Published when {counterpartyName} reviews you, or on {formatDate(r.mine.publishedAt)}.
            </p>
          ) : null}
        </div>
      ) : null}
      {r.theirs ? (
        <div className="grid gap-2">
          <p className="text-sm font-medium">{counterpartyName}'s review of you</p>
          <ReviewItem review={r.theirs} />
        </div>
      ) : null}
      {!r.canReview && !r.mine ? (
        <p className="text-sm text-muted-foreground">The review window of this deal has closed.</p>
      ) : null}
    </section>
  );
}

function ReviewForm({
  dealId,
  counterpartyName,
  windowEndsAt,
  theirsWritten,
}: {
  dealId: string;
  counterpartyName: string;
  windowEndsAt: string | null;
  theirsWritten: boolean;
}) {
  const submit = useSubmitReview(dealId);
  const [stars, setStars] = useState<Stars>(NO_STARS);
  const [comment, setComment] = useState('');
  const [errors, setErrors] = useState<Partial<Record<keyof Stars | 'comment', string>>>({});

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (submit.isPending) return;
    const found: typeof errors = {};
    for (const c of REVIEW_CRITERIA) if (stars[c] === null) found[c] = 'Please choose 1 to 5 stars.';
    if (comment.length > REVIEW_RULES.commentMax) found.comment = REVIEW_MESSAGES.commentTooLong;
    setErrors(found);
    if (Object.keys(found).length > 0) {
      toast.error('Please fix the highlighted fields.');
      return;
    }
    const body: ReviewBody = {
      stars: {
        asAgreed: stars.asAgreed ?? 0,
        communication: stars.communication ?? 0,
        timeliness: stars.timeliness ?? 0,
      },
      ...(comment.trim() ? { comment } : {}),
    };
    try {
      const result = await submit.mutateAsync(body);
      toast.success(result.mine?.published ? REVIEW_MESSAGES.submittedPublished : REVIEW_MESSAGES.submitted);
    } catch (error) {
      toast.error(parseApiError(error).message);
    }
  };

  return (
    <form onSubmit={onSubmit} className="grid gap-4" noValidate aria-label={`Review ${counterpartyName}`}>
      <p className="text-sm text-muted-foreground">
        How was trading with {counterpartyName}?{' '}
        {theirsWritten
          ? `${counterpartyName} has reviewed you: both reviews are published when you submit yours.`
          : 'Neither of you can read the other review until both are written.'}
        {windowEndsAt ? ` You can review until ${formatDate(windowEndsAt)}.` : null}
      </p>
      <div className="grid gap-3 sm:grid-cols-3">
        {REVIEW_CRITERIA.map((c) => (
          <StarRatingInput
            key={c}
            legend={REVIEW_CRITERION_LABELS[c]}
            value={stars[c]}
            onChange={(value) => setStars((s) => ({ ...s, [c]: value }))}
            error={errors[c]}
          />
        ))}
      </div>
      <FormField
        label="Comment (optional)"
        error={errors.comment}
        hint={`${comment.length} / ${REVIEW_RULES.commentMax} characters. Plain text; describe the trade.`}
      >
        <Textarea
          value={comment}
          onChange={(e) => setComment(e.target.value)}
          rows={3}
          maxLength={REVIEW_RULES.commentMax + 100}
        />
      </FormField>
      <div>
        <Button type="submit" disabled={submit.isPending}>
          {submit.isPending ? 'Submitting...' : 'Submit Review'}
        </Button>
      </div>
    </form>
  );
}
