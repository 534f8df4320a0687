import { useSyncExternalStore, type ReactNode } from 'react';

/** Spec 000 section 9: one toast at a time; a new one replaces the current. */
export const TOAST_LIMIT = 1;
/** Spec 000 section 9: a dismissed toast stays in memory this long before it is dropped. */
export const TOAST_REMOVE_DELAY_MS = 1_000_000;
/** Spec 000 section 9: default display time. */
export const TOAST_DURATION_MS = 5000;

export type ToastVariant = 'default' | 'destructive' | 'success';

export type ToastInput = {
  title: string;
  description?: ReactNode;
  variant?: ToastVariant;
  /** Override the 5000 ms display time (Infinity keeps it until dismissed). */
  duration?: number;
  /** One button in the toast, e.g. Reload; `altText` describes another way to do it for screen readers. */
  action?: { label: string; altText: string; onClick: () => void };
};

export type ToastRecord = ToastInput & { id: string; open: boolean };

let toasts: ToastRecord[] = [];
let counter = 0;
const listeners = new Set<() => void>();
const removalTimers = new Map<string, ReturnType<typeof setTimeout>>();

function emit(next: ToastRecord[]) {
  toasts = next;
  for (const listener of listeners) listener();
}

function scheduleRemoval(id: string) {
  if (removalTimers.has(id)) return;
  removalTimers.set(
    id,
    setTimeout(() => {
      removalTimers.delete(id);
      emit(toasts.filter((t) => t.id !== id));
    }, TOAST_REMOVE_DELAY_MS),
  );
}

/** Closes one toast, or every toast when no id is given. */
export function dismissToast(id?: string): void {
  for (const t of toasts) if (id === undefined || t.id === id) scheduleRemoval(t.id);
  emit(toasts.map((t) => (id === undefined || t.id === id ? { ...t, open: false } : t)));
}

/** Shows a toast, replacing whatever toast is on screen. Usable outside React (e.g. in mutation callbacks). */
export function toast(input: ToastInput): { id: string; dismiss: () => void; update: (next: Partial<ToastInput>) => void } {
  counter = (counter + 1) % Number.MAX_SAFE_INTEGER;
  const id = `toast-${counter}`;
  const dropped = toasts.slice(TOAST_LIMIT - 1);
  for (const t of dropped) {
    const timer = removalTimers.get(t.id);
    if (timer) clearTimeout(timer);
    removalTimers.delete(t.id);
  }
  emit([{ ...input, id, open: true }, ...toasts].slice(0, TOAST_LIMIT));
  return {
    id,
    dismiss: () => dismissToast(id),
    update: (next) => emit(toasts.map((t) => (t.id === id ? { ...t, ...next } : t))),
  };
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

const getSnapshot = () => toasts;

/** Whether any toast has been shown in this tab (the app mounts its Toaster then, see app/providers.tsx). */
export function useAnyToast(): boolean {
  return useSyncExternalStore(subscribe, () => toasts.length > 0, () => false);
}

/** Current toasts plus `toast()` and `dismiss()`. */
export function useToast() {
  const current = useSyncExternalStore(subscribe, getSnapshot, getSnapshot);
  return { toasts: current, toast, dismiss: dismissToast };
}
