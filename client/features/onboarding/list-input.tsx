import { useState, type KeyboardEvent } from 'react';
import { Plus, X } from 'lucide-react';
import { Button } from '@client/ui/button';
import { Input } from '@client/ui/input';
import type { FieldControlProps } from '@client/ui/form-field';

type ListInputProps = {
  control: FieldControlProps;
  /** Singular noun for the buttons, e.g. "feature". */
  noun: string;
  label: string;
  placeholder?: string;
  value: string[];
  onChange: (next: string[]) => void;
  onBlur?: () => void;
};

/**
 * A list of short entries (spec 001 section 2): add with the button or Enter; entries are trimmed, blanks and
 * duplicates (ignoring case) are ignored, and each entry has its own remove button.
 */
export function ListInput({ control, noun, label, placeholder, value, onChange, onBlur }: ListInputProps) {
  const [draft, setDraft] = useState('');

  const add = () => {
    const entry = draft.trim();
    if (!entry) return;
    if (!value.some((existing) => existing.toLowerCase() === entry.toLowerCase())) onChange([...value, entry]);
    setDraft('');
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter') return;
    // Enter adds the entry instead of submitting the whole form.
    event.preventDefault();
    add();
  };

  return (
    <div className="grid gap-2">
      <div className="flex gap-2">
        <Input
          {...control}
          value={draft}
          placeholder={placeholder}
          onChange={(event) => setDraft(event.target.value)}
          onKeyDown={onKeyDown}
          onBlur={onBlur}
          autoComplete="off"
        />
        <Button type="button" variant="outline" onClick={add} aria-label={`Add ${noun}`}>
          <Plus className="size-4" aria-hidden="true" />
          Add
        </Button>
      </div>
      {value.length > 0 ? (
        <ul className="flex flex-wrap gap-2" aria-label={label}>
          {value.map((entry) => (
            <li
              key={entry}
              className="inline-flex max-w-full items-center gap-1 rounded-full bg-brand-50 py-1 pl-3 pr-1 text-sm text-brand-900"
            >
              <span className="min-w-0 break-words">{entry}</span>
              <button
                type="button"
                className="rounded-full p-1 text-brand-700 hover:bg-brand-100 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500"
                aria-label={`Remove ${entry}`}
                onClick={() => onChange(value.filter((existing) => existing !== entry))}
              >
                <X className="size-3.5" aria-hidden="true" />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
