import { MATERIALS, type Material, SECTORS, type Sector } from '@app/shared/catalog/catalog';
import {
  COMPANY_LIMITS,
  COMPANY_MESSAGES,
  COMPANY_TYPES,
  type Company,
  type CompanyBody,
  CompanyBodySchema,
  type CompanyInput,
  DEFAULT_COMPANY_TYPE,
  type OwnCompany,
  VERIFICATION_MESSAGES,
  verifiedFieldChanges,
} from '@app/shared/companies/companies.schemas';
import { checkTaxId, type TaxIdScheme, taxIdSchemeOf } from '@app/shared/trust/tax-ids';
import { zodResolver } from '@hookform/resolvers/zod';
import { ArrowLeft, ArrowRight, Check } from 'lucide-react';
import { type FormEvent, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { ChangeList } from '@/components/ui/change-list';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { FormField } from '@/components/ui/form-field';
import { Input, Textarea } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { toast } from '@/components/ui/toast';
import { ApiRequestError, parseApiError } from '@/lib/api-client';
import { useAuthDialog } from '@/lib/auth-client';
import { cn } from '@/lib/cn';
import { useCreateCompany } from '../api/create-company';
import { useUpdateCompany } from '../api/update-company';
import { companyTypeLabel } from './company-badges';
import { COUNTRY_OPTIONS } from './country-names';

const STEPS = ['Basic Info', 'Materials & Sector', 'Additional Details'] as const;
const LAST_STEP = STEPS.length - 1;
const UNEXPECTED_ERROR = 'An unexpected error occurred. Please try again.';

const TYPE_HINTS: Record<Company['companyType'], string> = {
  buyer: 'You buy recyclable materials.',
  seller: 'You sell recyclable materials.',
  both: 'You buy and sell.',
};

const fields = CompanyBodySchema.shape;
const STEP_FIELDS = [
  ['companyName', 'contactEmail', 'companyType'],
  ['materials', 'sector'],
  ['description', 'phone', 'website', 'address', 'country', 'taxId'],
] as const satisfies readonly (readonly (keyof CompanyInput)[])[];

type CompanyWizardProps = {
  /** Edit this company; without it the wizard creates one. */
  company?: OwnCompany;
  /** Prefills the contact email of a new company. */
  defaultContactEmail: string;
  /** Prefill a new company from the sign-up profile: its company name and recycling sector. */
  signUpProfile?: { company: string | null; sector: string | null };
  /** After a successful save. */
  onDone: () => void;
  onCancel: () => void;
};

const TAX_ID_HINTS: Record<TaxIdScheme, string> = {
  eu_vat: 'The VAT number with its country prefix, e.g. DE123456789.',
  gb_vat: 'The VAT number, e.g. GB123456789.',
  us_ein: 'The EIN, e.g. 12-3456789.',
  in_gstin: 'The 15-character GSTIN.',
  other: 'The tax or company registration number as on your registration.',
};

/** What the tax id field asks for in the chosen country (VAT, EIN, GSTIN or the local equal). */
const taxIdHint = (country: string) =>
  country ? `Optional. ${TAX_ID_HINTS[taxIdSchemeOf(country)]}` : 'Optional. Choose the country first.';

/** The live check of a typed tax id: a confirmation, or the country rules' message. */
function checkTypedTaxId(country: string, taxId: string): { ok?: string; problem?: string } | null {
  if (!taxId) return null;
  if (!country) return { problem: VERIFICATION_MESSAGES.countryFirst };
  const check = checkTaxId(country, taxId);
  return check.ok ? { ok: `Looks right: ${check.normalised}.` } : { problem: check.message };
}

/** The values as the server will store them: a tax id typed with spaces or in lower case is the same one. */
function asStored(values: CompanyBody): CompanyBody {
  if (!values.taxId || !values.country) return values;
  const check = checkTaxId(values.country, values.taxId);
  return check.ok ? { ...values, taxId: check.normalised } : values;
}

const knownSector = (sector: string | null | undefined): Sector | null =>
  (SECTORS as readonly string[]).includes(sector ?? '') ? (sector as Sector) : null;

function toFormValues(
  company: OwnCompany | undefined,
  defaultContactEmail: string,
  signUpProfile: CompanyWizardProps['signUpProfile'],
): CompanyInput {
  if (!company)
    return {
      companyName: signUpProfile?.company ?? '',
      contactEmail: defaultContactEmail,
      companyType: DEFAULT_COMPANY_TYPE,
      materials: [],
      sector: knownSector(signUpProfile?.sector),
      description: '',
      phone: '',
      website: '',
      address: '',
      country: '',
      taxId: '',
    };
  return {
    companyName: company.companyName,
    contactEmail: company.contactEmail,
    companyType: company.companyType,
    // Stored values come from the same lists; anything unknown is dropped rather than failing the form.
    materials: company.materials.filter((m): m is Material => (MATERIALS as readonly string[]).includes(m)),
    sector: knownSector(company.sector),
    description: company.description ?? '',
    phone: company.phone ?? '',
    website: company.website ?? '',
    address: company.address ?? '',
    country: company.country ?? '',
    taxId: company.taxId ?? '',
  };
}

/**
 * The company form as the spec's three-step wizard: Basic Info, Materials & Sector, Additional Details.
 * Next stays disabled until the step's required fields are valid; only the last step submits.
 */
export function CompanyWizard({
  company,
  defaultContactEmail,
  signUpProfile,
  onDone,
  onCancel,
}: CompanyWizardProps) {
  const isEdit = Boolean(company);
  const create = useCreateCompany();
  const update = useUpdateCompany();
  const authDialog = useAuthDialog();
  const [step, setStep] = useState(0);
  const stepHeadingRef = useRef<HTMLHeadingElement>(null);
  const form = useForm<CompanyInput, unknown, CompanyBody>({
    resolver: zodResolver(CompanyBodySchema),
    mode: 'onTouched',
    defaultValues: toFormValues(company, defaultContactEmail, signUpProfile),
  });
  const { errors } = form.formState;
  const [companyName, contactEmail, companyType, materials] = useWatch({
    control: form.control,
    name: ['companyName', 'contactEmail', 'companyType', 'materials'],
  });

  const canLeaveStep = [
    fields.companyName.safeParse(companyName).success &&
      fields.contactEmail.safeParse(contactEmail).success &&
      fields.companyType.safeParse(companyType).success,
    fields.materials.safeParse(materials).success,
    true,
  ][step];

  // Moving between steps puts focus on the new step's heading, so keyboard and screen reader users follow.
  const goTo = (next: number) => {
    flushSync(() => setStep(next));
    stepHeadingRef.current?.focus();
  };

  const goNext = async () => {
    if (await form.trigger([...STEP_FIELDS[step]])) goTo(Math.min(step + 1, LAST_STEP));
  };

  // A stored value that no longer passes (an edited company) may sit on an earlier step: go there.
  const showFirstInvalidStep = (invalid: Partial<Record<keyof CompanyInput, unknown>>) => {
    const first = STEP_FIELDS.findIndex((names) => names.some((name) => name in invalid));
    if (first >= 0 && first !== step) goTo(first);
  };

  // The tax id is checked by its country's rules as it is typed; the server checks it again.
  const watchedCountry = form.watch('country') ?? '';
  const watchedTaxId = (form.watch('taxId') ?? '').trim();
  const taxIdCheck = checkTypedTaxId(watchedCountry, watchedTaxId);

  // Values waiting for the owner's confirmation that a verified company goes back to review.
  const [unconfirmed, setUnconfirmed] = useState<CompanyBody | null>(null);
  const reverifyChanges = company && unconfirmed ? verifiedFieldChanges(company, asStored(unconfirmed)) : [];

  const save = form.handleSubmit(async (values) => {
    if (company?.verified && verifiedFieldChanges(company, asStored(values)).length > 0) {
      setUnconfirmed(values);
      return;
    }
    await persist(values);
  }, showFirstInvalidStep);

  const persist = async (values: CompanyBody) => {
    try {
      if (company) {
        const saved = await update.mutateAsync({ id: company.id, body: values });
        if (company.verified && !saved.verified)
          toast.success(COMPANY_MESSAGES.updated, { description: COMPANY_MESSAGES.reverifyNotice });
        else toast.success(COMPANY_MESSAGES.updated);
      } else {
        await create.mutateAsync(values);
        toast.success(COMPANY_MESSAGES.created);
      }
      setUnconfirmed(null);
      onDone();
    } catch (error) {
      setUnconfirmed(null);
      showSaveError(error);
    }
  };

  const showSaveError = (error: unknown) => {
    if (!(error instanceof ApiRequestError)) {
      toast.error(isEdit ? COMPANY_MESSAGES.updateFailed : UNEXPECTED_ERROR, {
        description: isEdit ? UNEXPECTED_ERROR : undefined,
      });
      return;
    }
    const apiError = parseApiError(error);
    const serverMessage =
      apiError.code === 'UNKNOWN' || apiError.code === 'INTERNAL' ? undefined : apiError.message;
    if (isEdit) toast.error(COMPANY_MESSAGES.updateFailed, { description: serverMessage });
    else toast.error(serverMessage ?? COMPANY_MESSAGES.createFailed);
    if (apiError.code === 'UNAUTHENTICATED') authDialog.open('signin');
  };

  // Enter in a field of an earlier step moves forward instead of submitting.
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    if (step < LAST_STEP) {
      event.preventDefault();
      if (canLeaveStep) void goNext();
      return;
    }
    void save(event);
  };

  const busy = form.formState.isSubmitting || create.isPending || update.isPending;
  let submitLabel = isEdit ? 'Save Changes' : 'Create Company';
  if (busy) submitLabel = isEdit ? 'Saving...' : 'Creating...';

  return (
    <form
      onSubmit={onSubmit}
      noValidate
      aria-label="Company profile"
      className="grid gap-6"
      aria-busy={busy || undefined}
    >
      <StepIndicator step={step} />
      {/* The heading repeats the indicator's label, so wide screens keep it for screen readers only. */}
      <h4
        ref={stepHeadingRef}
        tabIndex={-1}
        className="text-base font-semibold focus:outline-none md:sr-only"
      >
        <span className="sr-only">
          Step {step + 1} of {STEPS.length}:{' '}
        </span>
        {STEPS[step]}
      </h4>

      {step === 0 ? (
        <div className="grid gap-5">
          <FormField label="Company Name" error={errors.companyName?.message}>
            <Input
              autoComplete="organization"
              maxLength={COMPANY_LIMITS.companyNameMax}
              {...form.register('companyName')}
            />
          </FormField>
          <FormField
            label="Contact Email"
            error={errors.contactEmail?.message}
            hint="Where traders reach your company."
          >
            <Input
              type="email"
              autoComplete="email"
              maxLength={COMPANY_LIMITS.contactEmailMax}
              {...form.register('contactEmail')}
            />
          </FormField>
          <fieldset className="grid gap-2">
            <legend className="mb-2 text-sm font-medium leading-none">Company Type</legend>
            <div className="grid gap-2 sm:grid-cols-3">
              {COMPANY_TYPES.map((type) => (
                <label
                  key={type}
                  className="flex cursor-pointer items-start gap-3 rounded-md border p-3 text-sm transition-colors hover:bg-muted has-[:checked]:border-primary has-[:checked]:bg-primary-soft has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-ring"
                >
                  <input
                    type="radio"
                    value={type}
                    className="mt-0.5 size-4 shrink-0 accent-primary focus-visible:outline-none"
                    {...form.register('companyType')}
                  />
                  <span>
                    <span className="block font-medium">{companyTypeLabel(type)}</span>
                    <span className="block text-muted-foreground">{TYPE_HINTS[type]}</span>
                  </span>
                </label>
              ))}
            </div>
            {errors.companyType?.message ? (
              <p className="text-[0.8125rem] font-medium text-destructive">{errors.companyType.message}</p>
            ) : null}
          </fieldset>
        </div>
      ) : null}

      {step === 1 ? (
        <div className="grid gap-5">
          <Controller
            control={form.control}
            name="materials"
            render={({ field, fieldState }) => {
              const selected = new Set<string>(field.value ?? []);
              const toggle = (material: Material, on: boolean) =>
                field.onChange(MATERIALS.filter((m) => (m === material ? on : selected.has(m))));
              return (
                <fieldset
                  className="grid gap-2"
                  aria-describedby={fieldState.error ? 'company-materials-error' : 'company-materials-hint'}
                >
                  <legend className="mb-1 text-sm font-medium leading-none">Materials</legend>
                  <p id="company-materials-hint" className="text-[0.8125rem] text-muted-foreground">
                    Choose every material your company buys or sells.
                  </p>
                  <div className="grid grid-cols-1 gap-2 min-[400px]:grid-cols-2 sm:grid-cols-3">
                    {MATERIALS.map((material) => (
                      <label
                        key={material}
                        className="flex cursor-pointer items-center gap-2.5 rounded-md border px-3 py-2.5 text-sm transition-colors hover:bg-muted has-[:checked]:border-primary has-[:checked]:bg-primary-soft has-[:checked]:text-primary-soft-foreground has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-ring"
                      >
                        <input
                          type="checkbox"
                          name={field.name}
                          value={material}
                          checked={selected.has(material)}
                          onChange={(e) => toggle(material, e.target.checked)}
                          onBlur={field.onBlur}
                          className="size-4 shrink-0 accent-primary focus-visible:outline-none"
                        />
                        {material}
                      </label>
                    ))}
                  </div>
                  {fieldState.error?.message ? (
                    <p id="company-materials-error" className="text-[0.8125rem] font-medium text-destructive">
                      {fieldState.error.message}
                    </p>
                  ) : null}
                </fieldset>
              );
            }}
          />
          <Controller
            control={form.control}
            name="sector"
            render={({ field, fieldState }) => (
              <FormField label="Sector" error={fieldState.error?.message} hint="Optional.">
                <Select
                  name={field.name}
                  ref={field.ref}
                  value={field.value ?? ''}
                  onChange={(e) => field.onChange(e.target.value === '' ? null : e.target.value)}
                  onBlur={field.onBlur}
                >
                  <option value="">No sector</option>
                  {SECTORS.map((sector) => (
                    <option key={sector} value={sector}>
                      {sector}
                    </option>
                  ))}
                </Select>
              </FormField>
            )}
          />
        </div>
      ) : null}

      {step === 2 ? (
        <div className="grid gap-5">
          <FormField label="Description" error={errors.description?.message} hint="Optional.">
            <Textarea
              rows={4}
              maxLength={COMPANY_LIMITS.descriptionMax}
              placeholder="What your company does, volumes you handle, regions you serve."
              {...form.register('description')}
            />
          </FormField>
          <div className="grid gap-5 sm:grid-cols-2">
            <FormField label="Phone" error={errors.phone?.message} hint="Optional.">
              <Input
                type="tel"
                autoComplete="tel"
                maxLength={COMPANY_LIMITS.phoneMax}
                {...form.register('phone')}
              />
            </FormField>
            <FormField label="Website" error={errors.website?.message} hint="Optional.">
              <Input
                type="url"
                autoComplete="url"
                placeholder="https://example.com"
                maxLength={COMPANY_LIMITS.websiteMax}
                {...form.register('website')}
              />
            </FormField>
          </div>
          <FormField
            label="Address"
            error={errors.address?.message}
            hint="Optional. The registered address is needed for verification."
          >
            <Textarea
              rows={2}
              className="min-h-16"
              autoComplete="street-address"
              maxLength={COMPANY_LIMITS.addressMax}
              {...form.register('address')}
            />
          </FormField>
          <div className="grid gap-5 sm:grid-cols-2">
            <FormField
              label="Country"
              error={errors.country?.message}
              hint="Optional. Needed for verification."
            >
              <Select autoComplete="country" {...form.register('country')}>
                <option value="">Not set</option>
                {COUNTRY_OPTIONS.map((country) => (
                  <option key={country.code} value={country.code}>
                    {country.name}
                  </option>
                ))}
              </Select>
            </FormField>
            <FormField
              label="Tax id"
              error={errors.taxId?.message ?? taxIdCheck?.problem}
              hint={taxIdCheck?.ok ?? taxIdHint(watchedCountry)}
            >
              <Input maxLength={COMPANY_LIMITS.taxIdMax} spellCheck={false} {...form.register('taxId')} />
            </FormField>
          </div>
        </div>
      ) : null}

      <div className="flex flex-col-reverse gap-2 border-t pt-5 sm:flex-row sm:items-center">
        <Button variant="ghost" onClick={onCancel} disabled={busy} className="sm:mr-auto">
          Cancel
        </Button>
        {step > 0 ? (
          <Button variant="outline" onClick={() => goTo(step - 1)} disabled={busy}>
            <ArrowLeft aria-hidden />
            Back
          </Button>
        ) : null}
        {/* Separate keys keep Next and the submit button distinct elements, so the click on Next never submits. */}
        {step < LAST_STEP ? (
          <Button key="next" onClick={() => void goNext()} disabled={!canLeaveStep}>
            Next
            <ArrowRight aria-hidden />
          </Button>
        ) : (
          <Button key="submit" type="submit" disabled={busy}>
            <Check aria-hidden />
            {submitLabel}
          </Button>
        )}
      </div>
      <ConfirmDialog
        open={unconfirmed !== null}
        onOpenChange={(open) => !open && setUnconfirmed(null)}
        title={COMPANY_MESSAGES.reverifyTitle}
        description={`${company?.companyName} is verified. Changing its name or contact email removes the Verified badge until our admin team verifies the company again; it stays listed in the directory meanwhile.`}
        confirmLabel="Save and Request Verification"
        busyLabel="Saving..."
        isBusy={update.isPending}
        destructive={false}
        onConfirm={() => unconfirmed && void persist(unconfirmed)}
      >
        <ChangeList title="You are changing" changes={reverifyChanges} />
      </ConfirmDialog>
    </form>
  );
}

function StepIndicator({ step }: { step: number }) {
  return (
    <div className="grid gap-2">
      <ol className="flex items-center gap-2" aria-label="Steps">
        {STEPS.map((label, index) => {
          const isDone = index < step;
          const isCurrent = index === step;
          return (
            <li
              key={label}
              aria-current={isCurrent ? 'step' : undefined}
              className="flex flex-1 items-center gap-2 text-sm last:flex-none"
            >
              <span
                className={cn(
                  'flex size-7 shrink-0 items-center justify-center rounded-full border text-xs font-semibold tabular-nums',
                  isCurrent && 'border-primary bg-primary text-primary-foreground',
                  isDone && 'border-primary bg-primary-soft text-primary-soft-foreground',
                  !isCurrent && !isDone && 'border-slate-300 text-muted-foreground',
                )}
              >
                {isDone ? <Check className="size-3.5" aria-hidden /> : index + 1}
              </span>
              <span
                className={cn(
                  'sr-only whitespace-nowrap md:not-sr-only',
                  isCurrent ? 'font-medium text-foreground' : 'text-muted-foreground',
                )}
              >
                {label}
                {isDone ? <span className="sr-only"> (done)</span> : null}
              </span>
              {index < LAST_STEP ? (
                <span aria-hidden className={cn('h-px flex-1', isDone ? 'bg-primary' : 'bg-border')} />
              ) : null}
            </li>
          );
        })}
      </ol>
      <p aria-hidden className="text-[0.8125rem] text-muted-foreground md:hidden">
        Step {step + 1} of {STEPS.length}
      </p>
    </div>
  );
}
