import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ArrowLeft, Construction } from 'lucide-react';
import { usePageTitle } from '@client/lib/use-page-title';
import { buttonVariants } from './button';
import { Card } from './card';

type ComingSoonProps = {
  title: string;
  /** One sentence about what the page will offer. */
  description?: string;
  children?: ReactNode;
};

/** Placeholder for a page that is still being built: title, a sentence and a way back home. Never an error. */
export function ComingSoon({ title, description, children }: ComingSoonProps) {
  usePageTitle(title);
  return (
    <div className="mx-auto flex w-full max-w-2xl px-4 py-12 sm:py-20">
      <Card className="w-full p-6 text-center sm:p-10">
        <div className="mx-auto mb-4 flex size-14 items-center justify-center rounded-full bg-brand-50 text-brand-700">
          <Construction className="size-7" aria-hidden="true" />
        </div>
        <h1 className="text-2xl font-bold tracking-tight text-gray-900 sm:text-3xl">{title}</h1>
        <p className="mx-auto mt-3 max-w-md text-gray-600">
          {description ?? 'This page is being built and will be available soon.'}
        </p>
        {children ? <div className="mt-4 text-sm text-gray-700">{children}</div> : null}
        <Link to="/" className={buttonVariants({ variant: 'outline', className: 'mt-8' })}>
          <ArrowLeft className="size-4" aria-hidden="true" />
          Back to Home
        </Link>
      </Card>
    </div>
  );
}
