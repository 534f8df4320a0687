import { CircleAlert, CircleCheck } from 'lucide-react';
import { TOAST_DURATION_MS, useToast } from './use-toast';
import { ToastAction, ToastClose, ToastDescription, ToastProvider, ToastRoot, ToastTitle, ToastViewport } from './toast';

/** Spec 000 section 9: swipe right past 50 px to dismiss; F8 moves focus to the notification area. */
export const TOAST_SWIPE_THRESHOLD_PX = 50;
export const TOAST_HOTKEY = ['F8'];

export function Toaster() {
  const { toasts, dismiss } = useToast();
  return (
    <ToastProvider duration={TOAST_DURATION_MS} swipeDirection="right" swipeThreshold={TOAST_SWIPE_THRESHOLD_PX}>
      {toasts.map(({ id, title, description, variant = 'default', duration, open, action }) => (
        <ToastRoot
          key={id}
          variant={variant}
          open={open}
          duration={duration}
          type={variant === 'destructive' ? 'foreground' : 'background'}
          onOpenChange={(next) => {
            if (!next) dismiss(id);
          }}
        >
          {variant === 'destructive' ? <CircleAlert className="mt-0.5 size-5 shrink-0" aria-hidden="true" /> : null}
          {variant === 'success' ? <CircleCheck className="mt-0.5 size-5 shrink-0 text-emerald-600" aria-hidden="true" /> : null}
          <div className="grid min-w-0 flex-1 gap-1">
            <ToastTitle>{title}</ToastTitle>
            {description ? <ToastDescription>{description}</ToastDescription> : null}
          </div>
          {action ? (
            <ToastAction altText={action.altText} onClick={action.onClick}>
              {action.label}
            </ToastAction>
          ) : null}
          <ToastClose />
        </ToastRoot>
      ))}
      <ToastViewport hotkey={TOAST_HOTKEY} label="Notifications ({hotkey})" />
    </ToastProvider>
  );
}
