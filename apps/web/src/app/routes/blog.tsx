import { PageHeader } from '@/components/page/page-header';
import { AdSlot } from '@/features/ads/components/ad-slot';
import { type BlogAdPosition, BlogList } from '@/features/blog/components/blog-list';
import { useDocumentTitle } from '@/lib/use-document-title';

const DESCRIPTION =
  'Market insight, recycling know-how and platform news for recyclers, processors and commodity traders.';

/** Header and footer promote Premium; the slots between rows alternate with escrow. */
function renderAd(position: BlogAdPosition) {
  if (position.at === 'inline')
    return (
      <AdSlot placement="blog-inline" promotion={(position.after / 6) % 2 === 1 ? 'escrow' : 'premium'} />
    );
  return <AdSlot placement={position.at === 'header' ? 'blog-header' : 'blog-footer'} promotion="premium" />;
}

/** /blog: published posts, newest first, with search, category filter and the numbered pager. */
export function BlogPage() {
  useDocumentTitle('Blog', DESCRIPTION);
  return (
    <>
      <PageHeader
        eyebrow="Recytrade Blog"
        title="Insights for the Recycling Trade"
        description={<p>{DESCRIPTION}</p>}
      />
      <div className="container-page py-8 md:py-10">
        <BlogList renderAd={renderAd} />
      </div>
    </>
  );
}
