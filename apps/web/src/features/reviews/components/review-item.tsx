import { REVIEW_CRITERIA, REVIEW_CRITERION_LABELS } from '@app/shared/reviews/reputation';
import type { Review } from '@app/shared/reviews/reviews.schemas';
import type { ReactNode } from 'react';
import { StarScore } from '@/components/reputation/reputation-badge';
import { formatDate } from '@/lib/format';

/** One review: who, the score per criterion, the comment and the reviewed trader's reply. */
export function ReviewItem({ review, children }: { review: Review; children?: ReactNode }) {
  const role = review.authorRole === 'buyer' ? 'Buyer' : 'Seller';
  return (
    <article className="grid gap-2" aria-label={`Review by ${review.author.name}`}>
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <StarScore rating={review.average} />
        <span className="text-sm font-medium">
          {review.author.name}
          {review.author.companyName ? ` · ${review.author.companyName}` : null}
        </span>
        <span className="text-xs text-muted-foreground">
          {role}
          {review.dealTitle ? ` of ${review.dealTitle}` : null} · {formatDate(review.publishedAt)}
        </span>
      </div>
      <ul className="flex flex-wrap gap-x-4 gap-y-0.5 text-xs text-muted-foreground">
        {REVIEW_CRITERIA.map((c) => (
          <li key={c}>
            {REVIEW_CRITERION_LABELS[c]}:{' '}
            <span className="tabular font-medium text-foreground">{review.stars[c]}/5</span>
          </li>
        ))}
      </ul>
      {review.comment ? (
        <p className="whitespace-pre-line text-sm leading-relaxed">{review.comment}</p>
      ) : null}
      {review.reply ? (
        <div className="ml-4 border-l-2 pl-3 text-sm">
          <p className="text-xs font-medium text-muted-foreground">
            Reply · {formatDate(review.reply.createdAt)}
          </p>
          <p className="whitespace-pre-line">{review.reply.text}</p>
        </div>
      ) : null}
      {children}
    </article>
  );
}
