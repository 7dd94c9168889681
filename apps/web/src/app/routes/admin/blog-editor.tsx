import { BLOG_MESSAGES } from '@app/shared/blog/blog.schemas';
import { ArrowLeft, FileWarning } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { DetailLoadError } from '@/components/page/detail-load-error';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { paths } from '@/config/paths';
import { useAdminBlogPost } from '@/features/blog/api/get-admin-blog-post';
import { BlogPostEditor } from '@/features/blog/components/blog-post-editor';
import { BlogStatusBadge } from '@/features/blog/components/blog-status-badge';
import { isRuleRefusal, parseApiError } from '@/lib/api-client';
import { useDocumentTitle } from '@/lib/use-document-title';

/** /admin/blog/new and /admin/blog/:id/edit: the blog editor on a page of its own (room for the text on phones). */
export function AdminBlogEditorPage() {
  const { id } = useParams();
  const navigate = useNavigate();
  const post = useAdminBlogPost(id);
  const title = id ? 'Edit Post' : 'New Post';
  useDocumentTitle(title);

  let body: ReactNode;
  if (id && post.isPending) body = <EditorSkeleton />;
  else if (id && post.isError)
    return (
      <DetailLoadError
        icon={FileWarning}
        missing={post.isError && isRuleRefusal(parseApiError(post.error))}
        notFoundTitle={BLOG_MESSAGES.postNotFoundTitle}
        notFoundDescription={BLOG_MESSAGES.postNotFoundText}
        failedTitle={BLOG_MESSAGES.fetchPostFailed}
        back={{ to: paths.adminBlog, label: 'Back to Blog Management' }}
        onRetry={() => void post.refetch()}
      />
    );
  else
    body = (
      <BlogPostEditor
        key={post.data?.id ?? 'new'}
        post={post.data}
        onSaved={() => navigate(paths.adminBlog)}
      />
    );

  return (
    <div className="container-page py-8">
      <Button asChild variant="ghost" size="sm" className="-ml-3">
        <Link to={paths.adminBlog}>
          <ArrowLeft aria-hidden />
          Back to Blog Management
        </Link>
      </Button>
      <div className="mt-3 mb-6 flex flex-wrap items-center gap-3">
        <h1 className="text-2xl font-bold tracking-tight md:text-3xl">{title}</h1>
        {post.data ? <BlogStatusBadge status={post.data.status} /> : null}
      </div>
      {body}
    </div>
  );
}

function EditorSkeleton() {
  return (
    <div role="status" aria-label="Loading post" className="grid gap-6 lg:grid-cols-[1fr_20rem]">
      <div className="grid content-start gap-5">
        <Skeleton className="h-16" />
        <Skeleton className="h-16" />
        <Skeleton className="h-24" />
        <Skeleton className="h-72" />
      </div>
      <Skeleton className="h-80" />
    </div>
  );
}
