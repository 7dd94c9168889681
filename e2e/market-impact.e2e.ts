import {
  attachScreenshots,
  DEMO_ADMIN,
  DEMO_PASSWORD,
  DEMO_TRADER,
  expect,
  expectAccessible,
  signInThroughDialog,
  test,
} from './support/fixtures.ts';

const IMPACT_LABEL = 'estimate, EPA WARM v16, recycling vs landfilling';

test("the demo trader's dashboard charts the environmental impact of completed deals, with its label", async ({
  page,
}, testInfo) => {
  // Screenshots at two widths and axe runs: more than the default minute on a busy machine.
  test.setTimeout(120_000);
  await page.goto('/');
  await signInThroughDialog(page, DEMO_TRADER, DEMO_PASSWORD);
  await page.goto('/dashboard');

  const card = page.getByRole('region', { name: 'Environmental impact' });
  await expect(card).toBeVisible();
  await expect(card.getByText(IMPACT_LABEL)).toBeVisible();
  // Two charts by month, drawn by recharts, each with its figures as a table for screen readers.
  const tonnes = card.getByRole('figure', { name: 'Tonnes traded' });
  await expect(tonnes).toBeVisible();
  await expect(tonnes.locator('svg.recharts-surface')).toBeVisible();
  await expect(tonnes.locator('.recharts-bar-rectangle').first()).toBeAttached();
  await expect(tonnes.getByRole('table')).toHaveCount(1);
  await expect(card.getByRole('figure', { name: 'CO2e avoided' })).toBeVisible();
  const materials = card.getByRole('list', { name: 'Impact by material' });
  await expect(materials.getByRole('listitem').first()).toBeVisible();
  await card.scrollIntoViewIfNeeded();
  await attachScreenshots(page, testInfo, 'dashboard-impact');
  await expectAccessible(page);
});

test('an administrator edits an impact factor from /admin/impact-factors', async ({ page }, testInfo) => {
  test.setTimeout(120_000);
  await page.goto('/');
  await signInThroughDialog(page, DEMO_ADMIN, DEMO_PASSWORD);
  await page.goto('/admin');
  await page.getByRole('link', { name: 'Impact Factors' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Impact Factors' })).toBeVisible();
  const row = page.getByRole('row', { name: /Steel cans/ });
  await expect(row.getByText('Unverified')).toBeVisible();
  await row.getByRole('button', { name: 'Edit Steel cans' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit Steel cans' });
  await expect(dialog.getByLabel('Recycling factor')).toHaveValue('-1.83');
  await expect(dialog.getByLabel('Landfilling factor')).toHaveValue('0.02');
  await expectAccessible(page);
  await dialog.getByLabel('Source').fill('Checked by the e2e journey');
  await dialog.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Impact factor updated')).toBeVisible();
  await expect(dialog).toBeHidden();
  await attachScreenshots(page, testInfo, 'admin-impact-factors');
  await expectAccessible(page);
});
