import { useState, type FormEvent } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { COMMENT_MAX, CreateReviewSchema, MESSAGES, UpdateReviewSchema, type Reviewable } from '@domain/reviews/schemas';
import { apiQueriesUnder, parseApiError } from '@client/lib/api';
import { Button } from '@client/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@client/ui/dialog';
import { FormAlert, FormField } from '@client/ui/form-field';
import { Textarea } from '@client/ui/textarea';
import { toast } from '@client/ui/use-toast';
import { createReview, MY_REVIEWS_KEY, updateReview } from './reviews-api';
import { StarInput } from './stars';

type Errors = Partial<Record<'rating' | 'comment', string>>;

const everyApiQuery = apiQueriesUnder('/api').predicate;

/**
 * Write (or, within 48 hours, edit) the review of one booked listing: keyboard and screen-reader stars, a comment
 * with a character counter, the domain schema's limits as field errors, the server's answer as a form error.
 */
export function ReviewDialog({ target, onClose }: { target: Reviewable; onClose: () => void }) {
  const existing = target.review;
  const [rating, setRating] = useState<number | null>(existing?.rating ?? null);
  const [comment, setComment] = useState(existing?.comment ?? '');
  const [errors, setErrors] = useState<Errors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const queryClient = useQueryClient();

  const mutation = useMutation({
    mutationFn: async () => {
      const text = comment.trim();
      if (existing) {
        const body = { rating: rating ?? undefined, comment: text ? text : null };
        const parsed = UpdateReviewSchema.safeParse(body);
        if (!parsed.success) throw parsed.error;
        return updateReview(existing.id, parsed.data);
      }
      const parsed = CreateReviewSchema.safeParse({ serviceType: target.serviceType, serviceId: target.serviceId, rating, ...(text ? { comment: text } : {}) });
      if (!parsed.success) throw parsed.error;
      return createReview(parsed.data);
    },
    onSuccess: (result) => {
      void queryClient.invalidateQueries({ queryKey: MY_REVIEWS_KEY });
      // The listing's reviews, and its rating wherever listings are shown (the home page's sections, search results).
      void queryClient.invalidateQueries({ predicate: (q) => q.queryKey[0] === 'search' || (everyApiQuery(q) && q.queryKey[0] !== MY_REVIEWS_KEY[0]) });
      toast({ title: result.held ? 'Review received' : existing ? 'Review updated' : 'Thanks for your review!', description: result.held ? MESSAGES.held : undefined, variant: 'success' });
      onClose();
    },
    onError: (error) => {
      if (error && typeof error === 'object' && 'issues' in error) {
        const next: Errors = {};
        for (const issue of (error as { issues: Array<{ path: PropertyKey[]; message: string }> }).issues) {
          const key = String(issue.path[0]) as keyof Errors;
          if ((key === 'rating' || key === 'comment') && !next[key]) next[key] = issue.message;
        }
        if (rating === null) next.rating = MESSAGES.rating;
        setErrors(next);
        setFormError(null);
        return;
      }
      const parsed = parseApiError(error);
      setErrors({ rating: parsed.errors.rating, comment: parsed.errors.comment });
      setFormError(parsed.message ?? 'Could not save your review. Please try again.');
    },
  });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setErrors({});
    setFormError(null);
    mutation.mutate();
  };
  const length = comment.trim().length;

  return (
    <Dialog open onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent className="max-w-lg">
        <DialogHeader>
          <DialogTitle>{existing ? 'Edit your review' : 'Write a review'}</DialogTitle>
          <DialogDescription>{target.name}</DialogDescription>
        </DialogHeader>
        <form onSubmit={submit} noValidate className="grid gap-4" aria-label={`Review of ${target.name}`}>
          <StarInput name={`rating-${target.serviceType}-${target.serviceId}`} value={rating} onChange={setRating} error={errors.rating} />
          <FormField label="Comment (optional)" error={errors.comment} hint={`Up to ${COMMENT_MAX} characters`}>
            {(control) => (
              <div className="grid gap-1">
                <Textarea {...control} rows={5} value={comment} onChange={(e) => setComment(e.target.value)} placeholder="What was it like?" />
                <p className={length > COMMENT_MAX ? 'text-right text-xs font-medium text-red-700' : 'text-right text-xs text-gray-500'} aria-live="polite" data-testid="comment-counter">
                  {length} / {COMMENT_MAX}
                </p>
              </div>
            )}
          </FormField>
          <FormAlert message={formError} />
          <DialogFooter>
            <Button type="button" variant="outline" onClick={onClose} disabled={mutation.isPending}>
              Cancel
            </Button>
            <Button type="submit" disabled={mutation.isPending}>
              {mutation.isPending ? 'Saving…' : existing ? 'Save changes' : 'Post review'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
