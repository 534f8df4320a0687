import { useId, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { Search } from 'lucide-react';

/**
 * The home page's one search box across every kind of listing: it opens the results page (/search?q=...), whose code
 * loads only then. Part of the home page's first screen, so it holds nothing but a form.
 */
export function HomeSearchBox() {
  const id = useId();
  const [text, setText] = useState('');
  const navigate = useNavigate();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const q = text.trim();
    void navigate(q ? `/search?${new URLSearchParams({ q }).toString()}` : '/search');
  };
  return (
    <form role="search" aria-label="Search Go Live" onSubmit={submit} className="mx-auto mt-6 flex w-full max-w-xl gap-2">
      <label htmlFor={id} className="sr-only">
        What are you looking for?
      </label>
      <div className="relative min-w-0 flex-1">
        <Search className="pointer-events-none absolute left-3.5 top-1/2 size-5 -translate-y-1/2 text-gray-400" aria-hidden="true" />
        <input
          id={id}
          type="search"
          enterKeyHint="search"
          autoComplete="off"
          value={text}
          onChange={(e) => setText(e.target.value)}
          placeholder="Search restaurants, hotels, places…"
          className="h-12 w-full min-w-0 rounded-xl border-0 bg-white pl-11 pr-3 text-base text-gray-900 shadow-lg ring-1 ring-white/30 placeholder:text-gray-500 focus-visible:outline-none focus-visible:ring-4 focus-visible:ring-accent-400"
        />
      </div>
      <button
        type="submit"
        className="h-12 shrink-0 rounded-xl bg-accent-400 px-4 text-base font-semibold text-gray-900 shadow-lg transition-colors hover:bg-accent-500 focus-visible:outline-none focus-visible:ring-4 focus-visible:ring-white sm:px-6"
      >
        Search
      </button>
    </form>
  );
}
