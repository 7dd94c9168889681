import {
  attachScreenshots,
  DEMO_ADMIN,
  DEMO_PASSWORD,
  expect,
  expectAccessible,
  signInThroughDialog,
  test,
} from './support/fixtures.ts';

test('a visitor reaches /market from the navigation and the landing page, and sees the index table and its chart', async ({
  page,
}, testInfo) => {
  await page.goto('/');
  await page.getByRole('link', { name: 'Real-time pricing and market trends' }).click();
  await expect(page).toHaveURL(/\/market$/);
  await page.goto('/');
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Market', exact: true })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Market prices' })).toBeVisible();

  // The demo listings give Barley copper three independent contributors: a published point.
  const table = page.getByRole('table', { name: /Price index per metric tonne/ });
  await expect(table).toBeVisible();
  const barley = table.getByRole('row', { name: /Barley \(Bare bright copper wire\)/ });
  await expect(barley).toBeVisible();
  await expect(barley.getByRole('rowheader')).toBeVisible();
  await expect(barley).toContainText(/\$[\d,]+\/t/);
  await expect(barley).toContainText('companies');
  await expect(table.getByRole('columnheader', { name: 'Source' })).toBeVisible();

  // Choosing a material draws its series; the period tabs switch the range.
  await barley.getByRole('button').click();
  await expect(barley.getByRole('button')).toHaveAttribute('aria-pressed', 'true');
  const chart = page.getByRole('figure', { name: /Barley \(Bare bright copper wire\) index/ });
  await expect(chart.locator('svg.recharts-surface')).toBeVisible();
  await expect(chart.locator('.recharts-line-curve')).toBeAttached();
  await expect(chart.getByText(/Over the last 30 days the index went from/)).toBeAttached();
  await chart.getByRole('tab', { name: '365 days' }).click();
  await expect(chart.getByRole('tab', { name: '365 days' })).toHaveAttribute('aria-selected', 'true');
  await expect(chart.getByText(/Over the last 365 days/)).toBeAttached();
  await expect(chart.locator('svg.recharts-surface')).toBeVisible();

  await expectAccessible(page);
  await attachScreenshots(page, testInfo, 'market');
});

test('listing cards compare their price with the 30-day index', async ({ page }) => {
  await Promise.all([
    page.waitForResponse((r) => r.url().endsWith('/api/market/compare/batch') && r.ok()),
    page.goto('/marketplace?q=Barley'),
  ]);
  const card = page.getByRole('listitem').filter({ hasText: 'Barley copper, 20 t from demolition' });
  await expect(
    card.getByRole('link', { name: /(above|below) the 30-day index|At the 30-day index/ }),
  ).toBeVisible();
  await expectAccessible(page);
});

test('an administrator sets the market data settings on /admin/system', async ({ page }) => {
  await page.goto('/');
  await signInThroughDialog(page, DEMO_ADMIN, DEMO_PASSWORD);
  await page.goto('/admin/system');
  const card = page.getByRole('form', { name: 'Market data' });
  await expect(card.getByLabel('Minimum Contributing Companies')).toHaveValue('3');
  await expect(card.getByLabel('Match Price Tolerance (%)')).toHaveValue('10');
  await card.getByLabel('Minimum Contributing Companies').fill('0');
  await card.getByRole('button', { name: 'Save Market Settings' }).click();
  await expect(card.getByText('At least one company must contribute')).toBeVisible();
  await card.getByLabel('Minimum Contributing Companies').fill('3');
  await expectAccessible(page);
});
