import { Button } from '@client/ui/button';
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@client/ui/dialog';
import { IosInstallSteps } from './ios-install-steps';
import { closeInstallHelp, useInstallState } from './install-prompt';

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
