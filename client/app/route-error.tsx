import { Link } from 'react-router';
import { RefreshCw, TriangleAlert } from 'lucide-react';
import { Button, buttonVariants } from '@client/ui/button';
import { Card, CardContent } from '@client/ui/card';

/** The router's error element (routes.tsx): shown when a page fails to load or render (e.g. a stale code chunk after a deploy). */
export function RouteError() {
  return (
    <div className="flex min-h-[60vh] w-full items-center justify-center px-4 py-12">
      <Card className="w-full max-w-md">
        <CardContent className="pt-6 sm:pt-6">
          <div className="flex items-center gap-2">
            <TriangleAlert className="size-8 shrink-0 text-amber-500" aria-hidden="true" />
            <h1 className="text-2xl font-bold text-gray-900">Something went wrong</h1>
          </div>
          <p className="mt-4 text-sm text-gray-600">This page could not be shown. Reloading usually helps.</p>
          <div className="mt-6 flex flex-wrap gap-2">
            <Button onClick={() => window.location.reload()}>
              <RefreshCw className="size-4" aria-hidden="true" />
              Reload
            </Button>
            <Link to="/" className={buttonVariants({ variant: 'outline' })} reloadDocument>
              Back to Home
            </Link>
          </div>
        </CardContent>
      </Card>
    </div>
  );
}
