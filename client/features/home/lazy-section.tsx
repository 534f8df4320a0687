import { startTransition, useEffect, useRef, useState, type ComponentType } from 'react';

/** Sections still not near the screen are loaded anyway this long after the home page appeared. */
const IDLE_LOAD_MS = 4000;

type LazySectionProps = {
  /** The section's anchor id, held by the placeholder so navigation can scroll to it before it has loaded. */
  id: string;
  title: string;
  load: () => Promise<ComponentType>;
  /** Load now, wherever the section is (the visitor asked for a section further down). */
  loadNow?: boolean;
};

/**
 * A home-page section whose code loads when it comes near the screen (or a few seconds after the page appeared),
 * so the first load carries only what the first screen shows. Until then a placeholder of similar height holds the
 * anchor, so the category shortcuts can scroll to it (which brings it on screen and loads it).
 */
export function LazySection({ id, title, load, loadNow = false }: LazySectionProps) {
  const [Section, setSection] = useState<ComponentType | null>(null);
  const placeholder = useRef<HTMLElement>(null);

  useEffect(() => {
    let cancelled = false;
    let started = false;
    const start = () => {
      if (started) return;
      started = true;
      void load().then((component) => {
        // Rendered as a transition, in slices, so a section arriving never blocks input for long.
        if (!cancelled) startTransition(() => setSection(() => component));
      });
    };
    const observer =
      typeof IntersectionObserver === 'undefined'
        ? undefined
        : new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && start(), { rootMargin: '200px 0px' });
    if (placeholder.current && !loadNow) observer?.observe(placeholder.current);
    else start();
    const timer = window.setTimeout(start, IDLE_LOAD_MS);
    return () => {
      cancelled = true;
      observer?.disconnect();
      window.clearTimeout(timer);
    };
  }, [load, loadNow]);

  if (Section) return <Section />;
  return (
    <section
      ref={placeholder}
      id={id}
      tabIndex={-1}
      aria-label={title}
      aria-busy="true"
      className="min-h-[28rem] scroll-mt-20 rounded-2xl border border-gray-200 bg-white p-5 shadow-sm focus:outline-none sm:p-8"
    >
      <div className="h-10 w-48 animate-pulse rounded-xl bg-gray-100" />
      <div className="mt-4 h-4 w-2/3 animate-pulse rounded bg-gray-100" />
    </section>
  );
}
