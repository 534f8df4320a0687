import { useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { AlertTriangle } from 'lucide-react';
import { DECLINE_REASON_MAX } from '@domain/money/cancellation';
import { DeclineOrderSchema, type DeclinedOrder } from '@domain/money/schemas';
import { parseApiError } from '@client/lib/api';
import { formatCents } from '@domain/format';
import { Button } from '@client/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@client/ui/dialog';
import { FormAlert, FormField } from '@client/ui/form-field';
import { Spinner } from '@client/ui/spinner';
import { Textarea } from '@client/ui/textarea';
import { toast } from '@client/ui/use-toast';
import { declineProviderOrder } from './money-api';

export type DecliningOrder = {
  /** The provider order's id (what the decline route takes). */
  orderId: number;
  /** The booking number the provider knows it by. */
  bookingId: number;
  listingName: string;
  customerName: string;
};

/**
 * Decline one of my orders (POST /api/provider/orders/:id/decline {reason}): the reason is required (the customer
 * reads it in their e-mail), and the customer gets that order's money back; the rest of their booking stands. A
 * refusal (the order was accepted meanwhile, its window closed) stays on the dialog until it is closed; `onClose` runs
 * when it closes, declined or not, and is where the caller asks for its orders again.
 */
export function DeclineOrderDialog({ order, onClose }: { order: DecliningOrder; onClose: () => void }) {
  const [reason, setReason] = useState('');
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [formError, setFormError] = useState<string | null>(null);
  const decline = useMutation({
    mutationFn: (body: { reason: string }) => declineProviderOrder(order.orderId, body.reason),
    onSuccess: (result: DeclinedOrder) => {
      toast({
        title: 'Order declined',
        description: `The customer is refunded ${formatCents(result.refundedCents)} and told why by e-mail.`,
        variant: 'success',
      });
      onClose();
    },
    onError: (e) => {
      const parsed = parseApiError(e);
      if (parsed.errors.reason) setFieldError(parsed.errors.reason);
      else setFormError(parsed.message ?? (parsed.status === null ? 'Check your connection and try again.' : 'Please try again.'));
    },
  });
  const left = DECLINE_REASON_MAX - reason.length;
  return (
    <Dialog open onOpenChange={(open) => (open || decline.isPending ? undefined : onClose())}>
      <DialogContent className="max-w-md">
        <DialogHeader>
          <DialogTitle>Decline order #{order.bookingId}?</DialogTitle>
          <DialogDescription>
            {order.listingName} · {order.customerName}
          </DialogDescription>
        </DialogHeader>
        <p className="flex items-start gap-2 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950">
          <AlertTriangle className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          <span>The customer gets a full refund of this order. The rest of their booking stands.</span>
        </p>
        <form
          noValidate
          aria-label={`Decline order ${order.bookingId}`}
          className="grid gap-4"
          onSubmit={(e) => {
            e.preventDefault();
            setFormError(null);
            const parsed = DeclineOrderSchema.safeParse({ reason });
            if (!parsed.success) {
              setFieldError(parsed.error.issues[0]?.message);
              return;
            }
            setFieldError(undefined);
            decline.mutate(parsed.data);
          }}
        >
          <FormField
            label="Reason"
            required
            error={fieldError}
            hint={`Why you decline it: the customer reads this in their e-mail. ${left} of ${DECLINE_REASON_MAX} characters left.`}
          >
            {(control) => (
              <Textarea
                {...control}
                name="reason"
                rows={3}
                maxLength={DECLINE_REASON_MAX}
                value={reason}
                onChange={(e) => {
                  setReason(e.target.value);
                  setFieldError(undefined);
                }}
              />
            )}
          </FormField>
          <FormAlert message={formError} />
          <DialogFooter>
            <Button type="button" variant="outline" onClick={onClose} disabled={decline.isPending}>
              Keep order
            </Button>
            <Button type="submit" variant="destructive" disabled={decline.isPending}>
              {decline.isPending ? <Spinner label="Declining…" className="text-white [&_svg]:text-white" /> : null}
              Decline order
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
