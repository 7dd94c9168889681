import { COMPANY_MESSAGES, type OwnCompany } from '@app/shared/companies/companies.schemas';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { apiError, mockApi } from '@/testing/mock-api';
import { renderWithProviders } from '@/testing/render-with-providers';
import { CompanyWizard } from './company-wizard';

const COMPANY: OwnCompany = {
  id: 'company-1',
  userId: 'user-1',
  companyName: 'Buyer Metals',
  description: null,
  contactEmail: 'sales@buyermetals.example',
  phone: null,
  website: null,
  address: null,
  materials: ['Metals'],
  companyType: 'buyer',
  sector: null,
  country: null,
  taxId: null,
  verified: true,
  domainMatch: true,
  verification: { state: 'verified', requestedAt: null, refusalReason: null, documents: [] },
  createdAt: '2026-01-05T10:00:00.000Z',
  updatedAt: '2026-01-05T10:00:00.000Z',
};

function renderWizard(company?: OwnCompany) {
  const onDone = vi.fn();
  const view = renderWithProviders(
    <CompanyWizard
      company={company}
      defaultContactEmail="buyer@example.com"
      signUpProfile={{ company: null, sector: null }}
      onDone={onDone}
      onCancel={() => {}}
    />,
  );
  return { ...view, onDone };
}

describe('CompanyWizard', () => {
  it('keeps Next disabled until the step’s required fields are valid', async () => {
    mockApi({});
    const { user } = renderWizard();

    expect(screen.getByLabelText('Contact Email')).toHaveValue('buyer@example.com');
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
    await user.type(screen.getByLabelText('Company Name'), 'Green Fibre Ltd');
    expect(screen.getByRole('button', { name: 'Next' })).toBeEnabled();

    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByRole('heading', { name: /Materials & Sector/ })).toHaveFocus();
    // At least one material is required.
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
  });

  it('creates the company from the three steps with one request', async () => {
    const api = mockApi({
      'POST /api/companies': (req: { body: unknown }) => ({
        status: 201,
        body: { ...COMPANY, ...(req.body as object), verified: false, id: 'company-2' },
      }),
    });
    const { user, onDone } = renderWizard();

    await user.type(screen.getByLabelText('Company Name'), 'Green Fibre Ltd');
    await user.click(screen.getByRole('radio', { name: /^Seller/ }));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await user.click(screen.getByRole('checkbox', { name: 'Paper' }));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(api.requests).toEqual([]);
    await user.type(screen.getByLabelText(/Website/), 'https://greenfibre.example');
    await user.click(screen.getByRole('button', { name: 'Create Company' }));

    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(api.sent('POST /api/companies')).toEqual([
      expect.objectContaining({
        body: expect.objectContaining({
          companyName: 'Green Fibre Ltd',
          contactEmail: 'buyer@example.com',
          companyType: 'seller',
          materials: ['Paper'],
          website: 'https://greenfibre.example',
        }),
      }),
    ]);
    expect(await screen.findByText(COMPANY_MESSAGES.created)).toBeInTheDocument();
  });

  it('asks before a verified company’s name change sends it back to review, and sends it once confirmed', async () => {
    const api = mockApi({
      'PATCH /api/companies/company-1': (req: { body: unknown }) => ({
        ...COMPANY,
        ...(req.body as object),
        verified: false,
      }),
    });
    const { user, onDone } = renderWizard(COMPANY);

    const name = screen.getByLabelText('Company Name');
    await user.clear(name);
    await user.type(name, 'Buyer Metals Group');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));

    const confirm = await screen.findByRole('alertdialog', { name: COMPANY_MESSAGES.reverifyTitle });
    expect(within(confirm).getByText('Buyer Metals Group')).toBeInTheDocument();
    expect(api.requests).toEqual([]);
    await user.click(within(confirm).getByRole('button', { name: 'Save and Request Verification' }));

    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(api.sent('PATCH /api/companies/company-1')).toEqual([
      expect.objectContaining({ body: expect.objectContaining({ companyName: 'Buyer Metals Group' }) }),
    ]);
    expect(await screen.findByText(COMPANY_MESSAGES.reverifyNotice)).toBeInTheDocument();
  });

  it('shows the server’s refusal and opens the sign-in dialog when the session has ended', async () => {
    mockApi({ 'POST /api/companies': apiError(401, 'UNAUTHENTICATED', 'Sign in required') });
    const { user, authDialog, onDone } = renderWizard();

    await user.type(screen.getByLabelText('Company Name'), 'Green Fibre Ltd');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await user.click(screen.getByRole('checkbox', { name: 'Paper' }));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await user.click(screen.getByRole('button', { name: 'Create Company' }));

    expect(await screen.findByText('Sign in required')).toBeInTheDocument();
    expect(authDialog.open).toHaveBeenCalledWith('signin');
    expect(onDone).not.toHaveBeenCalled();
  });
});
