import { BLOG_LIMITS } from '@app/shared/blog/blog.schemas';
import { X } from 'lucide-react';
import { type KeyboardEvent, useId, useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { inputClassName } from '@/components/ui/input';
import { cn } from '@/lib/cn';

type TagsInputProps = {
  id?: string;
  value: string[];
  onChange: (tags: string[]) => void;
  /** Existing tag names offered while typing. */
  suggestions?: string[];
  'aria-describedby'?: string;
  'aria-invalid'?: boolean;
};

const sameTag = (a: string, b: string) => a.toLocaleLowerCase() === b.toLocaleLowerCase();

/** Tags as chips: type a name and press Enter (or a comma); Backspace in the empty box removes the last. */
export function TagsInput({ id, value, onChange, suggestions = [], ...aria }: TagsInputProps) {
  const [draft, setDraft] = useState('');
  const listId = useId();
  const full = value.length >= BLOG_LIMITS.tagsMax;

  const add = (raw: string) => {
    const name = raw.trim().replace(/\s+/g, ' ').slice(0, BLOG_LIMITS.nameMax);
    setDraft('');
    if (!name || full || value.some((tag) => sameTag(tag, name))) return;
    // Reuse the stored spelling of a known tag.
    onChange([...value, suggestions.find((s) => sameTag(s, name)) ?? name]);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter' || event.key === ',') {
      event.preventDefault();
      add(draft);
    } else if (event.key === 'Backspace' && draft === '' && value.length > 0) {
      onChange(value.slice(0, -1));
    }
  };

  return (
    <div
      className={cn(
        inputClassName,
        'h-auto min-h-10 flex-wrap items-center gap-1.5 py-1.5 focus-within:border-ring focus-within:outline-2 focus-within:outline-ring/40',
      )}
    >
      {value.length > 0 ? (
        <ul className="contents" aria-label="Selected tags">
          {value.map((tag) => (
            <li key={tag}>
              <Badge variant="secondary" className="gap-0.5 py-0.5 pr-1 text-[0.8125rem] font-medium">
                {tag}
                <button
                  type="button"
                  className="ml-0.5 flex size-4 items-center justify-center rounded-full hover:bg-slate-300 focus-visible:outline-2 focus-visible:outline-ring"
                  aria-label={`Remove tag ${tag}`}
                  onClick={() => onChange(value.filter((t) => t !== tag))}
                >
                  <X aria-hidden />
                </button>
              </Badge>
            </li>
          ))}
        </ul>
      ) : null}
      <input
        id={id}
        {...aria}
        list={listId}
        value={draft}
        disabled={full}
        maxLength={BLOG_LIMITS.nameMax}
        placeholder={
          full
            ? `At most ${BLOG_LIMITS.tagsMax} tags`
            : value.length
              ? 'Add another tag'
              : 'Type a tag and press Enter'
        }
        onChange={(event) => {
          const next = event.target.value;
          // Picking a suggestion from the list fills the box in one go: take it as a tag.
          if (suggestions.includes(next) && !(event.nativeEvent instanceof InputEvent)) add(next);
          else setDraft(next);
        }}
        onKeyDown={onKeyDown}
        onBlur={() => add(draft)}
        className="min-w-32 flex-1 bg-transparent text-sm outline-none placeholder:text-slate-500"
      />
      <datalist id={listId}>
        {suggestions
          .filter((s) => !value.some((tag) => sameTag(tag, s)))
          .map((s) => (
            <option key={s} value={s} />
          ))}
      </datalist>
    </div>
  );
}
