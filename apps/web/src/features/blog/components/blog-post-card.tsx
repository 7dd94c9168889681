import type { BlogPostSummary } from '@app/shared/blog/blog.schemas';
import { CalendarDays, Clock } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Badge } from '@/components/ui/badge';
import { Card } from '@/components/ui/card';
import { ListSkeleton, Skeleton } from '@/components/ui/skeleton';
import { paths } from '@/config/paths';
import { cn } from '@/lib/cn';
import { formatShortDate } from '@/lib/format';
import { BlogCover } from './blog-cover';

/** "5 min read" */
export const readingTimeLabel = (minutes: number) => `${minutes} min read`;

/** The featured image, or a cover drawn for the post (colour by category, pattern by post) when there is none. */
export function BlogPostImage({
  post,
  className,
  eager = false,
}: {
  post: Pick<BlogPostSummary, 'featuredImageUrl' | 'category' | 'slug'>;
  className?: string;
  eager?: boolean;
}) {
  if (post.featuredImageUrl) {
    return (
      <img
        src={post.featuredImageUrl}
        alt=""
        loading={eager ? 'eager' : 'lazy'}
        className={cn('size-full bg-muted object-cover', className)}
      />
    );
  }
  return <BlogCover post={post} className={className} />;
}

/** One post in the blog grid: image, category, title, excerpt, date and reading time. */
export function BlogPostCard({ post }: { post: BlogPostSummary }) {
  return (
    <Card className="group relative flex h-full flex-col overflow-hidden transition-shadow hover:shadow-lg">
      <div className="aspect-[16/9] overflow-hidden">
        <BlogPostImage post={post} className="transition-transform duration-300 group-hover:scale-[1.02]" />
      </div>
      <div className="flex flex-1 flex-col gap-3 p-5">
        {post.category ? (
          <div>
            <Badge variant="secondary">{post.category.name}</Badge>
          </div>
        ) : null}
        <h2 className="line-clamp-2 text-lg font-semibold leading-snug tracking-tight">
          {/* The whole card is the link's target area; the heading carries the accessible name. */}
          <Link
            to={paths.blogPost(post.slug)}
            className="after:absolute after:inset-0 hover:text-primary focus-visible:outline-none focus-visible:after:rounded-card focus-visible:after:outline-2 focus-visible:after:outline-ring"
          >
            {post.title}
          </Link>
        </h2>
        {post.excerpt ? (
          <p className="line-clamp-3 text-sm leading-relaxed text-muted-foreground">{post.excerpt}</p>
        ) : null}
        <BlogPostMeta post={post} className="mt-auto pt-2" />
      </div>
    </Card>
  );
}

/** Date and reading time, on cards and above the article. */
export function BlogPostMeta({
  post,
  className,
  children,
}: {
  post: Pick<BlogPostSummary, 'publishedAt' | 'readingTime'>;
  className?: string;
  children?: ReactNode;
}) {
  return (
    <ul
      className={cn(
        'flex flex-wrap items-center gap-x-4 gap-y-1 text-[0.8125rem] text-muted-foreground',
        className,
      )}
    >
      {post.publishedAt ? (
        <li className="flex items-center gap-1.5">
          <CalendarDays className="size-3.5" aria-hidden />
          <span className="sr-only">Published </span>
          <time dateTime={post.publishedAt}>{formatShortDate(post.publishedAt)}</time>
        </li>
      ) : null}
      <li className="flex items-center gap-1.5">
        <Clock className="size-3.5" aria-hidden />
        {readingTimeLabel(post.readingTime)}
      </li>
      {children}
    </ul>
  );
}

/** The 1, 2 or 3 column grid the cards (and the ad rows between them) sit in. */
export function BlogGrid({ children, label }: { children: ReactNode; label?: string }) {
  return (
    <ul aria-label={label} className="grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-3">
      {children}
    </ul>
  );
}

/** Six placeholder cards while the list loads. */
export function BlogGridSkeleton() {
  return (
    <ListSkeleton
      label="Loading blog posts"
      rows={6}
      className="grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-3"
      renderItem={() => (
        <Card className="overflow-hidden">
          <Skeleton className="aspect-[16/9] rounded-none" />
          <div className="grid gap-3 p-5">
            <Skeleton className="h-5 w-20 rounded-full" />
            <Skeleton className="h-5 w-4/5" />
            <Skeleton className="h-4 w-full" />
            <Skeleton className="h-4 w-2/3" />
            <Skeleton className="mt-2 h-3.5 w-1/2" />
          </div>
        </Card>
      )}
    />
  );
}
