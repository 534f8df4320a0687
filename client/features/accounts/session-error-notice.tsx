import { RefreshCw } from 'lucide-react';
import { parseApiError } from '@client/lib/api';
import { Button } from '@client/ui/button';
import { NoticeCard } from '@client/ui/card';

/** What a signed-in page shows when the session check itself failed: the reason and a Retry. */
export function SessionErrorNotice({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  return (
    <NoticeCard title="Could not check your session">
      <p>{parseApiError(error).message ?? 'The server did not answer. Check your connection.'}</p>
      <Button variant="outline" onClick={onRetry}>
        <RefreshCw className="size-4" aria-hidden="true" />
        Retry
      </Button>
    </NoticeCard>
  );
}
