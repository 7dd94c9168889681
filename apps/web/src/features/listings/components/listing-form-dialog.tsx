import {
  type CreateListingBody,
  CreateListingBodySchema,
  type CreateListingInput,
  LISTING_AVAILABILITY,
  LISTING_CATEGORIES,
  LISTING_LIMITS,
  LISTING_UNITS,
  type OwnListing,
} from '@app/shared/listings/listings.schemas';
import { gradeById, gradeLabel, gradesOf } from '@app/shared/market/grades';
import {
  INCOTERM_INFO,
  INCOTERMS,
  PACKING_LABELS,
  PACKING_TYPES,
  SUPPLY_FREQUENCIES,
  SUPPLY_FREQUENCY_LABELS,
} from '@app/shared/market/trade-terms';
import { UNIT_LABELS } from '@app/shared/market/units';
import { PLATFORM_MESSAGES, type Pricing } from '@app/shared/settings/settings.schemas';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { Input, Textarea } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/components/ui/toast';
import { parseApiError } from '@/lib/api-client';
import { useAuthDialog } from '@/lib/auth-client';
import { capitalize, formatUsd, formatUtcDate } from '@/lib/format';
import { openPaymentTab, type PendingPaymentTab } from '@/lib/payment-tab';
import { usePlatformStatus } from '@/lib/platform-status';
import { useCreateListing } from '../api/create-listing';
import { useListingUsage } from '../api/get-listing-usage';
import { useUpdateListing } from '../api/update-listing';
import { useImageUploads } from '../hooks/use-image-uploads';
import { featuredCheckoutWatch } from '../utils/featured-checkout-watch';
import { AVAILABILITY_LABELS } from '../utils/listing-labels';
import { ImageUploader } from './image-uploader';
import { ListingUsageBanner } from './listing-usage-banner';

type ListingFormDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Edit this listing; without it the dialog creates one. */
  listing?: OwnListing;
  /** The featured fee and duration for the wantsFeatured label (from usePricing in the route). */
  pricing?: Pricing;
  /** Shown under the price (the route passes the market's "check the unit" warning). */
  priceHint?: (price: PriceHintInput) => ReactNode;
};

/** What a price hint reads from the form as it is typed; `price` in dollars per `unit`. */
export type PriceHintInput = Pick<CreateListingInput, 'category' | 'grade' | 'price' | 'unit'>;

/** The create-listing form of the dashboard, and the same form prefilled for Edit on manage listings. */
export function ListingFormDialog({
  open,
  onOpenChange,
  listing,
  pricing,
  priceHint,
}: ListingFormDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-2xl">
        <DialogHeader>
          <DialogTitle>{listing ? 'Edit Listing' : 'Create Listing'}</DialogTitle>
          <DialogDescription>
            {listing
              ? 'Change the details buyers and sellers see.'
              : 'Describe the material you want to buy or sell.'}
          </DialogDescription>
        </DialogHeader>
        {/* Mounted only while open, so every opening starts from a fresh form. */}
        {open ? (
          <ListingForm
            listing={listing}
            pricing={pricing}
            priceHint={priceHint}
            onDone={() => onOpenChange(false)}
          />
        ) : null}
      </DialogContent>
    </Dialog>
  );
}

/** "" from an emptied number box counts as 0, so the spec's "must be greater than 0" shows. */
const asAmount = (value: unknown) =>
  value === '' || value === null || value === undefined ? 0 : Number(value);
/** An optional select's "None" option ("") is null in the body. */
const orNull = (value: unknown) => (value === '' || value === undefined ? null : value);

function ListingForm({
  listing,
  pricing,
  priceHint,
  onDone,
}: {
  listing?: OwnListing;
  pricing?: Pricing;
  priceHint?: ListingFormDialogProps['priceHint'];
  onDone: () => void;
}) {
  const isEdit = Boolean(listing);
  const usage = useListingUsage(!isEdit);
  const create = useCreateListing();
  const queryClient = useQueryClient();
  const update = useUpdateListing();
  const authDialog = useAuthDialog();
  const uploads = useImageUploads(listing?.images);
  const form = useForm<CreateListingInput, unknown, CreateListingBody>({
    resolver: zodResolver(CreateListingBodySchema),
    defaultValues: listing
      ? {
          title: listing.title,
          type: listing.type,
          description: listing.description,
          availability: listing.availability,
          category: listing.category,
          location: listing.location,
          price: listing.priceCents / 100,
          quantity: listing.quantity,
          unit: listing.unit,
          grade: listing.grade,
          incoterm: listing.incoterm,
          incotermPlace: listing.incotermPlace ?? '',
          packing: listing.packing,
          supplyFrequency: listing.supplyFrequency,
          imageIds: [],
          wantsFeatured: false,
        }
      : {
          title: '',
          type: 'sell',
          description: '',
          availability: 'immediate',
          category: 'metals',
          location: '',
          unit: 'tons',
          grade: null,
          incoterm: null,
          incotermPlace: '',
          packing: null,
          supplyFrequency: 'one_off',
          imageIds: [],
          wantsFeatured: false,
        },
  });
  const { errors, submitCount } = form.formState;
  const category = form.watch('category') ?? 'metals';
  const grades = gradesOf(category);
  const grade = gradeById(form.watch('grade'));
  const incoterm = form.watch('incoterm');
  // Grades belong to one category: a grade of the previous category is cleared when it changes.
  useEffect(() => {
    const current = gradeById(form.getValues('grade'));
    if (current && current.category !== category) form.setValue('grade', null);
  }, [category, form]);

  const limitReached =
    !isEdit && usage.data !== undefined && usage.data.limit !== null && !usage.data.canCreate;
  // An administrator has closed new listings (System Settings); editing existing ones still works.
  const platform = usePlatformStatus();
  const listingsClosed = !isEdit && platform.data?.newListingsOpen === false;

  const onSubmit = form.handleSubmit(async (values) => {
    const body = { ...values, imageIds: uploads.imageIds };
    let tab: PendingPaymentTab | null = null;
    try {
      if (listing) {
        const { wantsFeatured: _ignored, ...changes } = body;
        await update.mutateAsync({ id: listing.id, body: changes });
        toast.success('Listing updated successfully!');
        onDone();
        return;
      }
      // Featuring is paid on the provider's page: its tab opens now, within the click.
      tab = values.wantsFeatured ? openPaymentTab() : null;
      const result = await create.mutateAsync(body);
      const expires = result.listing.expiresAt;
      toast.success(
        expires ? `Listing created! It expires on ${formatUtcDate(expires)}.` : 'Listing created!',
      );
      if (result.featuredCheckoutUrl)
        (tab ?? openPaymentTab()).go(
          featuredCheckoutWatch(queryClient, result.listing, result.featuredCheckoutUrl),
        );
      else tab?.discard();
      onDone();
    } catch (error) {
      tab?.discard();
      const apiError = parseApiError(error);
      if (apiError.code === 'UNAUTHENTICATED') {
        toast.error('Authentication required', { description: 'Please sign in to continue.' });
        authDialog.open('signin');
      } else if (apiError.code === 'NEW_LISTINGS_CLOSED') {
        // The interceptor re-reads the platform status, so the closed notice replaces the banner.
        toast.error('Failed to create listing', { description: apiError.message });
      } else if (apiError.code === 'LISTING_LIMIT_REACHED') {
        toast.error('Monthly limit reached', { description: apiError.message });
        void usage.refetch();
      } else if (apiError.code === 'VALIDATION_FAILED') {
        toast.error('Validation Error', { description: apiError.message });
      } else {
        toast.error(isEdit ? 'Failed to update listing' : 'Failed to create listing', {
          description: apiError.message,
        });
      }
    }
  });

  const busy = form.formState.isSubmitting || create.isPending || update.isPending;
  const errorList = Object.values(errors)
    .map((e) => (e && 'message' in e ? e.message : undefined))
    .filter((m): m is string => Boolean(m));
  const featuredLabel = pricing
    ? `Feature this listing for ${pricing.featuredListing.days} days — ${formatUsd(pricing.featuredListing.feeCents)}`
    : 'Feature this listing';

  let submitLabel = isEdit ? 'Save Changes' : 'Create Listing';
  if (listingsClosed) submitLabel = 'Listings Closed';
  else if (limitReached) submitLabel = 'Limit Reached';
  else if (uploads.isUploading) submitLabel = 'Uploading images...';
  else if (busy) submitLabel = isEdit ? 'Saving...' : 'Creating...';

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-5">
      {listingsClosed ? (
        <Alert variant="warning">
          <AlertTitle>New listings closed</AlertTitle>
          <AlertDescription>{PLATFORM_MESSAGES.newListingsClosed}</AlertDescription>
        </Alert>
      ) : !isEdit ? (
        usage.data ? (
          <ListingUsageBanner usage={usage.data} />
        ) : usage.isPending ? (
          <Skeleton className="h-16 w-full" />
        ) : null
      ) : null}
      <FormField label="Title" error={errors.title?.message}>
        <Input maxLength={LISTING_LIMITS.titleMax} {...form.register('title')} />
      </FormField>
      <div className="grid gap-5 sm:grid-cols-2">
        <FormField label="Type" error={errors.type?.message}>
          <Select {...form.register('type')}>
            <option value="sell">Sell</option>
            <option value="buy">Buy</option>
          </Select>
        </FormField>
        <FormField label="Category" error={errors.category?.message}>
          <Select {...form.register('category')}>
            {LISTING_CATEGORIES.map((c) => (
              <option key={c} value={c}>
                {capitalize(c)}
              </option>
            ))}
          </Select>
        </FormField>
      </div>
      <FormField label="Description" error={errors.description?.message}>
        <Textarea rows={4} maxLength={LISTING_LIMITS.descriptionMax} {...form.register('description')} />
      </FormField>
      <div className="grid gap-5 sm:grid-cols-2">
        <FormField label="Availability" error={errors.availability?.message}>
          <Select {...form.register('availability')}>
            {LISTING_AVAILABILITY.map((a) => (
              <option key={a} value={a}>
                {AVAILABILITY_LABELS[a]}
              </option>
            ))}
          </Select>
        </FormField>
        <FormField label="Location" error={errors.location?.message}>
          <Input autoComplete="address-level2" placeholder="City, Country" {...form.register('location')} />
        </FormField>
      </div>
      <div className="grid gap-5 sm:grid-cols-3">
        <FormField
          label="Price per unit ($)"
          error={errors.price?.message}
          hint={priceHint?.({
            category,
            grade: form.watch('grade'),
            price: form.watch('price'),
            unit: form.watch('unit'),
          })}
        >
          <Input
            type="number"
            inputMode="decimal"
            min={0}
            step="0.01"
            {...form.register('price', { setValueAs: asAmount })}
          />
        </FormField>
        <FormField label="Quantity" error={errors.quantity?.message}>
          <Input
            type="number"
            inputMode="decimal"
            min={0}
            step="0.01"
            {...form.register('quantity', { setValueAs: asAmount })}
          />
        </FormField>
        <FormField label="Unit" error={errors.unit?.message}>
          <Select {...form.register('unit')}>
            {LISTING_UNITS.map((u) => (
              <option key={u} value={u}>
                {capitalize(UNIT_LABELS[u].plural)}
              </option>
            ))}
          </Select>
        </FormField>
      </div>
      <FormField
        label="Grade (optional)"
        error={errors.grade?.message}
        hint={grade ? grade.description : 'The ReMA (ISRI) code word or the grade the trade knows it by.'}
      >
        <Select {...form.register('grade', { setValueAs: orNull })}>
          <option value="">No specific grade</option>
          {grades.map((g) => (
            <option key={g.id} value={g.id}>
              {gradeLabel(g)}
            </option>
          ))}
        </Select>
      </FormField>
      <div className="grid gap-5 sm:grid-cols-[15rem_1fr]">
        <FormField label="Incoterm (optional)" error={errors.incoterm?.message}>
          <Select {...form.register('incoterm', { setValueAs: orNull })}>
            <option value="">None</option>
            {INCOTERMS.map((term) => (
              <option key={term} value={term}>
                {term} · {INCOTERM_INFO[term].name}
              </option>
            ))}
          </Select>
        </FormField>
        <FormField
          label="Named place"
          error={errors.incotermPlace?.message}
          hint={
            incoterm ? `The ${INCOTERM_INFO[incoterm].place}, e.g. Rotterdam` : 'Needed with an Incoterm.'
          }
        >
          <Input
            maxLength={LISTING_LIMITS.incotermPlaceMax}
            placeholder="City or port"
            {...form.register('incotermPlace')}
          />
        </FormField>
      </div>
      <div className="grid gap-5 sm:grid-cols-2">
        <FormField label="Packing (optional)" error={errors.packing?.message}>
          <Select {...form.register('packing', { setValueAs: orNull })}>
            <option value="">Not specified</option>
            {PACKING_TYPES.map((p) => (
              <option key={p} value={p}>
                {PACKING_LABELS[p]}
              </option>
            ))}
          </Select>
        </FormField>
        <FormField label="Supply" error={errors.supplyFrequency?.message}>
          <Select {...form.register('supplyFrequency')}>
            {SUPPLY_FREQUENCIES.map((f) => (
              <option key={f} value={f}>
                {SUPPLY_FREQUENCY_LABELS[f]}
              </option>
            ))}
          </Select>
        </FormField>
      </div>
      <ImageUploader uploads={uploads} />
      {!isEdit ? (
        <label className="flex items-start gap-3 rounded-md border p-3 text-sm">
          <input
            type="checkbox"
            className="mt-0.5 size-4 accent-primary"
            {...form.register('wantsFeatured')}
          />
          <span>
            <span className="font-medium">{featuredLabel}</span>
            <span className="block text-muted-foreground">
              Featured listings show first on the home page. You pay after the listing is created.
            </span>
          </span>
        </label>
      ) : null}
      {submitCount > 0 && errorList.length > 0 ? (
        <Alert variant="destructive">
          <AlertTitle>Please fix the following</AlertTitle>
          <AlertDescription>{errorList.join(', ')}</AlertDescription>
        </Alert>
      ) : null}
      <DialogFooter>
        <Button variant="outline" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" disabled={busy || limitReached || listingsClosed || uploads.isUploading}>
          {submitLabel}
        </Button>
      </DialogFooter>
    </form>
  );
}
