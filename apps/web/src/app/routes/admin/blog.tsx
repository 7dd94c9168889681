import { FilePlus2 } from 'lucide-react';
import { Link } from 'react-router';
import { PageHeader } from '@/components/page/page-header';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { AdminBlogPosts } from '@/features/blog/components/admin-blog-posts';
import { useDocumentTitle } from '@/lib/use-document-title';

/** /admin/blog (behind the admin gate): every post in every status, with create, edit and delete. */
export function AdminBlogPage() {
  useDocumentTitle('Blog Management');
  return (
    <>
      <PageHeader
        eyebrow="Admin"
        title="Blog Management"
        description={<p>Write, publish and archive the posts of the Recytrade blog. Drafts stay private.</p>}
      >
        <Button asChild>
          <Link to={paths.adminBlogNew}>
            <FilePlus2 aria-hidden />
            New Post
          </Link>
        </Button>
      </PageHeader>
      <div className="container-page py-8">
        <AdminBlogPosts />
      </div>
    </>
  );
}
