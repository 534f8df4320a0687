import { Link } from 'react-router';
import { ArrowLeft, ArrowRight, Globe, LifeBuoy } from 'lucide-react';
// The hub's cards only: the package's index also carries the registration forms' zod schemas, which this page does
// not need (they load with the form).
import { HUB_CATEGORIES, cardRoute } from '@domain/onboarding/hub';
import { usePageTitle } from '@client/lib/use-page-title';
import { buttonVariants } from '@client/ui/button';
import { hubIcon } from './hub-icons';

/** /onboarding and /join: the provider category hub (spec 001 section 2, spec 002 section 2). */
export function OnboardingPage() {
  usePageTitle('Join as a Provider');
  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-8 sm:py-12">
      <header className="text-center">
        <h1 className="text-3xl font-bold tracking-tight text-gray-900 sm:text-4xl">Join as a Provider</h1>
        <p className="mx-auto mt-3 max-w-2xl text-gray-600">
          Choose what you offer and register in a few minutes. Every registration is reviewed by our team.
        </p>
        <p className="mt-4 inline-flex items-center gap-2 rounded-full bg-brand-50 px-4 py-1.5 text-sm font-medium text-brand-800">
          <Globe className="size-4" aria-hidden="true" />
          Available in 195+ countries
        </p>
      </header>

      <div className="mt-10 grid gap-10">
        {HUB_CATEGORIES.map((category) => {
          const CategoryIcon = hubIcon(category.icon);
          return (
            <section key={category.id} aria-labelledby={`hub-${category.id}`}>
              <div className="mb-4 flex items-center gap-3">
                <span className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-brand-600 text-white">
                  <CategoryIcon className="size-5" aria-hidden="true" />
                </span>
                <div className="min-w-0">
                  <h2 id={`hub-${category.id}`} className="text-xl font-semibold text-gray-900">
                    {category.title}
                  </h2>
                  <p className="text-sm text-gray-600">{category.description}</p>
                </div>
              </div>
              <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
                {category.cards.map((card) => {
                  const Icon = hubIcon(card.icon);
                  return (
                    <li key={card.slug}>
                      <Link
                        to={cardRoute(card.slug)}
                        className="group flex h-full items-start gap-3 rounded-xl border border-gray-200 bg-white p-4 shadow-sm transition hover:border-brand-400 hover:shadow-md focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500"
                      >
                        <Icon className="mt-0.5 size-6 shrink-0 text-brand-600" aria-hidden="true" />
                        <span className="min-w-0 flex-1">
                          <span className="block font-medium text-gray-900">{card.title}</span>
                          <span className="mt-0.5 block text-sm text-gray-600">{card.description}</span>
                        </span>
                        <ArrowRight className="mt-1 size-4 shrink-0 text-gray-400 group-hover:text-brand-600" aria-hidden="true" />
                      </Link>
                    </li>
                  );
                })}
              </ul>
            </section>
          );
        })}
      </div>

      <footer className="mt-12 flex flex-col items-center gap-3 border-t border-gray-200 pt-8 sm:flex-row sm:justify-center">
        <p className="text-sm text-gray-600 sm:mr-2">Need help choosing?</p>
        <Link to="/contact" className={buttonVariants({ variant: 'outline' })}>
          <LifeBuoy className="size-4" aria-hidden="true" />
          Get Support
        </Link>
        <Link to="/" className={buttonVariants({ variant: 'ghost' })}>
          <ArrowLeft className="size-4" aria-hidden="true" />
          Back to Home
        </Link>
      </footer>
    </div>
  );
}
