import { describe, expect, it } from 'vitest';
import { companyDomain, identityKeys, normaliseCompanyName, normaliseEmail } from './customer-identity.ts';

describe('who a customer is, for the once-per-customer-and-company guarantee', () => {
  it('reads company names without case, accents, punctuation or legal form', () => {
    expect(normaliseCompanyName('Acme Recycling, Inc.')).toBe('acme recycling');
    expect(normaliseCompanyName('ACME  recycling LLC')).toBe('acme recycling');
    expect(normaliseCompanyName('Müller & Söhne GmbH')).toBe('muller and sohne');
    expect(normaliseCompanyName('Company')).toBe('company');
    expect(normaliseCompanyName(' . ')).toBeNull();
  });

  it('takes a company domain from its contact email, but not webmail or reserved domains', () => {
    expect(companyDomain('Sales@Acme-Recycling.com')).toBe('acme-recycling.com');
    expect(companyDomain('acme@gmail.com')).toBeNull();
    expect(companyDomain('acme@outlook.com')).toBeNull();
    expect(companyDomain('sales@greenloop.test')).toBeNull();
    expect(companyDomain('sales@example.com')).toBeNull();
  });

  it('ignores case and plus-addressing in the sign-in email', () => {
    expect(normaliseEmail(' Dana+premium@Acme.com ')).toBe('dana@acme.com');
  });

  it('lists the account, the email and each company once', () => {
    expect(
      identityKeys({
        userId: 'u1',
        email: 'dana@acme-recycling.com',
        companies: [
          { companyName: 'Acme Recycling Inc', contactEmail: 'sales@acme-recycling.com' },
          { companyName: 'ACME Recycling', contactEmail: 'info@gmail.com' },
        ],
      }),
    ).toEqual([
      'user:u1',
      'email:dana@acme-recycling.com',
      'company:acme recycling',
      'domain:acme-recycling.com',
    ]);
  });
});
