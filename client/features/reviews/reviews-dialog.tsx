import type { ReviewServiceType } from '@domain/reviews/schemas';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@client/ui/dialog';
import { ListingReviews } from './listing-reviews';

/** A listing's reviews in a dialog: RatingButton loads this module when the reviews are first asked for. */
export function ReviewsDialog({ serviceType, serviceId, name, onClose }: { serviceType: ReviewServiceType; serviceId: number; name: string; onClose: () => void }) {
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-w-lg">
        <DialogHeader>
          <DialogTitle>{name}</DialogTitle>
          <DialogDescription>What customers say</DialogDescription>
        </DialogHeader>
        <div className="max-h-[70vh] overflow-y-auto">
          <ListingReviews serviceType={serviceType} serviceId={serviceId} />
        </div>
      </DialogContent>
    </Dialog>
  );
}
