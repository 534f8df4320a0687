import { forwardRef, type ComponentPropsWithoutRef, type ComponentRef } from 'react';
import { Toast as ToastPrimitive } from 'radix-ui';
import { X } from 'lucide-react';
import { cn } from '@client/lib/cn';
import type { ToastVariant } from './use-toast';

export const ToastProvider = ToastPrimitive.Provider;

/** Top of the screen on phones, bottom right from `sm` up; at most 420 px wide from `md` up (spec 000 section 9). */
export const ToastViewport = forwardRef<ComponentRef<typeof ToastPrimitive.Viewport>, ComponentPropsWithoutRef<typeof ToastPrimitive.Viewport>>(
  function ToastViewport({ className, ...props }, ref) {
    return (
      <ToastPrimitive.Viewport
        ref={ref}
        className={cn(
          'fixed top-0 right-0 z-[100] m-0 flex max-h-screen w-full list-none flex-col-reverse gap-2 p-4 outline-none',
          'sm:top-auto sm:bottom-0 sm:flex-col md:max-w-[420px]',
          className,
        )}
        {...props}
      />
    );
  },
);

const variantClasses: Record<ToastVariant, string> = {
  default: 'border-gray-200 bg-white text-gray-900',
  destructive: 'border-red-600 bg-red-600 text-white',
  success: 'border-emerald-200 bg-emerald-50 text-emerald-950',
};

export const ToastRoot = forwardRef<
  ComponentRef<typeof ToastPrimitive.Root>,
  ComponentPropsWithoutRef<typeof ToastPrimitive.Root> & { variant?: ToastVariant }
>(function ToastRoot({ className, variant = 'default', ...props }, ref) {
  return (
    <ToastPrimitive.Root
      ref={ref}
      className={cn(
        'group pointer-events-auto relative flex w-full items-start justify-between gap-3 overflow-hidden rounded-lg border p-4 pr-10 shadow-lg',
        'data-[state=open]:animate-toast-in data-[state=closed]:animate-toast-out',
        'data-[swipe=move]:translate-x-(--radix-toast-swipe-move-x) data-[swipe=move]:transition-none',
        'data-[swipe=cancel]:translate-x-0 data-[swipe=cancel]:transition-transform data-[swipe=end]:animate-toast-swipe-out',
        variantClasses[variant],
        className,
      )}
      {...props}
    />
  );
});

export const ToastTitle = forwardRef<ComponentRef<typeof ToastPrimitive.Title>, ComponentPropsWithoutRef<typeof ToastPrimitive.Title>>(
  function ToastTitle({ className, ...props }, ref) {
    return <ToastPrimitive.Title ref={ref} className={cn('text-sm font-semibold', className)} {...props} />;
  },
);

export const ToastDescription = forwardRef<
  ComponentRef<typeof ToastPrimitive.Description>,
  ComponentPropsWithoutRef<typeof ToastPrimitive.Description>
>(function ToastDescription({ className, ...props }, ref) {
  return <ToastPrimitive.Description ref={ref} className={cn('text-sm opacity-90 break-words', className)} {...props} />;
});

export const ToastClose = forwardRef<ComponentRef<typeof ToastPrimitive.Close>, ComponentPropsWithoutRef<typeof ToastPrimitive.Close>>(
  function ToastClose({ className, ...props }, ref) {
    return (
      <ToastPrimitive.Close
        ref={ref}
        aria-label="Close notification"
        className={cn(
          'absolute right-2 top-2 rounded-md p-1 opacity-70 transition-opacity hover:opacity-100 focus-visible:opacity-100 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-current',
          className,
        )}
        {...props}
      >
        <X className="size-4" aria-hidden="true" />
      </ToastPrimitive.Close>
    );
  },
);

/** A button inside a toast (e.g. Reload); `altText` tells screen-reader users how to do the same another way. */
export const ToastAction = forwardRef<ComponentRef<typeof ToastPrimitive.Action>, ComponentPropsWithoutRef<typeof ToastPrimitive.Action>>(
  function ToastAction({ className, ...props }, ref) {
    return (
      <ToastPrimitive.Action
        ref={ref}
        className={cn(
          'inline-flex h-8 shrink-0 items-center justify-center self-center rounded-md border border-current px-3 text-sm font-medium',
          'hover:bg-black/5 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-current',
          className,
        )}
        {...props}
      />
    );
  },
);
