import { Download } from 'lucide-react';
import { Button, type ButtonProps } from '@client/ui/button';
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@client/ui/dialog';
import { toast } from '@client/ui/use-toast';
import { IosInstallSteps } from './ios-install-steps';
import { closeInstallHelp, isStandalone, requestInstall, useInstallState } from './install-prompt';

/** False once the app is installed or already running as one. */
export function useCanOfferInstall(): boolean {
  const { installed } = useInstallState();
  return !installed && !isStandalone();
}

/** Runs the install action and thanks the user when the browser's prompt was accepted. */
export async function installApp(): Promise<void> {
  const outcome = await requestInstall();
  if (outcome === 'accepted') {
    toast({ title: 'Installing Go Live', description: 'The app is being added to your device.', variant: 'success' });
  }
}

/** Spec 000 section 2: Install App. The help dialogs live in {@link InstallHelpDialog}, rendered once. */
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

/** The iOS steps overlay and the manual-instructions dialog; mounted once in the layout. */
export function InstallHelpDialog() {
  const { help } = useInstallState();
  return (
    <Dialog open={help !== null} onOpenChange={(open) => !open && closeInstallHelp()}>
      <DialogContent className="max-w-md">
        {help === 'ios' ? (
          <>
            <DialogHeader>
              <DialogTitle>Install Go Live</DialogTitle>
              <DialogDescription>Add Go Live to your Home Screen for quick, full-screen access.</DialogDescription>
            </DialogHeader>
            <IosInstallSteps />
          </>
        ) : help === 'unsupported' ? (
          <DialogHeader>
            <DialogTitle>Installing is not supported</DialogTitle>
            <DialogDescription>
              This browser cannot install Go Live as an app. Keep using it here, bookmark this page, or open Go Live in Chrome, Edge or
              Safari to install it.
            </DialogDescription>
          </DialogHeader>
        ) : (
          <>
            <DialogHeader>
              <DialogTitle>Install Go Live</DialogTitle>
              <DialogDescription>Your browser did not offer an install prompt. You can install Go Live by hand:</DialogDescription>
            </DialogHeader>
            <ul className="grid list-disc gap-2 pl-5 text-sm text-gray-800">
              <li>
                <span className="font-medium">Chrome or Edge on a computer:</span> click the install icon in the address bar, or open the
                browser menu and choose “Install Go Live” (or “Apps › Install this site as an app”).
              </li>
              <li>
                <span className="font-medium">Chrome on Android:</span> open the menu (⋮) and choose “Add to Home screen” or “Install app”.
              </li>
              <li>
                <span className="font-medium">Safari on iPhone or iPad:</span> tap Share, then Add to Home Screen, then Add.
              </li>
              <li>
                <span className="font-medium">Other browsers:</span> installing may not be supported; bookmark this page instead.
              </li>
            </ul>
          </>
        )}
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="outline">Got it</Button>
          </DialogClose>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
