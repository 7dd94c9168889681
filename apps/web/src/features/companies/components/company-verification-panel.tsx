import {
  type OwnCompany,
  VERIFICATION_LIMITS,
  VERIFICATION_MESSAGES,
} from '@app/shared/companies/companies.schemas';
import type { PrivateFileView } from '@app/shared/files/private-files';
import { ShieldCheck } from 'lucide-react';
import { useState } from 'react';
import { PrivateFileLink, PrivateFilePicker } from '@/components/private-file-picker';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/toast';
import { parseApiError } from '@/lib/api-client';
import { formatDate } from '@/lib/format';
import { useRequestVerification } from '../api/request-verification';

/** What the owner still has to give before asking, in the order the form asks for it. */
function missingFacts(company: OwnCompany): string[] {
  const missing: string[] = [];
  if (!company.country) missing.push('the country');
  if (!company.taxId) missing.push('the tax id');
  if (!company.address) missing.push('the registered address');
  return missing;
}

/**
 * Level 2 verification on the owner's company: its state, the documents sent, the administrator's
 * reason after a refusal, and the request itself (registration document + the facts it vouches for).
 */
export function CompanyVerificationPanel({ company, onEdit }: { company: OwnCompany; onEdit: () => void }) {
  const { verification } = company;
  const [documents, setDocuments] = useState<PrivateFileView[]>([]);
  const request = useRequestVerification();
  const missing = missingFacts(company);

  const ask = async () => {
    try {
      await request.mutateAsync({ id: company.id, documentIds: documents.map((d) => d.id) });
      setDocuments([]);
      toast.success(VERIFICATION_MESSAGES.requested);
    } catch (error) {
      toast.error('Verification could not be requested', { description: parseApiError(error).message });
    }
  };

  return (
    <section
      aria-label={`Verification of ${company.companyName}`}
      className="grid gap-3 rounded-md border bg-muted/40 p-4"
    >
      <h4 className="flex items-center gap-2 text-sm font-semibold">
        <ShieldCheck className="size-4" aria-hidden />
        Verification
      </h4>
      {verification.state === 'verified' ? (
        <p className="text-sm text-muted-foreground">
          Verified by our admin team. Changing the name, contact email, country or tax id sends it back to
          review.
        </p>
      ) : null}
      {verification.state === 'requested' && verification.requestedAt ? (
        <p className="text-sm text-muted-foreground">
          Pending review since {formatDate(verification.requestedAt)}. We email you when an administrator
          decides.
        </p>
      ) : null}
      {verification.state === 'refused' ? (
        <Alert variant="destructive" role="status">
          <AlertTitle>Verification refused</AlertTitle>
          <AlertDescription>{verification.refusalReason}</AlertDescription>
        </Alert>
      ) : null}
      {verification.documents.length > 0 ? (
        <div className="grid gap-1 text-sm">
          <p className="text-muted-foreground">Documents sent</p>
          <ul className="grid gap-1">
            {verification.documents.map((file) => (
              <li key={file.id}>
                <PrivateFileLink file={file} />
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {verification.state === 'not_requested' || verification.state === 'refused' ? (
        missing.length > 0 ? (
          <div className="grid gap-2 text-sm">
            <p>
              To be verified, add {missing.join(', ')} to the company, then upload your business-registration
              document.
            </p>
            <Button variant="outline" size="sm" className="justify-self-start" onClick={onEdit}>
              Add the details
            </Button>
          </div>
        ) : (
          <div className="grid gap-3">
            <PrivateFilePicker
              purpose="company-document"
              files={documents}
              onChange={setDocuments}
              max={VERIFICATION_LIMITS.documentsMax}
              label="Business-registration document"
              hint="A certificate of incorporation, trade-register extract or equal, as a PDF or photo. Only you and our admin team can open it."
              disabled={request.isPending}
            />
            <Button
              size="sm"
              className="justify-self-start"
              disabled={documents.length < VERIFICATION_LIMITS.documentsMin || request.isPending}
              onClick={() => void ask()}
            >
              {request.isPending ? 'Requesting...' : 'Request verification'}
            </Button>
          </div>
        )
      ) : null}
    </section>
  );
}
