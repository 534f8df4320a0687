// @vitest-environment happy-dom
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { renderWithApp } from '@client/testing/render';
import { Button } from './button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, DialogTrigger } from './dialog';
import { Sheet, SheetContent, SheetDescription, SheetTitle, SheetTrigger } from './sheet';

function TriggeredDialog() {
  return (
    <Dialog>
      <DialogTrigger asChild>
        <Button>Edit profile</Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Your profile</DialogTitle>
          <DialogDescription>Change how others see you.</DialogDescription>
        </DialogHeader>
        <label>
          Display name
          <input defaultValue="Ada" />
        </label>
        <DialogFooter>
          <Button>Save</Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

/** Most of the app's dialogs open from state rather than from a DialogTrigger (e.g. a card's View Details). */
function StateDialog() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button onClick={() => setOpen(true)}>View details</Button>
      <Button>Something else</Button>
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent>
          <DialogTitle>Hotel Aurora</DialogTitle>
          <DialogDescription>Downtown, 4 stars.</DialogDescription>
        </DialogContent>
      </Dialog>
    </>
  );
}

describe('Dialog', () => {
  it('opens from its trigger as a modal dialog named by its title and described by its description', async () => {
    const { user } = renderWithApp(<TriggeredDialog />);
    expect(screen.queryByRole('dialog')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Edit profile' }));

    const dialog = screen.getByRole('dialog', { name: 'Your profile' });
    expect(dialog.getAttribute('aria-describedby')).toBe(screen.getByText('Change how others see you.').id);
    // Focus moves into the dialog, and the page behind it is hidden from assistive technology.
    expect(dialog.contains(document.activeElement)).toBe(true);
    expect(screen.queryByRole('button', { name: 'Edit profile' })).toBeNull();
  });

  it('closes on Escape and gives the focus back to the trigger', async () => {
    const { user } = renderWithApp(<TriggeredDialog />);
    const trigger = screen.getByRole('button', { name: 'Edit profile' });
    await user.click(trigger);
    screen.getByRole('dialog', { name: 'Your profile' });

    await user.keyboard('{Escape}');

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(document.activeElement).toBe(trigger);
  });

  it('closes with its corner Close button', async () => {
    const { user } = renderWithApp(<TriggeredDialog />);
    await user.click(screen.getByRole('button', { name: 'Edit profile' }));

    await user.click(screen.getByRole('button', { name: 'Close' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('keeps Tab inside the dialog while it is open', async () => {
    const { user } = renderWithApp(<TriggeredDialog />);
    await user.click(screen.getByRole('button', { name: 'Edit profile' }));
    const dialog = screen.getByRole('dialog', { name: 'Your profile' });

    // Name field, Save, Close, and round again: never the page behind.
    for (let i = 0; i < 5; i++) {
      await user.tab();
      expect(dialog.contains(document.activeElement)).toBe(true);
    }
  });

  it('gives the focus back to the button that opened it from state, not to the page', async () => {
    const { user } = renderWithApp(<StateDialog />);
    const opener = screen.getByRole('button', { name: 'View details' });
    await user.click(opener);
    screen.getByRole('dialog', { name: 'Hotel Aurora' });

    await user.keyboard('{Escape}');

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(document.activeElement).toBe(opener);
  });
});

describe('Sheet', () => {
  it('slides in as a dialog named by its title and closes with "Close menu", focus back on its trigger', async () => {
    const { user } = renderWithApp(
      <Sheet>
        <SheetTrigger asChild>
          <Button>Menu</Button>
        </SheetTrigger>
        <SheetContent>
          <SheetTitle>Go Live</SheetTitle>
          <SheetDescription>Services and your account.</SheetDescription>
          <a href="/bookings">My bookings</a>
        </SheetContent>
      </Sheet>,
    );
    const trigger = screen.getByRole('button', { name: 'Menu' });
    await user.click(trigger);

    const sheet = screen.getByRole('dialog', { name: 'Go Live' });
    expect(sheet.textContent).toContain('My bookings');

    await user.click(screen.getByRole('button', { name: 'Close menu' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(document.activeElement).toBe(trigger);
  });
});
