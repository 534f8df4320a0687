import { lazy, Suspense } from 'react';
import { Download } from 'lucide-react';
import { Button, type ButtonProps } from '@client/ui/button';
import { toast } from '@client/ui/use-toast';
import { isStandalone, requestInstall, useInstallState } from './install-prompt';
import { useHasBeenTrue } from '@client/lib/use-has-been-true';
import { useIsClient } from '@client/lib/use-is-client';

// The help dialogs load the first time one is asked for.
const InstallHelpDialog = lazy(() => import('./install-help-dialog').then((m) => ({ default: m.InstallHelpDialog })));

/** False once the app is installed or already running as one. */
export function useCanOfferInstall(): boolean {
  const { installed } = useInstallState();
  // Whether this is the installed app is the browser's to say: a prerendered page offers the action while it hydrates.
  const isClient = useIsClient();
  return !installed && !(isClient && isStandalone());
}

/** Runs the install action and thanks the user when the browser's prompt was accepted. */
export async function installApp(): Promise<void> {
  const outcome = await requestInstall();
  if (outcome === 'accepted') {
    toast({ title: 'Installing Go Live', description: 'The app is being added to your device.', variant: 'success' });
  }
}

/** Spec 000 section 2: Install App. The help dialogs live in {@link InstallHelp}, rendered once. */
export function InstallAppButton({ className, variant = 'outline', size = 'sm' }: Pick<ButtonProps, 'className' | 'variant' | 'size'>) {
  const canInstall = useCanOfferInstall();
  if (!canInstall) return null;
  return (
    <Button variant={variant} size={size} className={className} onClick={() => void installApp()}>
      <Download className="size-4" aria-hidden="true" />
      Install App
    </Button>
  );
}

/** The iOS steps and manual-instructions dialogs; mounted once in the layout, their code loaded when first needed. */
export function InstallHelp() {
  const { help } = useInstallState();
  const mounted = useHasBeenTrue(help !== null);
  return mounted ? (
    <Suspense fallback={null}>
      <InstallHelpDialog />
    </Suspense>
  ) : null;
}
