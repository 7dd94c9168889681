import { gallerySrcSet, LISTING_GALLERY_SIZES, thumbnailSize } from '@app/shared/listings/listing-rules';
import type { ListingImage } from '@app/shared/listings/listings.schemas';
import { ImageOff } from 'lucide-react';
import { useState } from 'react';
import { cn } from '@/lib/cn';

/** The detail page's images: one large, the rest as thumbnails that swap into the large view. */
export function ListingGallery({ images, title }: { images: ListingImage[]; title: string }) {
  const [index, setIndex] = useState(0);
  const current = images[index] ?? images[0];
  if (!current) {
    return (
      <div className="flex aspect-[4/3] flex-col items-center justify-center gap-2 rounded-card border bg-muted text-muted-foreground">
        <ImageOff className="size-8" aria-hidden />
        <span>No image</span>
      </div>
    );
  }
  return (
    <div className="grid gap-3">
      <div className="overflow-hidden rounded-card border bg-muted">
        <img
          src={current.url}
          // The page's largest image is its LCP, so it is fetched first (and preloaded by the page's head).
          srcSet={gallerySrcSet(current)}
          sizes={LISTING_GALLERY_SIZES}
          fetchPriority={index === 0 ? 'high' : 'auto'}
          alt={`${title} (${index + 1} of ${images.length})`}
          width={current.width}
          height={current.height}
          className="aspect-[4/3] w-full object-cover"
        />
      </div>
      {images.length > 1 ? (
        <ul className="grid grid-cols-5 gap-2">
          {images.map((image, i) => (
            <li key={image.id}>
              <button
                type="button"
                aria-label={`Show image ${i + 1}`}
                aria-pressed={i === index}
                onClick={() => setIndex(i)}
                className={cn(
                  'block w-full overflow-hidden rounded-md border-2 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring',
                  i === index ? 'border-primary' : 'border-transparent opacity-80 hover:opacity-100',
                )}
              >
                <img
                  src={image.thumbnailUrl || image.url}
                  alt=""
                  {...thumbnailSize(image)}
                  loading="lazy"
                  decoding="async"
                  className="aspect-square w-full object-cover"
                />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
