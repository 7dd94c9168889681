import type { DirectoryQuery } from '@app/shared/companies/companies.schemas';
import { and, arrayOverlaps, count, desc, eq, ilike, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { userDirectory } from '../accounts/index.ts';
import { companies } from './companies.table.ts';

export type CompanyRow = typeof companies.$inferSelect;
export type NewCompanyRow = typeof companies.$inferInsert;
export type CompanyWithOwner = CompanyRow & { ownerEmail: string; ownerName: string };

const withOwner = { company: companies, ownerEmail: userDirectory.email, ownerName: userDirectory.name };
const flatten = (r: { company: CompanyRow; ownerEmail: string; ownerName: string }): CompanyWithOwner => ({
  ...r.company,
  ownerEmail: r.ownerEmail,
  ownerName: r.ownerName,
});

/** Escapes LIKE wildcards so user text matches literally. */
const likePattern = (s: string) => `%${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

function directoryCondition(query: DirectoryQuery): SQL {
  const conditions: SQL[] = [isNull(companies.removedAt), sql`${companies.companyName} <> ''`];
  if (query.verifiedOnly) conditions.push(eq(companies.verified, true));
  if (query.companyType) conditions.push(eq(companies.companyType, query.companyType));
  if (query.sector) conditions.push(eq(companies.sector, query.sector));
  if (query.materials?.length) conditions.push(arrayOverlaps(companies.materials, query.materials));
  const q = query.q?.trim();
  if (q)
    conditions.push(
      or(
        sql`${companies.search} @@ plainto_tsquery('english'::regconfig, ${q})`,
        ilike(companies.companyName, likePattern(q)),
        ilike(companies.description, likePattern(q)),
      ) as SQL,
    );
  return and(...conditions) as SQL;
}

export async function listDirectory(db: Db, query: DirectoryQuery) {
  const where = directoryCondition(query);
  const [rows, [{ total }]] = await Promise.all([
    db
      .select()
      .from(companies)
      .where(where)
      .orderBy(desc(companies.createdAt), desc(companies.id))
      .limit(query.limit)
      .offset((query.page - 1) * query.limit),
    db.select({ total: count() }).from(companies).where(where),
  ]);
  return { rows, total };
}

/** Directory companies for the sitemap, most recently changed first. */
export async function listForSitemap(db: Db, limit: number) {
  return db
    .select({ id: companies.id, updatedAt: companies.updatedAt })
    .from(companies)
    .where(and(isNull(companies.removedAt), sql`${companies.companyName} <> ''`))
    .orderBy(desc(companies.updatedAt), desc(companies.id))
    .limit(limit);
}

export async function findCompany(db: Db, id: string): Promise<CompanyWithOwner | undefined> {
  const [row] = await db
    .select(withOwner)
    .from(companies)
    .innerJoin(userDirectory, eq(userDirectory.id, companies.userId))
    .where(eq(companies.id, id));
  return row && flatten(row);
}

export async function listByOwner(db: Db, userId: string): Promise<CompanyRow[]> {
  return db
    .select()
    .from(companies)
    .where(and(eq(companies.userId, userId), isNull(companies.removedAt)))
    .orderBy(desc(companies.createdAt), desc(companies.id));
}

/**
 * A user's sign-in email and every company they own, removed ones included: who a customer is, for
 * rules granted once per customer and company (the money-back guarantee).
 */
export async function findOwnerFacts(
  db: Db,
  userId: string,
): Promise<{ email: string | null; companies: { companyName: string; contactEmail: string }[] }> {
  const [user] = await db
    .select({ email: userDirectory.email })
    .from(userDirectory)
    .where(eq(userDirectory.id, userId));
  const owned = await db
    .select({ companyName: companies.companyName, contactEmail: companies.contactEmail })
    .from(companies)
    .where(eq(companies.userId, userId));
  return { email: user?.email ?? null, companies: owned };
}

export async function insertCompany(db: Db, row: NewCompanyRow): Promise<CompanyRow> {
  const [inserted] = await db.insert(companies).values(row).returning();
  return inserted;
}

export async function updateCompany(db: Db, id: string, patch: Partial<NewCompanyRow>): Promise<void> {
  await db.update(companies).set(patch).where(eq(companies.id, id));
}

export async function deleteCompanyRow(db: Db, id: string): Promise<void> {
  await db.delete(companies).where(eq(companies.id, id));
}

export async function listForAdmin(
  db: Db,
  status: 'all' | 'pending' | 'verified',
  page: number,
  pageSize: number,
) {
  const conditions: SQL[] = [isNull(companies.removedAt)];
  if (status === 'pending') conditions.push(eq(companies.verified, false));
  if (status === 'verified') conditions.push(eq(companies.verified, true));
  const where = and(...conditions);
  const [rows, [{ total }]] = await Promise.all([
    db
      .select(withOwner)
      .from(companies)
      .innerJoin(userDirectory, eq(userDirectory.id, companies.userId))
      .where(where)
      .orderBy(desc(companies.createdAt), desc(companies.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ total: count() }).from(companies).where(where),
  ]);
  return { rows: rows.map(flatten), total };
}

/** Company profiles still waiting for verification (removed ones excluded). */
export async function countUnverified(db: Db): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(companies)
    .where(and(isNull(companies.removedAt), eq(companies.verified, false)));
  return row?.n ?? 0;
}

/** Another company a verification warning names. */
export type CompanyRef = { id: string; companyName: string };

/**
 * What the verification warnings of a page of companies weigh, in one statement whatever the page's
 * size: for each company, the other companies (removed ones too) registered with its normalised tax id
 * (oldest first, at most 10), and the
 * verified companies whose names share trigrams with its name (pg_trgm's similarity at a low
 * threshold, most similar first, at most 20): candidates the shared name comparison then judges.
 */
export async function findVerificationWarningInputs(
  db: Db,
  rows: Pick<CompanyRow, 'id' | 'companyName' | 'taxId'>[],
): Promise<Map<string, { taxIdUsedBy: CompanyRef[]; nameCandidates: CompanyRef[] }>> {
  if (rows.length === 0) return new Map();
  const list = (values: (string | null)[]) =>
    sql.join(
      values.map((v) => sql`${v}`),
      sql`, `,
    );
  const result = (await db.execute(sql`
    select p.id,
      coalesce((
        select json_agg(json_build_object('id', t.id, 'companyName', t.company_name) order by t.created_at, t.id)
        from (
          select c.id, c.company_name, c.created_at from ${companies} c
          where p.tax_id is not null and c.tax_id = p.tax_id and c.id <> p.id
          order by c.created_at, c.id limit 10
        ) t
      ), '[]'::json) as tax_id_used_by,
      coalesce((
        select json_agg(json_build_object('id', n.id, 'companyName', n.company_name) order by n.score desc, n.id)
        from (
          select c.id, c.company_name, similarity(c.company_name, p.company_name) as score from ${companies} c
          where c.verified and c.removed_at is null and c.id <> p.id
            and similarity(c.company_name, p.company_name) >= 0.2
          order by score desc, c.id limit 20
        ) n
      ), '[]'::json) as name_candidates
    from unnest(
      array[${list(rows.map((r) => r.id))}]::text[],
      array[${list(rows.map((r) => r.companyName))}]::text[],
      array[${list(rows.map((r) => r.taxId))}]::text[]
    ) as p(id, company_name, tax_id)
  `)) as unknown as {
    rows: { id: string; tax_id_used_by: CompanyRef[] | string; name_candidates: CompanyRef[] | string }[];
  };
  // node-postgres parses json; PGlite may hand it over as text.
  const parse = (v: CompanyRef[] | string): CompanyRef[] => (typeof v === 'string' ? JSON.parse(v) : v);
  return new Map(
    result.rows.map((r) => [
      r.id,
      { taxIdUsedBy: parse(r.tax_id_used_by), nameCandidates: parse(r.name_candidates) },
    ]),
  );
}
