import { useParams } from 'react-router';
import { ComingSoon } from '@client/ui/coming-soon';

/** /track and /track/:id: live order tracking. */
export function TrackPage() {
  const { id } = useParams();
  return (
    <ComingSoon title="Track Your Order" description="Live tracking with a map and status updates is being built.">
      {id ? (
        <p>
          Tracking ID: <span className="font-mono font-semibold break-all">{id}</span>
        </p>
      ) : null}
    </ComingSoon>
  );
}
