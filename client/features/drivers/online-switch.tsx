import { Switch } from 'radix-ui';
import { cn } from '@client/lib/cn';
import { Label } from '@client/ui/label';

/**
 * The online/offline toggle: a real switch (role="switch", aria-checked) with a visible label and a hint that says
 * what the current state means. Sized for a thumb (56 x 32 px).
 */
export function OnlineSwitch({
  online,
  busy,
  busyText,
  onChange,
}: {
  online: boolean;
  busy: boolean;
  /** Shown instead of the hint while the change is in progress (e.g. 'Finding your location…'). */
  busyText?: string;
  onChange: (online: boolean) => void;
}) {
  return (
    <div className="flex items-center justify-between gap-4">
      <div className="min-w-0">
        <Label htmlFor="driver-online" className="text-base font-semibold">
          Available for orders
        </Label>
        <p id="driver-online-hint" className="text-sm text-gray-600" aria-live="polite">
          {busy && busyText ? busyText : online ? 'You are online and receive new orders.' : 'You are offline. Turn on to receive orders.'}
        </p>
      </div>
      <Switch.Root
        id="driver-online"
        checked={online}
        onCheckedChange={onChange}
        disabled={busy}
        aria-describedby="driver-online-hint"
        className={cn(
          'relative inline-flex h-8 w-14 shrink-0 cursor-pointer items-center rounded-full p-0.5 transition-colors',
          'focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:ring-offset-2',
          'disabled:cursor-wait disabled:opacity-60 data-[state=checked]:bg-emerald-600 data-[state=unchecked]:bg-gray-300',
        )}
      >
        <Switch.Thumb
          className={cn(
            'block size-7 rounded-full bg-white shadow transition-transform motion-reduce:transition-none',
            'data-[state=checked]:translate-x-6 data-[state=unchecked]:translate-x-0',
          )}
        />
      </Switch.Root>
    </div>
  );
}
