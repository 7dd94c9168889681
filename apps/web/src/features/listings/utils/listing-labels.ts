import type { LISTING_AVAILABILITY } from '@app/shared/listings/listings.schemas';

export const AVAILABILITY_LABELS: Record<(typeof LISTING_AVAILABILITY)[number], string> = {
  immediate: 'Immediate',
  '1-week': 'Within 1 week',
  '2-weeks': 'Within 2 weeks',
  '1-month': 'Within 1 month',
  flexible: 'Flexible',
};
