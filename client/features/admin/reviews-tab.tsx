import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { EyeOff, RotateCcw } from 'lucide-react';
import { HIDE_REASON_MAX, HideReviewSchema, type AdminReview } from '@domain/reviews/schemas';
import { apiKey, apiPost, apiQuery, parseApiError } from '@client/lib/api';
import { cn } from '@client/lib/cn';
import { formatDateTime } from '@domain/format';
import { Badge } from '@client/ui/badge';
import { Button } from '@client/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@client/ui/dialog';
import { FormField } from '@client/ui/form-field';
import { Textarea } from '@client/ui/textarea';
import { toast } from '@client/ui/use-toast';
import { StarRow } from '@client/features/reviews/stars';
import { TableScroll, TableState, tdClass, TableHead } from './admin-ui';

export const ADMIN_REVIEWS_KEY = apiKey('/api/admin/reviews');

/** The Reviews tab: every review, held ones first; hide one with a reason, or restore it (the rating follows). */
export function ReviewsTab() {
  const queryClient = useQueryClient();
  const query = useQuery(apiQuery('/api/admin/reviews'));
  const [hiding, setHiding] = useState<AdminReview | null>(null);

  const restore = useMutation({
    mutationFn: (r: AdminReview) => apiPost('/api/admin/reviews/{id}/restore', { params: { path: { id: r.id } } }),
    onSuccess: () => toast({ title: 'Review restored', variant: 'success' }),
    onError: (error) => toast({ title: 'Update failed', description: parseApiError(error).message ?? 'Please try again.', variant: 'destructive' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ADMIN_REVIEWS_KEY }),
  });

  if (query.isPending) return <TableState status="pending" label="reviews" />;
  if (query.isError) return <TableState status="error" label="reviews" onRetry={() => void query.refetch()} />;
  if (query.data.length === 0) return <TableState status="empty" label="reviews" />;

  return (
    <>
      <TableScroll label="Reviews table">
        <table className="min-w-full divide-y divide-gray-200">
          <caption className="sr-only">Customer reviews</caption>
          <TableHead columns={['Listing', 'Review', 'Author', 'Status']} actions />
          <tbody className="divide-y divide-gray-100 bg-white">
            {query.data.map((r) => (
              <tr key={r.id}>
                <td className={tdClass}>{r.listingName}</td>
                <td className={cn(tdClass, 'max-w-md whitespace-normal')}>
                  <StarRow value={r.rating} />
                  {r.comment ? <p className="mt-1 whitespace-pre-line break-words text-sm text-gray-700">{r.comment}</p> : null}
                </td>
                <td className={tdClass}>
                  {r.author}
                  <span className="block text-xs text-gray-500">{formatDateTime(r.createdAt)}</span>
                </td>
                <td className={tdClass}>
                  {r.withdrawnReason ? (
                    <Badge variant="secondary">Withdrawn</Badge>
                  ) : r.hidden ? (
                    <Badge variant={r.flagged ? 'warning' : 'destructive'}>{r.flagged ? 'Held' : 'Hidden'}</Badge>
                  ) : (
                    <Badge variant="success">Visible</Badge>
                  )}
                  {r.withdrawnReason ? <span className="block text-xs text-gray-600">{r.withdrawnReason}</span> : null}
                  {r.hiddenReason ? <span className="block text-xs text-gray-600">{r.hiddenReason}</span> : null}
                </td>
                <td className={cn(tdClass, 'text-right')}>
                  {r.hidden ? (
                    <Button size="sm" variant="outline" onClick={() => restore.mutate(r)} disabled={restore.isPending} aria-label={`Restore the review by ${r.author} of ${r.listingName}`}>
                      <RotateCcw className="size-4" aria-hidden="true" />
                      Restore
                    </Button>
                  ) : (
                    <Button size="sm" variant="outline" onClick={() => setHiding(r)} aria-label={`Hide the review by ${r.author} of ${r.listingName}`}>
                      <EyeOff className="size-4" aria-hidden="true" />
                      Hide
                    </Button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableScroll>
      {hiding ? <HideDialog review={hiding} onClose={() => setHiding(null)} /> : null}
    </>
  );
}

function HideDialog({ review, onClose }: { review: AdminReview; onClose: () => void }) {
  const queryClient = useQueryClient();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | undefined>();
  const hide = useMutation({
    mutationFn: (body: { reason: string }) => apiPost('/api/admin/reviews/{id}/hide', { params: { path: { id: review.id } }, body }),
    onSuccess: () => {
      toast({ title: 'Review hidden', variant: 'success' });
      onClose();
    },
    onError: (e) => setError(parseApiError(e).errors.reason ?? parseApiError(e).message ?? 'Please try again.'),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ADMIN_REVIEWS_KEY }),
  });
  return (
    <Dialog open onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent className="max-w-md">
        <DialogHeader>
          <DialogTitle>Hide review</DialogTitle>
          <DialogDescription>
            By {review.author} of {review.listingName}. It leaves the listing and its rating until restored.
          </DialogDescription>
        </DialogHeader>
        <form
          noValidate
          className="grid gap-4"
          onSubmit={(e) => {
            e.preventDefault();
            const parsed = HideReviewSchema.safeParse({ reason });
            if (!parsed.success) {
              setError(parsed.error.issues[0]?.message);
              return;
            }
            hide.mutate(parsed.data);
          }}
        >
          <FormField label="Reason" required error={error}>
            {(control) => <Textarea {...control} rows={3} maxLength={HIDE_REASON_MAX} value={reason} onChange={(e) => setReason(e.target.value)} />}
          </FormField>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={onClose} disabled={hide.isPending}>
              Cancel
            </Button>
            <Button type="submit" variant="destructive" disabled={hide.isPending}>
              Hide review
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
