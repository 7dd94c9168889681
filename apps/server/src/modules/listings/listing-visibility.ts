/**
 * The one definition of a visible listing (the public marketplace): active, not rejected, not held for
 * review (listing-hold.ts), and approved when pre-moderation is on. It is SQL text over a table or view
 * alias (none: unqualified, for index predicates), so the partial indexes, the listings queries and
 * smart matching read the same condition, and the planner matches the queries to the indexes.
 */
export function visibleListingSql(alias: string | null = null, preModeration = false): string {
  const column = (name: string) => (alias ? `${alias}.${name}` : name);
  const visible = `${column('status')} = 'active' and ${column('approval_status')} <> 'rejected' and ${column('hold_reason')} is null`;
  return preModeration ? `${visible} and ${column('approval_status')} = 'approved'` : visible;
}
