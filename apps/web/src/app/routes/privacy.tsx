import { Link } from 'react-router';
import { LegalLayout } from '@/components/page/legal-layout';
import { ProseSection } from '@/components/page/prose-section';
import { paths } from '@/config/paths';
import { site } from '@/config/site';
import { usePublicPageMeta } from '@/lib/use-document-title';

const SECTIONS = [
  { id: 'collected', title: 'Information We Collect' },
  { id: 'use', title: 'How We Use Information' },
  { id: 'sharing', title: 'How We Share Information' },
  { id: 'security', title: 'Data Security' },
  { id: 'rights', title: 'Your Rights' },
  { id: 'contact', title: 'Contact Us' },
];

export function PrivacyPage() {
  usePublicPageMeta('/privacy');
  return (
    <LegalLayout
      title="Privacy Policy"
      lastUpdated={site.legalLastUpdated}
      sections={SECTIONS}
      intro={
        <p>
          This policy explains what information {site.name} collects when you use the marketplace, why we
          collect it and the choices you have.
        </p>
      }
    >
      <ProseSection id="collected" title="1. Information We Collect">
        <ul>
          <li>
            Account details: your name, email address, password (stored only as a secure hash), company name
            and recycling sector.
          </li>
          <li>Company profiles: contact email, phone, website, address, materials and company type.</li>
          <li>Marketplace activity: listings, offers, deals, messages and the photos you upload.</li>
          <li>
            Payment records: plan, invoices and deal payments. Card details are handled by our payment
            provider, not stored by us.
          </li>
          <li>Technical data: IP address, browser type and sign-in times, used to keep accounts secure.</li>
        </ul>
      </ProseSection>

      <ProseSection id="use" title="2. How We Use Information">
        <ul>
          <li>
            To run the marketplace: show your listings, deliver messages and process deals and payments.
          </li>
          <li>To send service emails such as confirmations, password resets and deal updates.</li>
          <li>To verify companies and protect users against fraud and abuse.</li>
          <li>To improve the platform using aggregated, non-identifying statistics.</li>
        </ul>
      </ProseSection>

      <ProseSection id="sharing" title="3. How We Share Information">
        <p>
          We do not sell your personal information. We share it only where the service needs it: with traders
          you choose to deal with (for example your company contact details), with payment and escrow
          providers that process your transactions, with service providers that host and operate the platform
          under contract, and with authorities when the law requires it.
        </p>
      </ProseSection>

      <ProseSection id="security" title="4. Data Security">
        <p>
          Connections to {site.name} are encrypted, passwords are stored as salted hashes, sessions expire and
          sign-in attempts are rate limited. Access to personal data inside our team is limited to the people
          who need it. No system is perfectly secure, so we also monitor for misuse and will notify you of a
          breach that affects you.
        </p>
      </ProseSection>

      <ProseSection id="rights" title="5. Your Rights">
        <ul>
          <li>Access: ask for a copy of the personal information we hold about you.</li>
          <li>
            Correction: update your name in <Link to={paths.account}>Account Settings</Link>, or ask us to
            correct other details.
          </li>
          <li>
            Deletion: ask us to delete your account. Account Settings will offer self-service deletion in a
            later release; until then, email us and we will handle the request. Records we must keep by law,
            such as invoices, are retained.
          </li>
          <li>
            Communication preferences: opt out of marketing emails at any time; service emails continue while
            your account is open.
          </li>
          <li>Portability: receive your listings, deals and profile data in a machine-readable format.</li>
        </ul>
      </ProseSection>

      <ProseSection id="contact" title="6. Contact Us">
        <p>
          To exercise your rights or ask about this policy, email{' '}
          <a href={`mailto:${site.supportEmail}`}>{site.supportEmail}</a>. We answer within{' '}
          {site.supportReplyHours} hours on business days.
        </p>
      </ProseSection>
    </LegalLayout>
  );
}
