import { BLOG_MESSAGES, type BlogPostSummary } from '@app/shared/blog/blog.schemas';
import { ExternalLink, FilePlus2, Newspaper, Pencil, Trash2 } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { EmptyState } from '@/components/ui/empty-state';
import { Pagination } from '@/components/ui/pagination';
import { ListSkeleton, Skeleton } from '@/components/ui/skeleton';
import { ResponsiveTable, TableActionsHead, TableCell, TableHead, TableRow } from '@/components/ui/table';
import { toast } from '@/components/ui/toast';
import { paths } from '@/config/paths';
import { parseApiError } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { formatShortDate } from '@/lib/format';
import { useDeleteBlogPost } from '../api/delete-blog-post';
import { useAdminBlogPosts } from '../api/get-admin-blog-posts';
import { toastError } from '../utils/toast-message';
import { BlogStatusBadge } from './blog-status-badge';

/** /admin/blog's list: every post in every status with View, Edit and Delete. */
export function AdminBlogPosts() {
  const posts = useAdminBlogPosts();
  const remove = useDeleteBlogPost();
  const [deleting, setDeleting] = useState<BlogPostSummary | null>(null);
  const [page, setPage] = useState(1);

  const errorAt = posts.isError ? posts.errorUpdatedAt : 0;
  useEffect(() => {
    if (errorAt) toastError(BLOG_MESSAGES.fetchPostsFailed, { id: 'admin-blog-error' });
  }, [errorAt]);

  const onDelete = async () => {
    if (!deleting || remove.isPending) return;
    try {
      await remove.mutateAsync(deleting.id);
      toast.success(BLOG_MESSAGES.deleted);
      setDeleting(null);
    } catch (error) {
      const apiError = parseApiError(error);
      toast.error(apiError.code === 'UNKNOWN' ? BLOG_MESSAGES.deleteFailed : apiError.message);
    }
  };

  if (posts.isPending) return <AdminBlogPostsSkeleton />;
  if (posts.isError)
    return (
      <EmptyState
        title={BLOG_MESSAGES.errorTitle}
        description={BLOG_MESSAGES.fetchPostsFailed}
        action={<Button onClick={() => void posts.refetch()}>{BLOG_MESSAGES.tryAgain}</Button>}
      />
    );
  if (posts.data.length === 0)
    return (
      <EmptyState
        icon={Newspaper}
        title="No blog posts yet"
        description="Write the first post: drafts stay private until you publish them."
        action={
          <Button asChild>
            <Link to={paths.adminBlogNew}>
              <FilePlus2 aria-hidden />
              New Post
            </Link>
          </Button>
        }
      />
    );

  const counts = countByStatus(posts.data);
  const pageCount = Math.max(1, Math.ceil(posts.data.length / ADMIN_PAGE_SIZE));
  const current = Math.min(page, pageCount);
  const shown = posts.data.slice((current - 1) * ADMIN_PAGE_SIZE, current * ADMIN_PAGE_SIZE);
  return (
    <>
      <p className="tabular mb-4 text-sm text-muted-foreground">
        {posts.data.length} {posts.data.length === 1 ? 'post' : 'posts'} · {counts.published} published ·{' '}
        {counts.draft} {counts.draft === 1 ? 'draft' : 'drafts'} · {counts.archived} archived
      </p>
      <ResponsiveTable
        items={shown}
        rowKey={(post) => post.id}
        switchAt="md"
        listClassName="grid-cols-1"
        head={
          <>
            <TableHead>Title</TableHead>
            <TableHead>Status</TableHead>
            <TableHead>Category</TableHead>
            <TableHead>Published</TableHead>
            <TableHead className="text-right">Views</TableHead>
            <TableActionsHead />
          </>
        }
        row={(post) => (
          <TableRow>
            <TableCell className="max-w-md">
              <PostTitle post={post} />
            </TableCell>
            <TableCell>
              <BlogStatusBadge status={post.status} />
            </TableCell>
            <TableCell className="whitespace-nowrap text-muted-foreground">
              {post.category?.name ?? '—'}
            </TableCell>
            <TableCell className="whitespace-nowrap text-muted-foreground">
              <PublishedDate post={post} />
            </TableCell>
            <TableCell className="tabular text-right">{post.viewCount.toLocaleString()}</TableCell>
            <TableCell>
              <PostActions post={post} onDelete={setDeleting} className="flex-nowrap justify-end" />
            </TableCell>
          </TableRow>
        )}
        card={(post) => (
          <>
            <Card className="grid min-w-0 grid-cols-1 gap-3 p-4">
              <div className="flex items-start justify-between gap-3">
                <PostTitle post={post} />
                <BlogStatusBadge status={post.status} />
              </div>
              <dl className="grid grid-cols-3 gap-2 text-[0.8125rem]">
                <div>
                  <dt className="text-muted-foreground">Category</dt>
                  <dd className="truncate font-medium">{post.category?.name ?? '—'}</dd>
                </div>
                <div>
                  <dt className="text-muted-foreground">Published</dt>
                  <dd className="font-medium">
                    <PublishedDate post={post} />
                  </dd>
                </div>
                <div>
                  <dt className="text-muted-foreground">Views</dt>
                  <dd className="tabular font-medium">{post.viewCount.toLocaleString()}</dd>
                </div>
              </dl>
              <PostActions post={post} onDelete={setDeleting} className="border-t pt-3" />
            </Card>
          </>
        )}
      />
      <Pagination
        className="mt-6"
        page={current}
        pageCount={pageCount}
        onPageChange={(next) => {
          setPage(next);
          window.scrollTo({ top: 0 });
        }}
        label="Blog post pages"
      />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => {
          if (!open) setDeleting(null);
        }}
        title="Delete blog post"
        description={
          <>
            “{deleting?.title}” will be removed for good, together with its view count. This cannot be undone.
          </>
        }
        confirmLabel="Delete Post"
        busyLabel="Deleting..."
        isBusy={remove.isPending}
        onConfirm={() => void onDelete()}
      />
    </>
  );
}

/** The list arrives whole; it is shown 20 at a time. */
const ADMIN_PAGE_SIZE = 20;

function countByStatus(posts: BlogPostSummary[]) {
  const counts = { draft: 0, published: 0, archived: 0 };
  for (const post of posts) counts[post.status] += 1;
  return counts;
}

function PostTitle({ post }: { post: BlogPostSummary }) {
  return (
    <div className="min-w-0">
      <Link
        to={paths.adminBlogEdit(post.id)}
        className="line-clamp-2 font-semibold text-foreground underline-offset-4 hover:text-primary hover:underline"
      >
        {post.title}
      </Link>
      <p className="truncate text-xs text-muted-foreground">/blog/{post.slug}</p>
    </div>
  );
}

function PublishedDate({ post }: { post: BlogPostSummary }) {
  return post.publishedAt ? (
    <time dateTime={post.publishedAt}>{formatShortDate(post.publishedAt)}</time>
  ) : (
    <span className="text-muted-foreground">Not published</span>
  );
}

function PostActions({
  post,
  onDelete,
  className,
}: {
  post: BlogPostSummary;
  onDelete: (post: BlogPostSummary) => void;
  className?: string;
}) {
  return (
    <div className={cn('flex flex-wrap items-center gap-1', className)}>
      {post.status === 'published' ? (
        <Button asChild variant="ghost" size="sm">
          <Link to={paths.blogPost(post.slug)} aria-label={`View ${post.title}`}>
            <ExternalLink aria-hidden />
            View
          </Link>
        </Button>
      ) : null}
      <Button asChild variant="ghost" size="sm">
        <Link to={paths.adminBlogEdit(post.id)} aria-label={`Edit ${post.title}`}>
          <Pencil aria-hidden />
          Edit
        </Link>
      </Button>
      <Button
        variant="ghost"
        size="sm"
        className="text-destructive hover:bg-destructive-soft hover:text-destructive"
        aria-label={`Delete ${post.title}`}
        onClick={() => onDelete(post)}
      >
        <Trash2 aria-hidden />
        Delete
      </Button>
    </div>
  );
}

function AdminBlogPostsSkeleton() {
  return (
    <ListSkeleton label="Loading blog posts" rows={5} className="grid gap-3" itemClassName="h-14 w-full">
      <Skeleton className="h-4 w-64" />
    </ListSkeleton>
  );
}
