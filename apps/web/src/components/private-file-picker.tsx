import {
  PRIVATE_FILE_LIMITS,
  PRIVATE_FILE_MESSAGES,
  type PrivateFilePurpose,
  type PrivateFileView,
} from '@app/shared/files/private-files';
import { FileText, ImageIcon, Paperclip, X } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Progress } from '@/components/ui/progress';
import { ApiRequestError } from '@/lib/api-client';
import { uploadFile } from '@/lib/upload-file';

type Uploading = { key: string; name: string; percent: number };

export function formatFileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/** A stored private file as a link (it downloads: the server sends it as an attachment). */
export function PrivateFileLink({
  file,
}: {
  file: Pick<PrivateFileView, 'url' | 'fileName' | 'contentType' | 'byteSize'>;
}) {
  const Icon = file.contentType === 'application/pdf' ? FileText : ImageIcon;
  return (
    <a
      href={file.url}
      download={file.fileName}
      className="inline-flex max-w-full min-w-0 items-center gap-1.5 text-sm text-primary underline-offset-4 hover:underline"
    >
      <Icon className="size-4 shrink-0" aria-hidden="true" />
      <span className="truncate">{file.fileName}</span>
      <span className="shrink-0 text-muted-foreground">({formatFileSize(file.byteSize)})</span>
    </a>
  );
}

/**
 * Photos and PDFs uploaded as private files (claim evidence, verification documents): each upload
 * shows its progress bar, refusals say why, and the parent keeps the uploaded files (their ids go
 * with the form).
 */
export function PrivateFilePicker({
  purpose,
  files,
  onChange,
  max,
  label,
  hint,
  disabled,
  error: fieldError,
}: {
  purpose: PrivateFilePurpose;
  files: PrivateFileView[];
  onChange: (files: PrivateFileView[]) => void;
  max: number;
  label: string;
  hint?: string;
  disabled?: boolean;
  /** The form's own complaint about the files (none attached yet), shown under the button. */
  error?: string;
}) {
  const inputRef = useRef<HTMLInputElement>(null);
  const [uploading, setUploading] = useState<Uploading[]>([]);
  const [error, setError] = useState<string | null>(null);
  const labelId = useId();
  const hintId = useId();
  const errorId = useId();
  const fieldErrorId = useId();
  // The latest list, for uploads that finish after other changes.
  const filesRef = useRef(files);
  filesRef.current = files;

  async function pick(list: FileList | null) {
    if (!list || list.length === 0) return;
    setError(null);
    const room = max - filesRef.current.length - uploading.length;
    const chosen = Array.from(list).slice(0, Math.max(0, room));
    if (chosen.length < list.length) setError(`Please attach at most ${max} files.`);
    await Promise.all(
      chosen.map(async (file) => {
        const key = `${file.name}-${file.size}-${Math.random()}`;
        if (file.size > PRIVATE_FILE_LIMITS.maxBytes) {
          setError(`${file.name}: ${PRIVATE_FILE_MESSAGES.tooLarge}`);
          return;
        }
        setUploading((u) => [...u, { key, name: file.name, percent: 0 }]);
        try {
          const stored = await uploadFile<PrivateFileView>(`/api/files?purpose=${purpose}`, file, {
            onProgress: (percent) =>
              setUploading((u) => u.map((x) => (x.key === key ? { ...x, percent } : x))),
            tooLargeMessage: PRIVATE_FILE_MESSAGES.tooLarge,
          });
          // Uploads finishing together each add to the latest list, not to the one they started with.
          filesRef.current = [...filesRef.current, stored];
          onChange(filesRef.current);
        } catch (err) {
          setError(
            `${file.name}: ${err instanceof ApiRequestError ? err.message : 'Upload failed. Please try again.'}`,
          );
        } finally {
          setUploading((u) => u.filter((x) => x.key !== key));
        }
      }),
    );
  }

  const full = files.length + uploading.length >= max;
  return (
    <fieldset
      className="space-y-2"
      aria-describedby={
        [hint ? hintId : '', error ? errorId : '', fieldError ? fieldErrorId : ''].join(' ').trim() ||
        undefined
      }
    >
      <legend id={labelId} className="text-sm font-medium">
        {label}
      </legend>
      {hint ? (
        <p id={hintId} className="text-sm text-muted-foreground">
          {hint}
        </p>
      ) : null}
      {files.length > 0 ? (
        <ul className="space-y-1.5">
          {files.map((file) => (
            <li
              key={file.id}
              className="flex items-center justify-between gap-2 rounded-md border px-3 py-1.5"
            >
              <PrivateFileLink file={file} />
              <Button
                type="button"
                variant="ghost"
                size="sm"
                disabled={disabled}
                aria-label={`Remove ${file.fileName}`}
                onClick={() => onChange(files.filter((f) => f.id !== file.id))}
              >
                <X />
              </Button>
            </li>
          ))}
        </ul>
      ) : null}
      {uploading.map((u) => (
        <div key={u.key} className="space-y-1">
          <p className="truncate text-sm text-muted-foreground">Uploading {u.name}…</p>
          <Progress value={u.percent} aria-label={`Uploading ${u.name}`} />
        </div>
      ))}
      {error ? (
        <p id={errorId} role="alert" className="text-sm text-destructive">
          {error}
        </p>
      ) : null}
      <input
        ref={inputRef}
        type="file"
        multiple
        accept={PRIVATE_FILE_LIMITS.accept}
        className="sr-only"
        tabIndex={-1}
        aria-labelledby={labelId}
        onChange={(e) => {
          void pick(e.currentTarget.files);
          e.currentTarget.value = '';
        }}
      />
      <Button
        type="button"
        variant="outline"
        size="sm"
        disabled={disabled || full}
        onClick={() => inputRef.current?.click()}
      >
        <Paperclip /> Add photos or PDFs
      </Button>
      {fieldError ? (
        <p id={fieldErrorId} className="text-[0.8125rem] font-medium text-destructive">
          {fieldError}
        </p>
      ) : null}
    </fieldset>
  );
}
