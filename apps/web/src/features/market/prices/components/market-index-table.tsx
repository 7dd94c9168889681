import { LISTING_CATEGORIES } from '@app/shared/listings/listing-rules';
import type { MarketIndexEntry } from '@app/shared/market/price-index.schemas';
import { History } from 'lucide-react';
import { ListSkeleton } from '@/components/ui/skeleton';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { cn } from '@/lib/cn';
import { IndexChange } from './index-change';
import { formatComputedAt, formatIndexPrice, seriesLabel } from './index-format';
import { IndexSourceBadge } from './index-source-badge';

export const seriesKeyOf = (e: Pick<MarketIndexEntry, 'category' | 'grade'>) =>
  `${e.category}|${e.grade ?? ''}`;

/** Categories in their usual order, each with its whole-category row first, then its grades by name. */
export function sortIndexEntries(entries: MarketIndexEntry[]): MarketIndexEntry[] {
  const order = (e: MarketIndexEntry) => (LISTING_CATEGORIES as readonly string[]).indexOf(e.category);
  return [...entries].sort(
    (a, b) =>
      order(a) - order(b) ||
      (a.grade === null ? -1 : b.grade === null ? 1 : seriesLabel(a).localeCompare(seriesLabel(b))),
  );
}

/**
 * The latest index per category and grade. The material name is a button: choosing it shows that
 * series' chart below (aria-pressed tells which one is shown).
 */
export function MarketIndexTable({
  entries,
  minContributors,
  selectedKey,
  onSelect,
}: {
  entries: MarketIndexEntry[];
  minContributors: number;
  selectedKey: string | null;
  onSelect: (entry: MarketIndexEntry) => void;
}) {
  return (
    <>
      <MarketIndexList
        entries={entries}
        minContributors={minContributors}
        selectedKey={selectedKey}
        onSelect={onSelect}
      />
      <div className="hidden md:block">
        <MarketIndexGrid
          entries={entries}
          minContributors={minContributors}
          selectedKey={selectedKey}
          onSelect={onSelect}
        />
      </div>
    </>
  );
}

type IndexViewProps = {
  entries: MarketIndexEntry[];
  minContributors: number;
  selectedKey: string | null;
  onSelect: (entry: MarketIndexEntry) => void;
};

function Contributors({ entry, minContributors }: { entry: MarketIndexEntry; minContributors: number }) {
  if (entry.carriedForward)
    return (
      <span>
        {entry.contributors} of {minContributors} needed
      </span>
    );
  return (
    <span>
      {entry.contributors} {entry.contributors === 1 ? 'company' : 'companies'}
    </span>
  );
}

function CarriedForwardMarker() {
  return (
    <span className="flex items-center gap-1 text-xs font-normal text-warning-soft-foreground">
      <History className="size-3" aria-hidden />
      carried forward
    </span>
  );
}

/** Phones: one card per material instead of a table that would scroll sideways. */
function MarketIndexList({ entries, minContributors, selectedKey, onSelect }: IndexViewProps) {
  return (
    <ul className="grid gap-3 md:hidden" aria-label="Price index per metric tonne by material">
      {entries.map((entry) => {
        const key = seriesKeyOf(entry);
        const selected = key === selectedKey;
        return (
          <li
            key={key}
            className={cn(
              'rounded-card border bg-background p-4',
              selected && 'border-primary bg-primary-soft',
            )}
          >
            <div className="flex items-start justify-between gap-3">
              <button
                type="button"
                aria-pressed={selected}
                onClick={() => onSelect(entry)}
                className={cn(
                  'text-left text-sm text-foreground underline underline-offset-4 focus-visible:outline-2 focus-visible:outline-ring',
                  entry.grade === null && 'font-semibold',
                )}
              >
                {seriesLabel(entry)}
              </button>
              <div className="tabular text-right font-semibold whitespace-nowrap">
                {formatIndexPrice(entry.priceCentsPerTonne)}
                {entry.carriedForward ? <CarriedForwardMarker /> : null}
              </div>
            </div>
            <dl className="mt-3 grid grid-cols-2 gap-x-4 gap-y-1.5 text-[0.8125rem]">
              <dt className="text-muted-foreground">7 days</dt>
              <dd className="text-right">
                <IndexChange percent={entry.change7dPercent} period="7-day" />
              </dd>
              <dt className="text-muted-foreground">30 days</dt>
              <dd className="text-right">
                <IndexChange percent={entry.change30dPercent} period="30-day" />
              </dd>
              <dt className="text-muted-foreground">Contributors</dt>
              <dd className="tabular text-right">
                <Contributors entry={entry} minContributors={minContributors} />
              </dd>
              <dt className="text-muted-foreground">Source</dt>
              <dd className="text-right">
                <IndexSourceBadge source={entry.source} />
              </dd>
              <dt className="text-muted-foreground">Computed</dt>
              <dd className="text-right text-muted-foreground">{formatComputedAt(entry.computedAt)}</dd>
            </dl>
          </li>
        );
      })}
    </ul>
  );
}

function MarketIndexGrid({ entries, minContributors, selectedKey, onSelect }: IndexViewProps) {
  // Grades sit indented under their category's row; most categories have none (no blended figure).
  const withCategoryRow = new Set(entries.filter((e) => e.grade === null).map((e) => e.category));
  return (
    <Table>
      <caption className="sr-only">
        Price index per metric tonne by material; choose a material to see its chart
      </caption>
      <TableHeader>
        <TableRow>
          <TableHead scope="col">Material</TableHead>
          <TableHead scope="col" className="text-right">
            Index
          </TableHead>
          <TableHead scope="col" className="text-right">
            7 days
          </TableHead>
          <TableHead scope="col" className="text-right">
            30 days
          </TableHead>
          <TableHead scope="col">Contributors</TableHead>
          <TableHead scope="col">Source</TableHead>
          <TableHead scope="col">Computed</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {entries.map((entry) => {
          const key = seriesKeyOf(entry);
          const selected = key === selectedKey;
          return (
            <TableRow key={key} className={cn(selected && 'bg-primary-soft hover:bg-primary-soft')}>
              <TableHead scope="row" className="h-auto py-3 text-sm font-normal normal-case tracking-normal">
                <button
                  type="button"
                  aria-pressed={selected}
                  onClick={() => onSelect(entry)}
                  className={cn(
                    'text-left text-foreground underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-ring',
                    entry.grade === null ? 'font-semibold' : withCategoryRow.has(entry.category) && 'pl-3',
                  )}
                >
                  {seriesLabel(entry)}
                </button>
              </TableHead>
              <TableCell className="tabular text-right font-semibold whitespace-nowrap">
                {formatIndexPrice(entry.priceCentsPerTonne)}
                {entry.carriedForward ? (
                  <div className="mt-0.5 flex justify-end">
                    <CarriedForwardMarker />
                  </div>
                ) : null}
              </TableCell>
              <TableCell className="text-right">
                <IndexChange percent={entry.change7dPercent} period="7-day" />
              </TableCell>
              <TableCell className="text-right">
                <IndexChange percent={entry.change30dPercent} period="30-day" />
              </TableCell>
              <TableCell className="tabular whitespace-nowrap">
                <Contributors entry={entry} minContributors={minContributors} />
              </TableCell>
              <TableCell>
                <IndexSourceBadge source={entry.source} />
              </TableCell>
              <TableCell className="whitespace-nowrap text-muted-foreground">
                {formatComputedAt(entry.computedAt)}
              </TableCell>
            </TableRow>
          );
        })}
      </TableBody>
    </Table>
  );
}

export function MarketIndexTableSkeleton() {
  return (
    <ListSkeleton
      label={null}
      rows={6}
      className="grid gap-2 rounded-card border p-4"
      itemClassName="h-9 w-full"
    />
  );
}
