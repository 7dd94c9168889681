import { createRequire } from 'node:module';

/**
 * Who a customer is, for what is granted once per customer and per company (the money-back
 * guarantee): the account, its sign-in address, and each company it owns by normalised name and by
 * the domain of its contact email. Webmail and reserved domains say nothing about a company.
 */
const webmailDomains = new Set<string>(createRequire(import.meta.url)('email-providers/all.json'));
const RESERVED_DOMAIN = /(^|\.)(example\.(com|net|org)|test|example|invalid|localhost)$/;

/** Legal forms dropped from the end of a name, so "Acme Recycling, Inc." is "Acme Recycling LLC". */
const LEGAL_FORMS = new Set(
  'inc incorporated llc ltd limited co corp corporation company gmbh ag sa sas sarl bv nv plc pty srl spa oy ab kg lp llp'.split(
    ' ',
  ),
);

export type CustomerFacts = {
  userId: string;
  email: string | null;
  companies: { companyName: string; contactEmail: string }[];
};

/** Lower case, accents and punctuation gone, "&" read as "and", trailing legal forms dropped. */
export function normaliseCompanyName(name: string): string | null {
  const words = name
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replaceAll('&', ' and ')
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
  while (words.length > 1 && LEGAL_FORMS.has(words[words.length - 1] as string)) words.pop();
  const key = words.join(' ');
  return key.length >= 2 ? key : null;
}

/** An address without case or "+tag", so plus-addressing does not make a new customer. */
export function normaliseEmail(email: string): string {
  const [local = '', domain = ''] = email.trim().toLowerCase().split('@');
  return `${local.split('+')[0]}@${domain}`;
}

/** The domain of a company's contact email when it names the company (not webmail, not reserved). */
export function companyDomain(contactEmail: string): string | null {
  const domain = contactEmail.trim().toLowerCase().split('@')[1]?.replace(/\.$/, '');
  if (!domain || webmailDomains.has(domain) || RESERVED_DOMAIN.test(domain)) return null;
  return domain;
}

/** The identity keys stored with a refund and looked up before granting another. */
export function identityKeys(facts: CustomerFacts): string[] {
  const keys = [`user:${facts.userId}`];
  if (facts.email) keys.push(`email:${normaliseEmail(facts.email)}`);
  for (const company of facts.companies) {
    const name = normaliseCompanyName(company.companyName);
    if (name) keys.push(`company:${name}`);
    const domain = companyDomain(company.contactEmail);
    if (domain) keys.push(`domain:${domain}`);
  }
  return [...new Set(keys)];
}

/** Whether a key names the person (account or address) rather than one of their companies. */
export const isPersonalKey = (key: string) => key.startsWith('user:') || key.startsWith('email:');
