import { Link } from 'react-router';
import { LegalLayout } from '@/components/page/legal-layout';
import { ProseSection } from '@/components/page/prose-section';
import { paths } from '@/config/paths';
import { site } from '@/config/site';
import { PricingValue } from '@/features/pricing/components/pricing-value';
import { usePublicPageMeta } from '@/lib/use-document-title';

const SECTIONS = [
  { id: 'purpose', title: 'Purpose of the Platform' },
  { id: 'responsibilities', title: 'User Responsibilities' },
  { id: 'prohibited', title: 'Prohibited Activities' },
  { id: 'subscriptions', title: 'Subscriptions and Payments' },
  { id: 'liability', title: 'Limitation of Liability' },
  { id: 'termination', title: 'Termination' },
  { id: 'contact', title: 'Contact' },
];

export function TermsPage() {
  usePublicPageMeta('/terms');
  return (
    <LegalLayout
      title="Terms of Service"
      lastUpdated={site.legalLastUpdated}
      sections={SECTIONS}
      intro={
        <p>
          These terms govern your use of {site.name}, the online marketplace for recyclable commodities. By
          creating an account or using the platform you agree to them on behalf of yourself and the company
          you represent.
        </p>
      }
    >
      <ProseSection id="purpose" title="1. Purpose of the Platform">
        <p>
          {site.name} connects businesses that buy and sell recyclable materials. We provide listings, a
          company directory, messaging, deal tools and payment options, including escrow through licensed
          partners.
        </p>
        <p>
          {site.name} facilitates connections between traders and is not a party to the contracts they make.
          Buyers and sellers are responsible for the quality, quantity, delivery and legality of the goods
          they trade.
        </p>
      </ProseSection>

      <ProseSection id="responsibilities" title="2. User Responsibilities">
        <ul>
          <li>Provide accurate information about yourself, your company and the materials you list.</li>
          <li>
            Keep your password confidential and tell us at once if you suspect unauthorised use of your
            account.
          </li>
          <li>
            Hold the permits and licences your jurisdiction requires to handle, transport or export the
            materials you trade.
          </li>
          <li>Describe materials honestly, including grade, contamination, moisture and packaging.</li>
          <li>
            Honour the deals you agree to and communicate promptly and professionally with other traders.
          </li>
        </ul>
      </ProseSection>

      <ProseSection id="prohibited" title="3. Prohibited Activities">
        <p>You may not use {site.name} to:</p>
        <ul>
          <li>
            List hazardous waste, stolen goods or materials whose trade is restricted without the required
            authorisation.
          </li>
          <li>Publish false, misleading or duplicate listings, or manipulate prices.</li>
          <li>
            Avoid platform fees by moving a deal you found on {site.name} off the platform to evade
            commission.
          </li>
          <li>Send spam, harass other users or collect their data for unrelated purposes.</li>
          <li>
            Interfere with the platform's security, scrape it at scale or access it by automated means other
            than our API.
          </li>
        </ul>
      </ProseSection>

      <ProseSection id="subscriptions" title="4. Subscriptions and Payments">
        <p>
          The free plan includes <PricingValue figure="freeListings" /> listings per calendar month; starting
          a new conversation with another trader costs <PricingValue figure="contactFee" />. The Premium plan
          costs <PricingValue figure="premiumMonthly" /> per month and includes unlimited listings and free
          messaging. Featured listings cost <PricingValue figure="featuredListingFee" /> for{' '}
          <PricingValue figure="featuredListingDays" /> days. A commission of{' '}
          <PricingValue figure="commission" /> of the deal value applies to deals completed through the
          platform.
        </p>
        <p>
          Subscriptions renew automatically each month. You can cancel at any time; your access continues
          until the end of the billing period you have paid for. New subscribers may request a full refund
          within <PricingValue figure="moneyBackDays" /> days of their first payment. Card payments are
          processed by our payment provider; we do not store full card numbers.
        </p>
      </ProseSection>

      <ProseSection id="liability" title="5. Limitation of Liability">
        <p>
          The platform is provided "as is". To the extent the law allows, {site.name} is not liable for losses
          arising from transactions between users, from the quality or delivery of goods, or from indirect or
          consequential damages. Our total liability for any claim is limited to the fees you paid us in the
          twelve months before the claim arose.
        </p>
      </ProseSection>

      <ProseSection id="termination" title="6. Termination">
        <p>
          You may stop using {site.name} at any time. We may suspend or close accounts that break these terms,
          put other users at risk or remain unpaid, and we will tell you why unless the law prevents us.
          Obligations from deals already agreed survive termination.
        </p>
      </ProseSection>

      <ProseSection id="contact" title="7. Contact">
        <p>
          Questions about these terms? Email <a href={`mailto:${site.supportEmail}`}>{site.supportEmail}</a>{' '}
          or visit our <Link to={paths.contact}>contact page</Link>.
        </p>
      </ProseSection>
    </LegalLayout>
  );
}
