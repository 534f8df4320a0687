import { usePageTitle } from '@client/lib/use-page-title';

/** /debug: a small placeholder test box (spec 002). Shows nothing sensitive. */
export function DebugPage() {
  usePageTitle('Debug');
  return (
    <div className="mx-auto w-full max-w-md px-4 py-12">
      <h1 className="text-2xl font-bold text-gray-900">Debug</h1>
      <div className="mt-4 rounded-xl border-2 border-dashed border-brand-300 bg-brand-50 p-6 text-center text-brand-900" data-testid="debug-box">
        Test box: if you can read this, routing and rendering work.
      </div>
    </div>
  );
}
