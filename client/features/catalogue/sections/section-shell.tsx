import type { ReactNode } from 'react';
import type { LucideIcon } from 'lucide-react';
import { cn } from '@client/lib/cn';

type SectionShellProps = {
  /** Anchor id; the heading gets `${id}-heading`. */
  id: string;
  title: string;
  icon: LucideIcon;
  /** One line under the heading. */
  intro: string;
  className?: string;
  children?: ReactNode;
};

/**
 * Frame of one home-page section: a labelled landmark that can receive focus when the page scrolls to it
 * (scroll margin keeps the heading clear of the sticky category bar).
 */
export function SectionShell({ id, title, icon: Icon, intro, className, children }: SectionShellProps) {
  const headingId = `${id}-heading`;
  return (
    <section
      id={id}
      aria-labelledby={headingId}
      tabIndex={-1}
      className={cn('scroll-mt-20 rounded-2xl border border-gray-200 bg-white p-5 shadow-sm focus:outline-none sm:p-8', className)}
    >
      <div className="flex items-center gap-3">
        <span className="flex size-10 shrink-0 items-center justify-center rounded-xl bg-brand-50 text-brand-700">
          <Icon className="size-5" aria-hidden="true" />
        </span>
        <h2 id={headingId} className="text-xl font-bold tracking-tight text-gray-900 sm:text-2xl">
          {title}
        </h2>
      </div>
      <p className="mt-2 text-gray-600">{intro}</p>
      {children ? <div className="mt-6">{children}</div> : null}
    </section>
  );
}
