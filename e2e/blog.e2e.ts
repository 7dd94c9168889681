import type { APIRequestContext, Page } from '@playwright/test';
import {
  DEMO_ADMIN,
  DEMO_PASSWORD,
  expect,
  expectAccessible,
  signInThroughDialog,
  test,
} from './support/fixtures.ts';

const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

async function signInAdminByApi(request: APIRequestContext, baseURL: string) {
  const res = await request.post('/api/accounts/sign-in', {
    headers: { origin: baseURL },
    data: { email: DEMO_ADMIN, password: DEMO_PASSWORD },
  });
  expect(res.ok(), await res.text()).toBe(true);
}

/** The view count the article shows, once the page's own view has been counted. */
const viewCount = (page: Page) => page.getByTestId('blog-view-count');

test('an administrator publishes a post with a new category and tags; a visitor finds it, opens it and the views rise', async ({
  page,
  browser,
  baseURL,
}) => {
  // One long journey across two people and five pages.
  test.setTimeout(150_000);
  const token = unique();
  const title = `Aluminium bale pricing ${token}`;
  const categoryName = `Market Notes ${token}`;
  const excerpt = 'What moved the price of baled aluminium cans this quarter, and what to watch next.';

  // The administrator writes the post in the editor.
  await page.goto('/');
  await signInThroughDialog(page, DEMO_ADMIN, DEMO_PASSWORD);
  await page.goto('/admin/blog');
  await expect(page.getByRole('heading', { level: 1, name: 'Blog Management' })).toBeVisible();
  await page.getByRole('link', { name: 'New Post' }).first().click();
  await expect(page).toHaveURL(/\/admin\/blog\/new$/);
  await expect(page.getByRole('heading', { level: 1, name: 'New Post' })).toBeVisible();

  // Title and content are required.
  await page.getByRole('button', { name: 'Create Post' }).click();
  await expect(page.getByText('Title and content are required.').first()).toBeVisible();
  await expect(page.getByLabel('Title')).toHaveAttribute('aria-invalid', 'true');

  await page.getByLabel('Title').fill(title);
  // The slug box shows the slug the title will get.
  await expect(page.getByLabel('Slug')).toHaveAttribute('placeholder', `aluminium-bale-pricing-${token}`);
  await page.getByLabel('Excerpt').fill(excerpt);
  await page
    .getByLabel('Content')
    .fill(
      `Prices for baled cans rose ${token} percent.\n\nBuyers in <strong>Rotterdam</strong> paid more for clean, dry bales.`,
    );
  await page.getByRole('button', { name: 'Preview' }).click();
  const preview = page.getByRole('region', { name: 'Content preview' });
  await expect(preview.getByText('Buyers in Rotterdam paid more for clean, dry bales.')).toBeVisible();
  await page.getByRole('button', { name: 'Edit' }).click();

  await page.getByLabel('Status').selectOption('published');
  await page.getByRole('button', { name: 'New category' }).click();
  await page.getByLabel('New category name').fill(categoryName);
  await page.getByRole('button', { name: 'Add Category' }).click();
  await expect(page.getByText(`Category “${categoryName}” created.`)).toBeVisible();
  await expect(page.getByLabel('Category', { exact: true }).locator('option:checked')).toHaveText(
    categoryName,
  );
  const tags = page.getByLabel('Tags', { exact: true });
  await tags.fill('aluminium');
  await tags.press('Enter');
  await tags.fill(`prices ${token}`);
  await tags.press('Enter');
  await expect(page.getByRole('button', { name: 'Remove tag aluminium' })).toBeVisible();
  await expectAccessible(page);

  await page.getByRole('button', { name: 'Create Post' }).click();
  await expect(page.getByText('Blog post created successfully.')).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/blog$/);
  const row = page.getByRole('row').filter({ has: page.getByRole('link', { name: title }) });
  await expect(row.getByText('Published', { exact: true })).toBeVisible();
  await expect(row.getByText(categoryName)).toBeVisible();
  await expectAccessible(page);

  // A visitor (signed out) finds it by search.
  const visitorContext = await browser.newContext({ baseURL });
  const visitor = await visitorContext.newPage();
  await visitor.goto('/blog');
  await expect(visitor.getByRole('heading', { level: 1 })).toBeVisible();
  // Other journeys publish posts at the same time, so the new post is found by search, not by position.
  const grid = visitor.getByRole('list', { name: 'Blog posts' });
  await expect(grid.getByRole('heading').first()).toBeVisible();
  await expectAccessible(visitor);
  await visitor.getByLabel('Search posts').fill(`BALE PRICING ${token}`);
  await visitor.getByLabel('Search posts').press('Enter');
  await expect(visitor).toHaveURL(/q=BALE/);
  await expect(visitor.getByText(`Search: “BALE PRICING ${token}”`)).toBeVisible();
  await expect(visitor.getByRole('link', { name: title })).toBeVisible();
  await expect(visitor.getByText('1 post found')).toBeVisible();

  // A search that matches nothing shows the empty state; Clear filters restores the list.
  await visitor.getByLabel('Search posts').fill(`no-such-post-${token}`);
  await visitor.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(visitor.getByRole('heading', { name: 'No posts found' })).toBeVisible();
  await expect(visitor.getByText('Try adjusting your search or filters')).toBeVisible();
  await visitor.getByRole('button', { name: 'Clear filters' }).click();
  await expect(visitor).toHaveURL(/\/blog$/);
  await expect(visitor.getByLabel('Search posts')).toHaveValue('');
  await expect(grid.getByRole('heading').first()).toBeVisible();

  // ...and by category.
  await visitor.getByLabel('Category').selectOption({ label: categoryName });
  await expect(visitor).toHaveURL(/category=market-notes-/);
  await expect(visitor.getByText(`Category: ${categoryName}`)).toBeVisible();
  await expect(grid.getByRole('heading')).toHaveCount(1);

  // The visitor opens it: every part of the article, and the view is counted.
  await visitor.getByRole('link', { name: title }).click();
  await expect(visitor.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(visitor).toHaveTitle(new RegExp(title));
  await expect(visitor.getByText(excerpt)).toBeVisible();
  await expect(visitor.locator('article strong', { hasText: 'Rotterdam' })).toBeVisible();
  await expect(visitor.getByText('#aluminium')).toBeVisible();
  await expect(visitor.getByText(`#prices ${token}`)).toBeVisible();
  await expect(visitor.getByText('1 min read')).toBeVisible();
  await expect(visitor.getByRole('link', { name: 'Read More Articles' })).toBeVisible();
  await expect(visitor.getByRole('link', { name: 'Back to Blog' })).toBeVisible();
  await expect(viewCount(visitor)).toHaveText('1');
  await expectAccessible(visitor);

  // A second visit counts a second view.
  await visitor.reload();
  await expect(viewCount(visitor)).toHaveText('2');

  // Share without a native share sheet copies the link.
  await visitorContext.grantPermissions(['clipboard-read', 'clipboard-write']);
  await visitor.evaluate(() => {
    Object.defineProperty(navigator, 'share', { value: undefined, configurable: true });
  });
  await visitor.getByRole('button', { name: 'Share' }).click();
  await expect(visitor.getByText('Link copied!')).toBeVisible();
  await expect(visitor.getByText('Blog post link copied to clipboard.')).toBeVisible();

  // The category badge leads back to the filtered list.
  await visitor.getByRole('link', { name: categoryName }).click();
  await expect(visitor).toHaveURL(/\/blog\?category=market-notes-/);
  await expect(visitor.getByRole('link', { name: title })).toBeVisible();
  await visitorContext.close();
});

test('a draft is not visible publicly: not in the list, and its address leads back to /blog', async ({
  page,
  request,
  baseURL,
}) => {
  await signInAdminByApi(request, String(baseURL));
  const token = unique();
  const title = `Draft on copper granules ${token}`;
  const res = await request.post('/api/admin/blog/posts', {
    headers: { origin: String(baseURL) },
    data: { title, content: 'Not ready yet.', status: 'draft', tags: [] },
  });
  expect(res.status(), await res.text()).toBe(201);
  const draft = (await res.json()) as { slug: string; publishedAt: string | null };
  expect(draft.publishedAt).toBeNull();

  await page.goto(`/blog?q=${encodeURIComponent(token)}`);
  await expect(page.getByRole('heading', { name: 'No posts found' })).toBeVisible();

  await page.goto(`/blog/${draft.slug}`);
  await expect(page).toHaveURL(/\/blog$/);
  await expect(page.getByText('Post not found')).toBeVisible();
  await expect(page.getByText("The blog post you're looking for doesn't exist.")).toBeVisible();
  await expect(page.getByRole('link', { name: title })).toHaveCount(0);
});

test('the list pages twelve at a time with an ad after the sixth post, and shows the error state when loading fails', async ({
  page,
  request,
  baseURL,
}) => {
  await signInAdminByApi(request, String(baseURL));
  // Enough published posts for a second page, whatever else the database holds.
  for (let i = 0; i < 13; i++) {
    const res = await request.post('/api/admin/blog/posts', {
      headers: { origin: String(baseURL) },
      data: {
        title: `Pager check ${unique()} ${i}`,
        content: 'A short note.',
        status: 'published',
        tags: [],
      },
    });
    expect(res.status(), await res.text()).toBe(201);
  }

  await page.goto('/blog');
  const grid = page.getByRole('list', { name: 'Blog posts' });
  await expect(grid.getByRole('heading')).toHaveCount(12);
  await expect(grid.getByRole('complementary', { name: 'Advertisement' })).toHaveCount(1);
  const pager = page.getByRole('navigation', { name: 'Blog pages' });
  await expect(pager.getByRole('link', { name: 'Page 1' })).toHaveAttribute('aria-current', 'page');
  await pager.getByRole('link', { name: 'Next' }).click();
  await expect(page).toHaveURL(/\/blog\?page=2$/);
  await expect(pager.getByRole('link', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
  await expect(pager.getByRole('link', { name: 'Previous' })).toBeVisible();

  // A failed load shows the error state and its toast.
  await page.route('**/api/blog/posts?*', (route) =>
    route.fulfill({ status: 503, json: { error: { code: 'UNAVAILABLE', message: 'Down' } } }),
  );
  await page.route('**/api/blog/posts', (route) =>
    route.fulfill({ status: 503, json: { error: { code: 'UNAVAILABLE', message: 'Down' } } }),
  );
  await page.goto('/blog');
  await expect(page.getByRole('heading', { name: 'Oops! Something went wrong' })).toBeVisible({
    timeout: 20_000,
  });
  await expect(page.getByText('Failed to load blog posts')).toBeVisible();
  await expect(page.getByText('Failed to load blog content. Please try again.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Try Again' })).toBeVisible();
});
