import { type ListingCategory, thumbnailSize } from '@app/shared/listings/listing-rules';
import type { Listing } from '@app/shared/listings/listings.schemas';
import { Cylinder, type LucideIcon, Milk, Newspaper, Shirt } from 'lucide-react';
import { cn } from '@/lib/cn';

/** Each material category's mark where a listing has no photo: one icon and one tint per category. */
const CATEGORY_TILES: Record<ListingCategory, { icon: LucideIcon; className: string }> = {
  metals: { icon: Cylinder, className: 'bg-slate-200 text-slate-700' },
  plastics: { icon: Milk, className: 'bg-sky-100 text-sky-800' },
  paper: { icon: Newspaper, className: 'bg-amber-100 text-amber-800' },
  textiles: { icon: Shirt, className: 'bg-violet-100 text-violet-800' },
};

/**
 * The listing's first photo as a small square, or its category's tile with the words "No image"
 * (read by screen readers only where the tile is too small to print them).
 */
export function ListingThumbnail({
  listing,
  className,
  caption,
}: {
  listing: Pick<Listing, 'images' | 'category'>;
  className?: string;
  caption: boolean;
}) {
  const image = listing.images[0];
  const base = cn('shrink-0 overflow-hidden rounded-md', className);
  if (image) {
    return (
      <img
        src={image.thumbnailUrl || image.url}
        alt=""
        {...thumbnailSize(image)}
        loading="lazy"
        decoding="async"
        className={cn(base, 'bg-muted object-cover')}
      />
    );
  }
  const tile = CATEGORY_TILES[listing.category];
  const Icon = tile.icon;
  return (
    <div className={cn(base, 'flex flex-col items-center justify-center gap-1', tile.className)}>
      <Icon className="size-6" strokeWidth={1.75} aria-hidden />
      <span className={caption ? 'text-[0.6875rem] font-medium leading-none' : 'sr-only'}>No image</span>
    </div>
  );
}
