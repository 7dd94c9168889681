import { useSearchParams } from 'react-router';
import { PageHeader } from '@/components/page/page-header';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { DisputesPanel } from '@/features/deals/admin/disputes-panel';
import { EscrowBooksPanel } from '@/features/deals/admin/escrow-books-panel';
import { PaymentMethodsPanel } from '@/features/deals/admin/payment-methods-panel';
import { WireTransfersPanel } from '@/features/deals/admin/wire-transfers-panel';
import { useDocumentTitle } from '@/lib/use-document-title';

const TABS = [
  { value: 'wire-transfers', label: 'Wire Transfers', Panel: WireTransfersPanel },
  { value: 'disputes', label: 'Disputes', Panel: DisputesPanel },
  { value: 'payment-methods', label: 'Payment Methods', Panel: PaymentMethodsPanel },
  { value: 'escrow-books', label: 'Escrow Books', Panel: EscrowBooksPanel },
] as const;
type TabValue = (typeof TABS)[number]['value'];

const isTab = (value: string | null): value is TabValue => TABS.some((tab) => tab.value === value);

/**
 * /admin/wire-transfers (behind the admin gate): verify wire transfers, resolve disputes, manage payment
 * methods, check the escrow books.
 */
export function AdminPaymentsPage() {
  useDocumentTitle('Payments Administration', 'Confirm incoming wire transfers and manage escrow payments.');
  const [params, setParams] = useSearchParams();
  const raw = params.get('tab');
  const tab: TabValue = isTab(raw) ? raw : 'wire-transfers';
  return (
    <>
      <PageHeader
        eyebrow="Admin"
        title="Payments Administration"
        description={
          <p>
            Verify incoming wire transfers so their deals are funded, resolve disputed deals, choose the
            payment methods buyers can use, and check that every escrow matches its deal.
          </p>
        }
      />
      <div className="container-page py-8">
        <Tabs
          value={tab}
          onValueChange={(value) =>
            setParams(value === 'wire-transfers' ? {} : { tab: value }, { replace: true })
          }
        >
          <TabsList
            aria-label="Payments administration"
            className="grid h-auto w-full grid-cols-2 sm:inline-flex sm:h-10 sm:w-auto"
          >
            {TABS.map((t) => (
              <TabsTrigger key={t.value} value={t.value} className="px-2 sm:px-3">
                {t.label}
              </TabsTrigger>
            ))}
          </TabsList>
          {TABS.map(({ value, Panel }) => (
            <TabsContent key={value} value={value} className="mt-6">
              {value === tab ? <Panel /> : null}
            </TabsContent>
          ))}
        </Tabs>
      </div>
    </>
  );
}
