import type { FieldChange } from '@app/shared/admin/field-changes';

/**
 * A price change of more than this share of the reviewed price is material (a listing approved at $100
 * and repriced to $1, or to $1,000, is another offer); smaller changes are ordinary negotiation.
 */
export const MATERIAL_PRICE_CHANGE = 0.2;

const dollars = (cents: number) =>
  `$${(cents / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
const imageCount = (n: number) => `${n} ${n === 1 ? 'image' : 'images'}`;

/**
 * The material changes of an edit: what an administrator must see again before (pre-moderation) or
 * after (post-moderation) the public does. Title and description count on any change; images when
 * one is added (removing or reordering photos shows nothing new); the price beyond MATERIAL_PRICE_CHANGE.
 */
export function materialChanges(
  current: { title: string; description: string; priceCents: number; imageIds: string[] },
  next: { title?: string; description?: string; priceCents?: number; imageIds?: string[] },
): FieldChange[] {
  const changes: FieldChange[] = [];
  if (next.title !== undefined && next.title !== current.title)
    changes.push({ field: 'title', label: 'Title', before: current.title, after: next.title });
  if (next.description !== undefined && next.description !== current.description)
    changes.push({
      field: 'description',
      label: 'Description',
      before: current.description,
      after: next.description,
    });
  if (next.imageIds) {
    const added = next.imageIds.filter((id) => !current.imageIds.includes(id)).length;
    if (added > 0)
      changes.push({
        field: 'images',
        label: 'Images',
        before: imageCount(current.imageIds.length),
        after: `${imageCount(next.imageIds.length)} (${added} new)`,
      });
  }
  if (next.priceCents !== undefined && next.priceCents !== current.priceCents) {
    const base = Math.max(current.priceCents, 1);
    if (Math.abs(next.priceCents - current.priceCents) / base > MATERIAL_PRICE_CHANGE)
      changes.push({
        field: 'price',
        label: 'Price',
        before: dollars(current.priceCents),
        after: dollars(next.priceCents),
      });
  }
  return changes;
}
