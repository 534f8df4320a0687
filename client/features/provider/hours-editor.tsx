import { useId, useState, type FormEvent } from 'react';
import { Plus, Trash2 } from 'lucide-react';
import type { AvailabilityKind, Calendar } from '@domain/availability/schemas';
import { apiPut } from '@client/lib/api';
import { cn } from '@client/lib/cn';
import { Button } from '@client/ui/button';
import { Checkbox } from '@client/ui/checkbox';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, DialogTrigger } from '@client/ui/dialog';
import { fieldClasses, Input } from '@client/ui/input';
import { Spinner } from '@client/ui/spinner';
import { browserTimeZone, draftToHours, hoursToDraft, parseDuration, timeZoneOptions, type HoursDraft } from './calendar-logic';
import { EditorBox, InlineError, useCalendarChange } from './calendar-editors';

const WEEKDAY_NAMES = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
/** Monday first, as opening hours are usually read. */
const WEEK_ORDER = [1, 2, 3, 4, 5, 6, 0];

/**
 * The weekly opening hours of a restaurant, or the working hours and appointment length of a service, in the
 * listing's time zone; with a way to remove them altogether.
 */
export function HoursEditor({
  kind,
  id,
  hours,
  durationMinutes,
}: {
  kind: AvailabilityKind;
  id: number;
  hours: Calendar['hours'];
  durationMinutes: number | null;
}) {
  const formId = useId();
  const [draft, setDraft] = useState<HoursDraft>(() => hoursToDraft(hours, browserTimeZone()));
  const [duration, setDuration] = useState(durationMinutes === null ? '' : String(durationMinutes));
  const [formError, setFormError] = useState<string | null>(null);
  const [durationError, setDurationError] = useState<string | undefined>();
  const isService = kind === 'general-services';
  const { mutation, error, setError } = useCalendarChange(
    kind,
    id,
    (body: { hours: Calendar['hours']; durationMinutes?: number | null }) => apiPut('/api/provider/listings/{kind}/{id}/hours', { params: { path: { kind, id } }, body }),
    { done: () => (isService ? 'Working hours saved' : 'Opening hours saved'), failed: 'Could not save the hours' },
  );

  const setDay = (day: number, change: Partial<HoursDraft['days'][number]>) =>
    setDraft({ ...draft, days: draft.days.map((d, i) => (i === day ? { ...d, ...change } : d)) });
  const setPeriod = (day: number, index: number, change: Partial<{ open: string; close: string }>) =>
    setDay(day, { intervals: draft.days[day].intervals.map((iv, i) => (i === index ? { ...iv, ...change } : iv)) });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const result = draftToHours(draft);
    const parsedDuration = parseDuration(duration);
    setFormError(result.ok ? null : result.message);
    setDurationError(parsedDuration.ok ? undefined : parsedDuration.message);
    if (!result.ok || !parsedDuration.ok) return;
    setError(null);
    mutation.mutate(isService ? { hours: result.hours, durationMinutes: parsedDuration.value } : { hours: result.hours });
  };

  const title = isService ? 'Working hours' : 'Opening hours';
  return (
    <EditorBox title={title}>
      {hours === null ? (
        <p className="text-sm text-gray-600">
          {isService ? 'No working hours set yet.' : 'No opening hours set yet: orders are taken at any time.'} Set them below.
        </p>
      ) : null}
      <form onSubmit={onSubmit} noValidate className="grid gap-3" aria-label={title}>
        <div className="grid gap-1 sm:max-w-sm">
          <label htmlFor={`${formId}-tz`} className="text-sm font-medium text-gray-800">
            Time zone
          </label>
          <select id={`${formId}-tz`} className={cn(fieldClasses, 'h-10 py-2')} value={draft.timeZone} onChange={(e) => setDraft({ ...draft, timeZone: e.target.value })}>
            {timeZoneOptions(draft.timeZone).map((tz) => (
              <option key={tz} value={tz}>
                {tz.replace(/_/g, ' ')}
              </option>
            ))}
          </select>
        </div>
        <div className="grid gap-2">
          {WEEK_ORDER.map((day) => {
            const row = draft.days[day];
            const name = WEEKDAY_NAMES[day];
            return (
              <fieldset key={day} className="grid gap-2 rounded-md border border-gray-200 p-2 sm:grid-cols-[7rem_6rem_1fr] sm:items-center">
                <legend className="sr-only">{name}</legend>
                <span aria-hidden="true" className="text-sm font-medium text-gray-900">
                  {name}
                </span>
                <div className="flex items-center gap-2">
                  <Checkbox id={`${formId}-${day}-closed`} checked={row.closed} onCheckedChange={(checked) => setDay(day, { closed: checked === true })} />
                  <label htmlFor={`${formId}-${day}-closed`} className="text-sm text-gray-800">
                    Closed<span className="sr-only"> on {name}</span>
                  </label>
                </div>
                {row.closed ? (
                  <p className="text-sm text-gray-500">Closed all day</p>
                ) : (
                  <div className="grid gap-2">
                    {row.intervals.map((iv, index) => (
                      <div key={index} className="flex flex-wrap items-center gap-2">
                        <TimeField
                          id={`${formId}-${day}-${index}-open`}
                          label={`${name} opens${periodText(index)}`}
                          value={iv.open}
                          onChange={(open) => setPeriod(day, index, { open })}
                        />
                        <span aria-hidden="true">–</span>
                        <TimeField
                          id={`${formId}-${day}-${index}-close`}
                          label={`${name} closes${periodText(index)}`}
                          value={iv.close}
                          onChange={(close) => setPeriod(day, index, { close })}
                        />
                        {row.intervals.length > 1 ? (
                          <Button
                            type="button"
                            size="icon-sm"
                            variant="ghost"
                            aria-label={`Remove period ${index + 1} on ${name}`}
                            onClick={() => setDay(day, { intervals: row.intervals.filter((_, i) => i !== index) })}
                          >
                            <Trash2 className="size-4" aria-hidden="true" />
                          </Button>
                        ) : null}
                        {index === row.intervals.length - 1 && row.intervals.length < 4 ? (
                          <Button
                            type="button"
                            size="icon-sm"
                            variant="ghost"
                            aria-label={`Add a period on ${name}`}
                            onClick={() => setDay(day, { intervals: [...row.intervals, { open: '17:00', close: '22:00' }] })}
                          >
                            <Plus className="size-4" aria-hidden="true" />
                          </Button>
                        ) : null}
                      </div>
                    ))}
                  </div>
                )}
              </fieldset>
            );
          })}
        </div>
        <p className="text-xs text-gray-600">A closing time of 00:00 is midnight; an earlier closing time than opening runs past midnight.</p>
        {isService ? (
          <div className="grid gap-1 sm:max-w-xs">
            <label htmlFor={`${formId}-duration`} className="text-sm font-medium text-gray-800">
              Appointment length (minutes)
            </label>
            <Input
              id={`${formId}-duration`}
              type="number"
              inputMode="numeric"
              min={10}
              max={720}
              step={5}
              value={duration}
              aria-invalid={Boolean(durationError)}
              aria-describedby={`${formId}-duration-hint${durationError ? ` ${formId}-duration-error` : ''}`}
              onChange={(e) => setDuration(e.target.value)}
            />
            <p id={`${formId}-duration-hint`} className="text-xs text-gray-600">
              Leave empty if customers do not book a time.
            </p>
            {durationError ? (
              <p id={`${formId}-duration-error`} className="text-sm text-red-700">
                {durationError}
              </p>
            ) : null}
          </div>
        ) : null}
        <InlineError message={formError ?? error} />
        <Button type="submit" size="sm" className="justify-self-start" disabled={mutation.isPending}>
          {mutation.isPending ? <Spinner label="Saving…" className="text-white [&_svg]:text-white" /> : null}
          Save hours
        </Button>
      </form>
      {hours !== null || durationMinutes !== null ? <RemoveHours kind={kind} id={id} /> : null}
    </EditorBox>
  );
}

/** ' (period 2)' after the first of a day's periods, so that each time field has a name of its own. */
const periodText = (index: number) => (index > 0 ? ` (period ${index + 1})` : '');

/** One opening or closing time: its label is for screen readers, the row already says the day. */
function TimeField({ id, label, value, onChange }: { id: string; label: string; value: string; onChange: (value: string) => void }) {
  return (
    <>
      <label className="sr-only" htmlFor={id}>
        {label}
      </label>
      <Input id={id} type="time" className="w-36" value={value} onChange={(e) => onChange(e.target.value)} />
    </>
  );
}

/**
 * "No opening hours": the hours removed altogether, after a confirmation dialog as a cancelled booking asks for. A
 * restaurant then takes orders at any time; a service also stops taking appointments (its length is cleared too).
 */
function RemoveHours({ kind, id }: { kind: AvailabilityKind; id: number }) {
  const [open, setOpen] = useState(false);
  const isService = kind === 'general-services';
  const { mutation, error, setError } = useCalendarChange(
    kind,
    id,
    (body: { hours: null; durationMinutes?: null }) => apiPut('/api/provider/listings/{kind}/{id}/hours', { params: { path: { kind, id } }, body }),
    { done: () => (isService ? 'Working hours and appointments removed' : 'Opening hours removed'), failed: 'Could not remove the hours' },
  );
  const onOpenChange = (next: boolean) => {
    if (mutation.isPending) return;
    setOpen(next);
    if (!next) setError(null);
  };
  const what = isService ? 'working hours' : 'opening hours';
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogTrigger asChild>
        <Button type="button" size="sm" variant="outline" className="justify-self-start">
          <Trash2 className="size-4" aria-hidden="true" />
          No {what}…
        </Button>
      </DialogTrigger>
      <DialogContent className="max-w-sm">
        <DialogHeader>
          <DialogTitle>Remove the {what}?</DialogTitle>
          <DialogDescription>
            {isService
              ? 'Customers can no longer book a time: appointments stop until you set working hours and a length again.'
              : 'Orders are then taken at any time, until you set opening hours again.'}
          </DialogDescription>
        </DialogHeader>
        <InlineError message={error} />
        <DialogFooter>
          <Button variant="outline" onClick={() => onOpenChange(false)} disabled={mutation.isPending}>
            Keep the {what}
          </Button>
          <Button
            variant="destructive"
            disabled={mutation.isPending}
            onClick={() => mutation.mutate(isService ? { hours: null, durationMinutes: null } : { hours: null }, { onSuccess: () => setOpen(false) })}
          >
            {mutation.isPending ? <Spinner label="Removing…" className="text-white [&_svg]:text-white" /> : null}
            Remove {what}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
