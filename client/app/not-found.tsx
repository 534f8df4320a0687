import { Link } from 'react-router';
import { AlertCircle } from 'lucide-react';
import { usePageTitle } from '@client/lib/use-page-title';
import { buttonVariants } from '@client/ui/button';
import { Card, CardContent } from '@client/ui/card';

/** Any unknown route (spec 000/002): centred card, red alert icon, fixed heading and text. */
export function NotFound() {
  usePageTitle('Page Not Found');
  return (
    <div className="flex min-h-[60vh] w-full items-center justify-center px-4 py-12">
      <Card className="w-full max-w-md">
        <CardContent className="pt-6 sm:pt-6">
          <div className="flex items-center gap-2">
            <AlertCircle className="size-8 shrink-0 text-red-500" aria-hidden="true" />
            <h1 className="text-2xl font-bold text-gray-900">404 Page Not Found</h1>
          </div>
          <p className="mt-4 text-sm text-gray-600">Did you forget to add the page to the router?</p>
          <Link to="/" className={buttonVariants({ variant: 'outline', className: 'mt-6' })}>
            Back to Home
          </Link>
        </CardContent>
      </Card>
    </div>
  );
}
