import { type AdminCompany, VERIFICATION_STATE_LABELS } from '@app/shared/companies/companies.schemas';
import { PrivateFileLink } from '@/components/private-file-picker';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { countryName } from '../components/country-names';

/** The fraud signals an administrator weighs before verifying, as plain sentences. */
function warningLines(company: AdminCompany): string[] {
  const { warnings } = company;
  const lines: string[] = [];
  if (warnings.freeMail) lines.push(`The contact email ${company.contactEmail} is at a free-mail provider.`);
  if (warnings.taxIdProblem) lines.push(warnings.taxIdProblem);
  for (const other of warnings.taxIdUsedBy)
    lines.push(`The tax id ${company.taxId} is already used by ${other.companyName}.`);
  for (const other of warnings.similarVerifiedCompanies)
    lines.push(`The name is close to the verified company ${other.companyName}.`);
  return lines;
}

/** What an administrator decides a verification on: the facts, the private documents and the warnings. */
export function VerificationDossier({ company }: { company: AdminCompany }) {
  const { verification } = company;
  const warnings = company.verified ? [] : warningLines(company);
  return (
    <div className="grid gap-3 rounded-md border bg-muted/40 p-3 text-sm">
      <dl className="grid gap-x-6 gap-y-1 sm:grid-cols-3">
        <div>
          <dt className="text-muted-foreground">Verification</dt>
          <dd className="font-medium">{VERIFICATION_STATE_LABELS[verification.state]}</dd>
        </div>
        <div>
          <dt className="text-muted-foreground">Country</dt>
          <dd className="font-medium">{company.country ? countryName(company.country) : 'Not set'}</dd>
        </div>
        <div>
          <dt className="text-muted-foreground">Tax id</dt>
          <dd className="font-medium break-words">{company.taxId ?? 'Not set'}</dd>
        </div>
      </dl>
      <div className="grid gap-1">
        <p className="text-muted-foreground">Registration documents</p>
        {verification.documents.length === 0 ? (
          <p>None uploaded.</p>
        ) : (
          <ul className="grid gap-1">
            {verification.documents.map((file) => (
              <li key={file.id}>
                <PrivateFileLink file={file} />
              </li>
            ))}
          </ul>
        )}
      </div>
      {verification.state === 'refused' && verification.refusalReason ? (
        <p>
          <span className="text-muted-foreground">Refused: </span>
          {verification.refusalReason}
        </p>
      ) : null}
      {warnings.length > 0 ? (
        <Alert variant="warning" role="note" aria-label={`Warnings for ${company.companyName}`}>
          <AlertTitle>Check before verifying</AlertTitle>
          <AlertDescription>
            <ul className="list-disc pl-4">
              {warnings.map((line) => (
                <li key={line}>{line}</li>
              ))}
            </ul>
          </AlertDescription>
        </Alert>
      ) : null}
    </div>
  );
}
