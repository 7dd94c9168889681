import * as z from '../zod.ts';

/**
 * One field an owner changed since an administrator last reviewed the record, shown on the review
 * screens (a renamed company, a re-titled listing). Values are display text; `before` is the reviewed value.
 */
export const FieldChangeSchema = z.object({
  field: z.string(),
  label: z.string(),
  before: z.string(),
  after: z.string(),
});
export type FieldChange = z.infer<typeof FieldChangeSchema>;

/**
 * Adds `next` to the changes already waiting for review: a field keeps its first reviewed `before`
 * and takes the latest `after`; a field changed back to its reviewed value drops out.
 */
export function mergeFieldChanges(pending: FieldChange[] | null, next: FieldChange[]): FieldChange[] {
  const merged = new Map((pending ?? []).map((c) => [c.field, c]));
  for (const change of next) {
    const earlier = merged.get(change.field);
    const before = earlier ? earlier.before : change.before;
    if (before === change.after) merged.delete(change.field);
    else merged.set(change.field, { ...change, before });
  }
  return [...merged.values()];
}
