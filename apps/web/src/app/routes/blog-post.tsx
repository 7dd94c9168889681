import { BLOG_MESSAGES } from '@app/shared/blog/blog.schemas';
import { FileWarning } from 'lucide-react';
import { useEffect } from 'react';
import { Navigate, useParams } from 'react-router';
import { DetailLoadError } from '@/components/page/detail-load-error';
import { paths } from '@/config/paths';
import { useBlogPost } from '@/features/blog/api/get-blog-post';
import { BlogArticle, BlogArticleSkeleton } from '@/features/blog/components/blog-article';
import { useRecordView } from '@/features/blog/hooks/use-record-view';
import { toastError } from '@/features/blog/utils/toast-message';
import { parseApiError } from '@/lib/api-client';
import { useDocumentTitle } from '@/lib/use-document-title';

/** /blog/:slug: one published post. Unknown, draft and archived slugs go back to /blog with a toast. */
export function BlogPostPage() {
  const { slug = '' } = useParams();
  const post = useBlogPost(slug);
  const viewCount = useRecordView(slug, post.isSuccess);
  const missing = post.isError && parseApiError(post.error).code === 'NOT_FOUND';
  useDocumentTitle(post.data?.title ?? 'Blog', post.data?.excerpt ?? undefined);

  const errorAt = post.isError ? post.errorUpdatedAt : 0;
  useEffect(() => {
    if (!errorAt) return;
    if (missing)
      toastError(`${BLOG_MESSAGES.postNotFoundTitle}: ${BLOG_MESSAGES.postNotFoundText}`, {
        id: 'blog-post-not-found',
      });
    else toastError(BLOG_MESSAGES.fetchPostFailed, { id: 'blog-post-error' });
  }, [errorAt, missing]);

  if (post.isPending) return <BlogArticleSkeleton />;
  if (missing) return <Navigate to={paths.blog} replace />;
  if (post.isError)
    return (
      <DetailLoadError
        icon={FileWarning}
        missing={false}
        notFoundTitle={BLOG_MESSAGES.postNotFoundTitle}
        notFoundDescription={BLOG_MESSAGES.postNotFoundText}
        failedTitle={BLOG_MESSAGES.errorTitle}
        failedDescription={BLOG_MESSAGES.fetchPostFailed}
        back={{ to: paths.blog, label: BLOG_MESSAGES.readMore }}
        onRetry={() => void post.refetch()}
      />
    );
  return <BlogArticle post={post.data} viewCount={viewCount ?? post.data.viewCount} />;
}
