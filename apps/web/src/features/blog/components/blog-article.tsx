import { BLOG_MESSAGES, type BlogPost } from '@app/shared/blog/blog.schemas';
import { ArrowLeft, ArrowRight, Eye, Tag } from 'lucide-react';
import { Link } from 'react-router';
import { badgeVariants } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ListSkeleton, Skeleton } from '@/components/ui/skeleton';
import { paths } from '@/config/paths';
import { cn } from '@/lib/cn';
import { BlogContent } from './blog-content';
import { BlogPostMeta } from './blog-post-card';
import { ShareButton } from './share-button';

function BackLink() {
  return (
    <Button asChild variant="ghost" size="sm" className="-ml-3">
      <Link to={paths.blog}>
        <ArrowLeft aria-hidden />
        Back to Blog
      </Link>
    </Button>
  );
}

/** /blog/:slug's article: image, category, date, reading time, views, Share, then the text and its tags. */
export function BlogArticle({ post, viewCount }: { post: BlogPost; viewCount: number }) {
  return (
    <article className="container-page max-w-3xl py-8">
      <BackLink />
      {post.featuredImageUrl ? (
        <img
          src={post.featuredImageUrl}
          alt=""
          className="mt-4 aspect-[16/9] w-full rounded-card border bg-muted object-cover"
        />
      ) : null}
      <div className="mt-6 flex flex-wrap items-center justify-between gap-3">
        <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
          {post.category ? (
            <Link
              to={paths.blogCategory(post.category.slug)}
              className={cn(
                badgeVariants({ variant: 'default' }),
                'hover:bg-primary-hover focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring',
              )}
            >
              {post.category.name}
            </Link>
          ) : null}
          <BlogPostMeta post={post}>
            <li className="flex items-center gap-1.5">
              <Eye className="size-3.5" aria-hidden />
              <span className="tabular" data-testid="blog-view-count">
                {viewCount.toLocaleString()}
              </span>{' '}
              {viewCount === 1 ? 'view' : 'views'}
            </li>
          </BlogPostMeta>
        </div>
        <ShareButton title={post.title} text={post.excerpt ?? undefined} />
      </div>
      <header className="mt-6">
        <h1 className="text-3xl font-bold tracking-tight text-balance md:text-4xl">{post.title}</h1>
        {post.excerpt ? (
          <p className="mt-4 text-lg leading-relaxed text-muted-foreground md:text-xl">{post.excerpt}</p>
        ) : null}
      </header>
      <hr className="my-8 border-slate-200" />
      <BlogContent html={post.contentHtml} />
      {post.tags.length > 0 ? (
        <div className="mt-10 flex flex-wrap items-center gap-2 border-t pt-6">
          <Tag className="size-4 text-muted-foreground" aria-hidden />
          <h2 className="sr-only">Tags</h2>
          <ul className="flex flex-wrap gap-2">
            {post.tags.map((tag) => (
              <li key={tag.id}>
                <span className={badgeVariants({ variant: 'secondary' })}>#{tag.name}</span>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      <Card className="mt-10 flex flex-col items-start gap-4 bg-primary-soft p-6 sm:flex-row sm:items-center sm:justify-between">
        <div>
          <h2 className="text-lg font-semibold">Enjoyed this article?</h2>
          <p className="mt-1 text-sm text-slate-700">
            Market insight, recycling know-how and platform news from the Recytrade team.
          </p>
        </div>
        <Button asChild>
          <Link to={paths.blog}>
            {BLOG_MESSAGES.readMore}
            <ArrowRight aria-hidden />
          </Link>
        </Button>
      </Card>
    </article>
  );
}

/** The article's shape while it loads. */
export function BlogArticleSkeleton() {
  return (
    <div className="container-page max-w-3xl py-8" role="status" aria-label="Loading blog post">
      <Skeleton className="h-8 w-32" />
      <Skeleton className="mt-4 aspect-[16/9] w-full rounded-card" />
      <div className="mt-6 flex gap-3">
        <Skeleton className="h-5 w-20 rounded-full" />
        <Skeleton className="h-5 w-48" />
      </div>
      <Skeleton className="mt-6 h-10 w-4/5" />
      <Skeleton className="mt-4 h-6 w-full" />
      <Skeleton className="mt-2 h-6 w-2/3" />
      <ListSkeleton
        label={null}
        rows={8}
        className="mt-10 grid gap-3"
        renderItem={(i) => <Skeleton className={cn('h-4', i % 4 === 3 ? 'w-3/5' : 'w-full')} />}
      />
    </div>
  );
}
