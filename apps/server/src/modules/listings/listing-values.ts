import {
  type CreateListingBody,
  LISTING_LIMITS,
  LISTING_MESSAGES,
  stripMarkup,
  type UpdateListingBody,
} from '@app/shared/listings/listings.schemas';
import { gradeById } from '@app/shared/market/grades';
import { pricePerTonneCents, toTonnes } from '@app/shared/market/units';
import { dollarsToCents, roundHalfUp } from '@app/shared/money/money';
import { AppError } from '../../lib/app-error.ts';
import type { ListingWithSeller } from './listings.repository.ts';

/**
 * The server never stores markup, whatever the caller validated: strip again. Amounts are stored as
 * the contract accepted them (at most 1,000,000, 2 decimals): never clamped or rounded here.
 */
export function sanitised(body: UpdateListingBody) {
  return {
    ...(body.title !== undefined && { title: stripMarkup(body.title).slice(0, LISTING_LIMITS.titleMax) }),
    ...(body.description !== undefined && {
      description: stripMarkup(body.description).slice(0, LISTING_LIMITS.descriptionMax),
    }),
    ...(body.location !== undefined && {
      location: stripMarkup(body.location).slice(0, LISTING_LIMITS.locationMax),
    }),
    ...(body.type !== undefined && { type: body.type }),
    ...(body.category !== undefined && { category: body.category }),
    ...(body.unit !== undefined && { unit: body.unit }),
    ...(body.availability !== undefined && { availability: body.availability }),
    ...(body.price !== undefined && { priceCents: dollarsToCents(body.price) }),
    ...(body.quantity !== undefined && { quantity: body.quantity }),
  } as {
    title: string;
    description: string;
    location: string;
    type: CreateListingBody['type'];
    category: CreateListingBody['category'];
    unit: CreateListingBody['unit'];
    availability: CreateListingBody['availability'];
    priceCents: number;
    quantity: number;
  };
}

/**
 * The grade and trade terms to store. The grade must be one of the listing's category (the stored
 * category when an update leaves it); the named place goes with the Incoterm and is dropped without one.
 */
export function tradeTerms(
  body: UpdateListingBody,
  current: Pick<ListingWithSeller, 'category' | 'grade' | 'incoterm' | 'incotermPlace'> | null,
) {
  const category = body.category ?? current?.category;
  const grade = body.grade !== undefined ? body.grade : (current?.grade ?? null);
  const gradeRow = gradeById(grade);
  if (grade && (!gradeRow || gradeRow.category !== category))
    throw new AppError('VALIDATION_FAILED', LISTING_MESSAGES.gradeNotInCategory);
  const incoterm = body.incoterm !== undefined ? body.incoterm : (current?.incoterm ?? null);
  const place =
    body.incotermPlace !== undefined ? stripMarkup(body.incotermPlace ?? '') : (current?.incotermPlace ?? '');
  if (incoterm && !place) throw new AppError('VALIDATION_FAILED', LISTING_MESSAGES.incotermPlaceRequired);
  return {
    ...((body.grade !== undefined || body.category !== undefined) && { grade: gradeRow?.id ?? null }),
    ...((body.incoterm !== undefined || body.incotermPlace !== undefined) && {
      incoterm: incoterm ?? null,
      incotermPlace: incoterm ? place.slice(0, LISTING_LIMITS.incotermPlaceMax) : null,
    }),
    ...(body.packing !== undefined && { packing: body.packing }),
    ...(body.supplyFrequency !== undefined && { supplyFrequency: body.supplyFrequency }),
  };
}

const MAX_INTEGER = 2_147_483_647;

/**
 * The quantity in tonnes and the price in cents per tonne, null for pieces. A price per tonne past
 * the column's integer range (a fortune per pound) is left null: such a listing is not compared.
 */
export function perTonne(quantity: number, unit: CreateListingBody['unit'], priceCents: number) {
  const tonnes = toTonnes(quantity, unit);
  const centsPerTonne = pricePerTonneCents(priceCents, unit);
  return {
    quantityTonnes: tonnes === null ? null : roundHalfUp(tonnes * 10_000) / 10_000,
    pricePerTonneCents: centsPerTonne !== null && centsPerTonne <= MAX_INTEGER ? centsPerTonne : null,
  };
}
