import { adSlotAfter, BLOG_LIMITS, BLOG_MESSAGES } from '@app/shared/blog/blog.schemas';
import { AlertTriangle, Search, SearchX, X } from 'lucide-react';
import { Fragment, type ReactNode, useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { Label } from '@/components/ui/label';
import { SearchInput } from '@/components/ui/search-input';
import { Select } from '@/components/ui/select';
import { paths } from '@/config/paths';
import { cn } from '@/lib/cn';
import { useBlogCategories } from '../api/get-blog-categories';
import { type BlogFilters, useBlogPosts } from '../api/get-blog-posts';
import { toastError } from '../utils/toast-message';
import { BlogPager } from './blog-pager';
import { BlogGrid, BlogGridSkeleton, BlogPostCard } from './blog-post-card';

/** Where an ad goes: above the list, between rows of posts (after post number `after`), below the pager. */
export type BlogAdPosition = { at: 'header' } | { at: 'inline'; after: number } | { at: 'footer' };

/** ?page=, ?category= and ?q= as the list's filters; anything malformed falls back to the default. */
export function blogFiltersFromSearchParams(params: URLSearchParams): BlogFilters {
  const page = Number.parseInt(params.get('page') ?? '', 10);
  const category = params.get('category')?.trim() || undefined;
  const q = params.get('q')?.trim().slice(0, BLOG_LIMITS.searchMax) || undefined;
  return { page: Number.isFinite(page) && page >= 1 ? page : 1, category, q };
}

function searchFor(filters: BlogFilters) {
  const query = new URLSearchParams();
  if (filters.category) query.set('category', filters.category);
  if (filters.q) query.set('q', filters.q);
  if (filters.page > 1) query.set('page', String(filters.page));
  const qs = query.toString();
  return qs ? `?${qs}` : '';
}

/** The failure the list shows and toasts depends on what the reader was doing. */
function failureCopy(filters: BlogFilters) {
  if (filters.q) return { text: BLOG_MESSAGES.searchFailed, toast: BLOG_MESSAGES.searchErrorToast };
  if (filters.page > 1) return { text: BLOG_MESSAGES.pageLoadFailed, toast: BLOG_MESSAGES.pageLoadFailed };
  if (filters.category) return { text: BLOG_MESSAGES.categoryFailed, toast: BLOG_MESSAGES.loadContentToast };
  return { text: BLOG_MESSAGES.loadFailed, toast: BLOG_MESSAGES.loadContentToast };
}

/**
 * /blog's body: search, category and Clear, the active filters as badges, the card grid with an ad
 * after every sixth post, the pager, and the loading, empty and error states. The ads come from the
 * route, which owns the ad feature.
 */
export function BlogList({ renderAd }: { renderAd: (position: BlogAdPosition) => ReactNode }) {
  const [params, setParams] = useSearchParams();
  const filters = useMemo(() => blogFiltersFromSearchParams(params), [params]);
  const posts = useBlogPosts(filters);
  const categories = useBlogCategories();
  const [search, setSearch] = useState(filters.q ?? '');
  const filtered = Boolean(filters.category || filters.q);

  // The box follows the address bar (Clear, the back button, a badge's remove button).
  useEffect(() => setSearch(filters.q ?? ''), [filters.q]);

  const apply = (next: BlogFilters) => {
    setParams(new URLSearchParams(searchFor(next)));
  };
  const clear = () => apply({ page: 1 });

  const failure = failureCopy(filters);
  const errorAt = posts.isError ? posts.errorUpdatedAt : 0;
  useEffect(() => {
    if (errorAt) toastError(failure.toast, { id: 'blog-list-error' });
  }, [errorAt, failure.toast]);
  const categoriesErrorAt = categories.isError ? categories.errorUpdatedAt : 0;
  useEffect(() => {
    if (categoriesErrorAt) toastError(BLOG_MESSAGES.fetchCategoriesFailed, { id: 'blog-categories-error' });
  }, [categoriesErrorAt]);

  const categoryName =
    categories.data?.find((c) => c.slug === filters.category)?.name ?? filters.category ?? '';

  return (
    <div className="grid gap-8">
      <div className="grid gap-4">
        <div className="flex flex-col gap-3 md:flex-row md:items-end">
          {/* biome-ignore lint/a11y/useSemanticElements: <search> is not in React's JSX types yet; the role is equivalent */}
          <form
            role="search"
            className="flex flex-1 gap-2"
            onSubmit={(event) => {
              event.preventDefault();
              apply({ ...filters, q: search.trim() || undefined, page: 1 });
            }}
          >
            <div className="flex-1">
              <SearchInput
                id="blog-search"
                label="Search posts"
                placeholder="Search posts..."
                value={search}
                maxLength={BLOG_LIMITS.searchMax}
                onChange={(event) => setSearch(event.target.value)}
              />
            </div>
            <Button type="submit">
              <Search aria-hidden />
              Search
            </Button>
          </form>
          <div className="flex gap-2">
            <div className="flex-1 md:w-56">
              <Label htmlFor="blog-category" className="sr-only">
                Category
              </Label>
              <Select
                id="blog-category"
                value={filters.category ?? ''}
                onChange={(event) =>
                  apply({ ...filters, category: event.target.value || undefined, page: 1 })
                }
              >
                <option value="">All categories</option>
                {categories.data?.map((category) => (
                  <option key={category.id} value={category.slug}>
                    {category.name}
                  </option>
                ))}
                {filters.category &&
                categories.data &&
                !categories.data.some((c) => c.slug === filters.category) ? (
                  <option value={filters.category}>{filters.category}</option>
                ) : null}
              </Select>
            </div>
            {filtered ? (
              <Button variant="outline" onClick={clear}>
                <X aria-hidden />
                Clear
              </Button>
            ) : null}
          </div>
        </div>
        {filtered ? (
          <ul aria-label="Active filters" className="flex flex-wrap items-center gap-2">
            {filters.category ? (
              <li>
                <Badge variant="outline" className="py-1 text-[0.8125rem] font-medium">
                  Category: {categoryName}
                </Badge>
              </li>
            ) : null}
            {filters.q ? (
              <li>
                <Badge variant="outline" className="py-1 text-[0.8125rem] font-medium">
                  Search: “{filters.q}”
                </Badge>
              </li>
            ) : null}
          </ul>
        ) : null}
      </div>
      {renderAd({ at: 'header' })}
      {posts.isPending ? (
        <BlogGridSkeleton />
      ) : posts.isError ? (
        <EmptyState
          icon={AlertTriangle}
          title={BLOG_MESSAGES.errorTitle}
          description={failure.text}
          action={<Button onClick={() => window.location.reload()}>{BLOG_MESSAGES.tryAgain}</Button>}
        />
      ) : posts.data.posts.length === 0 ? (
        <EmptyState
          icon={SearchX}
          title={BLOG_MESSAGES.noPostsFound}
          description={filtered ? BLOG_MESSAGES.adjustFilters : BLOG_MESSAGES.noPostsAvailable}
          action={
            filtered ? (
              <Button variant="outline" onClick={clear}>
                {BLOG_MESSAGES.clearFilters}
              </Button>
            ) : undefined
          }
        />
      ) : (
        <div
          className={cn('grid gap-8 transition-opacity', posts.isPlaceholderData && 'opacity-60')}
          aria-busy={posts.isPlaceholderData}
        >
          <p className="tabular text-sm text-muted-foreground" role="status">
            {resultLabel(posts.data.total, filtered)}
          </p>
          <BlogGrid label="Blog posts">
            {posts.data.posts.map((post, index, all) => (
              <Fragment key={post.id}>
                <li>
                  <BlogPostCard post={post} />
                </li>
                {adSlotAfter(index, all.length) ? (
                  <li className="col-span-full">{renderAd({ at: 'inline', after: index + 1 })}</li>
                ) : null}
              </Fragment>
            ))}
          </BlogGrid>
          <BlogPager
            page={posts.data.page}
            totalPages={posts.data.totalPages}
            hrefFor={(page) => `${paths.blog}${searchFor({ ...filters, page })}`}
          />
        </div>
      )}
      {renderAd({ at: 'footer' })}
    </div>
  );
}

function resultLabel(total: number, filtered: boolean) {
  const noun = total === 1 ? 'post' : 'posts';
  return filtered ? `${total} ${noun} found` : `${total} ${noun}`;
}
