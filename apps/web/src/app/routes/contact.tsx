import { Clock, Mail, MapPin, MessageSquareReply, Phone } from 'lucide-react';
import { FaqList } from '@/components/page/faq-list';
import { PageHeader } from '@/components/page/page-header';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { site } from '@/config/site';
import { ContactForm } from '@/features/contact/components/contact-form';
import { useAuth } from '@/lib/auth-client';
import { useDocumentTitle } from '@/lib/use-document-title';

const FAQ = [
  {
    q: 'How quickly will I get an answer?',
    a: `We reply to every message within ${site.supportReplyHours} hours on business days, usually much sooner during business hours.`,
  },
  {
    q: 'What should I include in my email?',
    a: 'Your account email, your company name and, for questions about a listing or a deal, its title or the other company’s name. Screenshots help for anything that looks wrong on screen.',
  },
  {
    q: 'I have a problem with a deal. Who do I contact?',
    a: 'Write to support with the deal details. If payment is held in escrow, the funds stay protected while we help both sides resolve the issue through mediation.',
  },
  {
    q: 'Can you help my company get started?',
    a: 'Yes. For larger teams or high-volume traders we can walk you through setting up company profiles, listings and payment options. Tell us about your business when you write.',
  },
];

export function ContactPage() {
  useDocumentTitle('Contact Us');
  const { user, loading } = useAuth();
  return (
    <>
      <PageHeader
        eyebrow="Support"
        title="Contact Us"
        description="Questions about your account, a listing, a deal or a partnership? Our team is here to help."
      />
      <div className="container-page grid grid-cols-1 gap-12 py-12 md:py-16 lg:grid-cols-[1.1fr_1fr]">
        <section aria-labelledby="contact-form-title" className="content-start">
          <Card>
            <CardHeader>
              <CardTitle as="h2" id="contact-form-title" className="text-2xl font-bold">
                Send us a message
              </CardTitle>
              <CardDescription>
                Fill in the form and our support team will reply within {site.supportReplyHours} hours.
              </CardDescription>
            </CardHeader>
            <CardContent>
              {loading ? (
                <div className="grid gap-5" aria-hidden>
                  <Skeleton className="h-10" />
                  <Skeleton className="h-10" />
                  <Skeleton className="h-10" />
                  <Skeleton className="h-32" />
                </div>
              ) : (
                // Keyed by user so the prefilled name and email follow a sign-in or sign-out.
                <ContactForm key={user?.id ?? 'visitor'} user={user} />
              )}
            </CardContent>
          </Card>
        </section>

        <section aria-labelledby="reach-us" className="grid content-start gap-6">
          <h2 id="reach-us" className="text-2xl font-bold tracking-tight">
            Reach our team
          </h2>
          <Card>
            <CardHeader>
              <div className="flex items-center gap-3">
                <Mail className="size-5 text-primary" aria-hidden />
                <CardTitle>Email</CardTitle>
              </div>
              <CardDescription>
                The fastest way to reach us. Write to us from your account email if you can.
              </CardDescription>
            </CardHeader>
            <CardContent>
              <a
                href={`mailto:${site.supportEmail}`}
                className="text-lg font-semibold break-all text-primary underline-offset-4 hover:underline"
              >
                {site.supportEmail}
              </a>
              <p className="mt-2 flex items-center gap-2 text-sm text-muted-foreground">
                <MessageSquareReply className="size-4 shrink-0" aria-hidden />
                We reply within {site.supportReplyHours} hours.
              </p>
            </CardContent>
          </Card>
          <div className="grid gap-6 sm:grid-cols-2">
            <Card>
              <CardHeader>
                <div className="flex items-center gap-3">
                  <Phone className="size-5 text-primary" aria-hidden />
                  <CardTitle>Phone</CardTitle>
                </div>
              </CardHeader>
              <CardContent>
                <p className="tabular font-medium">{site.supportPhone}</p>
                <p className="mt-1 text-sm text-muted-foreground">During business hours</p>
              </CardContent>
            </Card>
            <Card>
              <CardHeader>
                <div className="flex items-center gap-3">
                  <MapPin className="size-5 text-primary" aria-hidden />
                  <CardTitle>Office</CardTitle>
                </div>
              </CardHeader>
              <CardContent>
                <address className="text-sm text-slate-700 not-italic">
                  {site.address.map((line) => (
                    <span key={line} className="block">
                      {line}
                    </span>
                  ))}
                </address>
              </CardContent>
            </Card>
          </div>
          <Card>
            <CardHeader>
              <div className="flex items-center gap-3">
                <Clock className="size-5 text-primary" aria-hidden />
                <CardTitle>Business Hours</CardTitle>
              </div>
            </CardHeader>
            <CardContent>
              <dl className="grid gap-2 text-sm">
                {site.businessHours.map((row) => (
                  <div
                    key={row.days}
                    className="flex justify-between gap-4 border-b pb-2 last:border-0 last:pb-0"
                  >
                    <dt className="font-medium">{row.days}</dt>
                    <dd className="tabular text-muted-foreground">{row.hours}</dd>
                  </div>
                ))}
              </dl>
            </CardContent>
          </Card>
        </section>

        <section aria-labelledby="contact-faq" className="lg:col-span-2">
          <h2 id="contact-faq" className="text-2xl font-bold tracking-tight">
            Frequently Asked Questions
          </h2>
          <FaqList items={FAQ} className="mt-6" />
        </section>
      </div>
    </>
  );
}
