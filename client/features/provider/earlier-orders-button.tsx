import { pluralize } from '@domain/format';
import { Button } from '@client/ui/button';

/**
 * Under a provider's list of orders (Today's earlier orders, Earnings' paid ones): first more of the orders already
 * loaded, `step` at a time; once all are shown, older ones from the server a page at a time (issue 29).
 */
export function EarlierOrdersButton({
  hidden,
  step,
  onShowMore,
  orders,
}: {
  /** Loaded orders not shown yet. */
  hidden: number;
  step: number;
  onShowMore: () => void;
  orders: { hasNextPage: boolean; isFetchingNextPage: boolean; fetchNextPage: () => unknown };
}) {
  if (hidden > 0) {
    return (
      <Button variant="outline" className="justify-self-center" onClick={onShowMore}>
        Show {Math.min(step, hidden)} more of {pluralize(hidden, 'earlier order')}
      </Button>
    );
  }
  if (!orders.hasNextPage) return null;
  const more = () => {
    onShowMore();
    void orders.fetchNextPage();
  };
  return (
    <Button variant="outline" className="justify-self-center" disabled={orders.isFetchingNextPage} onClick={more}>
      {orders.isFetchingNextPage ? 'Loading…' : 'Show more earlier orders'}
    </Button>
  );
}
