import { LISTING_LIMITS } from '@app/shared/listings/listings.schemas';
import { AlertCircle, ImagePlus, X } from 'lucide-react';
import { useId, useRef } from 'react';
import { Button } from '@/components/ui/button';
import { Progress } from '@/components/ui/progress';
import type { ImageUploads } from '../hooks/use-image-uploads';

/** The images field: pick up to 5 (JPEG, PNG, WebP or GIF, 5 MB each), see each upload's progress, remove any. */
export function ImageUploader({ uploads }: { uploads: ImageUploads }) {
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  return (
    <fieldset className="grid gap-2">
      <legend className="text-sm font-medium">Images</legend>
      <p id={`${inputId}-hint`} className="text-[0.8125rem] text-muted-foreground">
        Up to {LISTING_LIMITS.maxImages} images, JPEG, PNG, WebP or GIF, 5 MB each. The first image is the
        cover.
      </p>
      {uploads.items.length > 0 ? (
        <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3">
          {uploads.items.map((item, index) => (
            <li key={item.key} className="relative overflow-hidden rounded-md border bg-muted">
              {item.image || item.previewUrl ? (
                <img
                  src={item.image?.thumbnailUrl || item.previewUrl}
                  alt={`Upload ${index + 1}: ${item.name}`}
                  className="aspect-[4/3] w-full object-cover"
                />
              ) : (
                <div className="aspect-[4/3]" />
              )}
              <div className="grid gap-1 bg-card p-2 text-xs">
                <span className="truncate" title={item.name}>
                  {item.name}
                </span>
                {item.status === 'uploading' ? (
                  <Progress value={item.progress} aria-label={`Uploading ${item.name}`} />
                ) : item.status === 'error' ? (
                  <span className="flex items-start gap-1 text-destructive">
                    <AlertCircle className="mt-px size-3.5 shrink-0" aria-hidden />
                    {item.error}
                  </span>
                ) : (
                  <span className="text-success-soft-foreground">Uploaded</span>
                )}
              </div>
              <Button
                variant="secondary"
                size="icon"
                className="absolute top-1.5 right-1.5 size-7 rounded-full bg-white/90"
                aria-label={`Remove image ${index + 1}`}
                onClick={() => uploads.remove(item.key)}
              >
                <X aria-hidden />
              </Button>
            </li>
          ))}
        </ul>
      ) : null}
      <input
        ref={input}
        id={inputId}
        type="file"
        accept={LISTING_LIMITS.imageTypes.join(',')}
        multiple
        className="sr-only"
        tabIndex={-1}
        aria-label="Choose images"
        aria-describedby={`${inputId}-hint`}
        onChange={(event) => {
          const files = Array.from(event.target.files ?? []);
          event.target.value = '';
          if (files.length > 0) void uploads.addFiles(files);
        }}
      />
      <Button
        variant="outline"
        className="justify-self-start"
        onClick={() => {
          if (!uploads.canAddMore) {
            void uploads.addFiles([]);
            return;
          }
          input.current?.click();
        }}
      >
        <ImagePlus aria-hidden />
        Add Images
      </Button>
    </fieldset>
  );
}
