import { BookOpen, LifeBuoy, Mail } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { FaqList } from '@/components/page/faq-list';
import { PageHeader } from '@/components/page/page-header';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '@/components/ui/card';
import { paths } from '@/config/paths';
import { site } from '@/config/site';
import { PricingValue } from '@/features/pricing/components/pricing-value';
import { usePublicPageMeta } from '@/lib/use-document-title';

const FAQ: { q: string; a: ReactNode }[] = [
  {
    q: 'How do I create a listing?',
    a: (
      <>
        Sign in, open your Dashboard and choose Create Listing. Say whether you are buying or selling, then
        add a title, the material category, quantity and unit, price per unit, location, availability and up
        to 5 photos (5 MB each). Free accounts can publish <PricingValue figure="freeListings" /> listings per
        calendar month; Premium accounts have no limit.
      </>
    ),
  },
  {
    q: 'What materials can I trade on Recytrade?',
    a: 'Listings cover four categories: textiles, metals, plastics and paper. Company profiles in the directory can also name glass, electronics, rubber, wood, chemicals, food waste and construction materials, so you can find partners for materials beyond those categories.',
  },
  {
    q: 'How are prices set?',
    a: (
      <>
        Sellers set a price per unit (per ton, kg, pound or piece) in US dollars, and buyers can accept it or
        make an offer. When a deal completes, Recytrade charges a <PricingValue figure="commission" />{' '}
        commission on the deal value; there are no hidden fees on listings.
      </>
    ),
  },
  {
    q: 'How are companies verified?',
    a: 'Every new company profile is reviewed by our team. Until the review is done it shows as Pending Verification; afterwards it carries a Verified badge. We check the company details and contact information, and we remove profiles that break our terms.',
  },
  {
    q: 'How do I contact other traders?',
    a: (
      <>
        Use the message button on a listing or on a company in the directory. On the free plan, starting a new
        conversation costs <PricingValue figure="contactFee" />; reopening an existing conversation is free.
        Premium members message without a fee.
      </>
    ),
  },
  {
    q: 'Which plans are available?',
    a: (
      <>
        The free plan includes <PricingValue figure="freeListings" /> listings per month and pay-per-contact
        messaging. Premium costs <PricingValue figure="premiumMonthly" /> per month and adds unlimited
        listings, free messaging and listings that do not expire. You can cancel at any time, and a{' '}
        <PricingValue figure="moneyBackDays" />
        -day money-back guarantee applies.{' '}
        <Link
          to={paths.subscription}
          className="font-medium text-primary underline underline-offset-4 hover:text-primary-hover"
        >
          Compare the plans
        </Link>
        .
      </>
    ),
  },
];

export function HelpPage() {
  usePublicPageMeta('/help');
  return (
    <>
      <PageHeader
        eyebrow="Support"
        title="Help Center"
        description="Answers to common questions about trading on Recytrade, and the quickest ways to reach our team."
      />
      <div className="container-page grid grid-cols-1 gap-16 py-12 md:py-16">
        <section aria-labelledby="help-options" className="grid gap-6">
          <h2 id="help-options" className="sr-only">
            Ways to get help
          </h2>
          <div className="grid gap-6 md:grid-cols-3">
            <Card className="flex flex-col">
              <CardHeader>
                <BookOpen className="mb-2 size-6 text-primary" aria-hidden />
                <CardTitle>Getting Started</CardTitle>
                <CardDescription>
                  New to Recytrade? Learn how the marketplace works, who trades here and how deals are
                  protected.
                </CardDescription>
              </CardHeader>
              <CardFooter className="mt-auto">
                <Button asChild variant="outline">
                  <Link to={paths.about}>Learn About Recytrade</Link>
                </Button>
              </CardFooter>
            </Card>
            <Card className="flex flex-col">
              <CardHeader>
                <LifeBuoy className="mb-2 size-6 text-primary" aria-hidden />
                <CardTitle>Contact Support</CardTitle>
                <CardDescription>
                  Questions about an account, a listing or a deal? Our support team replies within{' '}
                  {site.supportReplyHours} hours on business days.
                </CardDescription>
              </CardHeader>
              <CardFooter className="mt-auto">
                <Button asChild variant="outline">
                  <Link to={paths.contact}>Get in Touch</Link>
                </Button>
              </CardFooter>
            </Card>
            <Card className="flex flex-col">
              <CardHeader>
                <Mail className="mb-2 size-6 text-primary" aria-hidden />
                <CardTitle>Email Support</CardTitle>
                <CardDescription>
                  Prefer email? Write to us directly and include your account email address.
                </CardDescription>
              </CardHeader>
              <CardContent className="mt-auto">
                <a
                  href={`mailto:${site.supportEmail}`}
                  className="font-medium break-all text-primary underline-offset-4 hover:underline"
                >
                  {site.supportEmail}
                </a>
              </CardContent>
            </Card>
          </div>
        </section>

        <section aria-labelledby="faq-title" className="mx-auto w-full max-w-3xl">
          <h2 id="faq-title" className="text-2xl font-bold tracking-tight">
            Frequently Asked Questions
          </h2>
          <FaqList items={FAQ} className="mt-6" />
        </section>
      </div>
    </>
  );
}
