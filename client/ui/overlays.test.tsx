// @vitest-environment happy-dom
import type { FormEvent } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { Link } from 'react-router';
import { renderWithApp } from '@client/testing/render';
import { Button } from './button';
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuLabel, DropdownMenuSeparator, DropdownMenuTrigger } from './dropdown-menu';
import { Popover, PopoverClose, PopoverContent, PopoverTrigger } from './popover';
import { SimpleTooltip, TOOLTIP_DELAY_MS } from './tooltip';

describe('Button', () => {
  it('is a plain button by default, so it never submits the form it sits in', async () => {
    const onSubmit = vi.fn((event: FormEvent) => event.preventDefault());
    const { user } = renderWithApp(
      <form onSubmit={onSubmit}>
        <Button>Add guest</Button>
        <Button type="submit">Book</Button>
      </form>,
    );

    await user.click(screen.getByRole('button', { name: 'Add guest' }));
    expect(onSubmit).not.toHaveBeenCalled();

    await user.click(screen.getByRole('button', { name: 'Book' }));
    expect(onSubmit).toHaveBeenCalledTimes(1);
  });

  it('does nothing while disabled', async () => {
    const onClick = vi.fn();
    const { user } = renderWithApp(
      <Button disabled onClick={onClick}>
        Reserve Now
      </Button>,
    );
    const button = screen.getByRole('button', { name: 'Reserve Now' }) as HTMLButtonElement;

    await user.click(button);

    expect(button.disabled).toBe(true);
    expect(onClick).not.toHaveBeenCalled();
  });

  it('renders its child (a router link) with the look of a button: still a link that navigates', async () => {
    const { user, location } = renderWithApp(
      <Button asChild variant="secondary">
        <Link to="/register/general">Register your service</Link>
      </Button>,
    );
    const link = screen.getByRole('link', { name: 'Register your service' });
    expect(screen.queryByRole('button')).toBeNull();

    await user.click(link);

    expect(location().pathname).toBe('/register/general');
  });
});

describe('DropdownMenu', () => {
  function AccountMenu({ onSelect }: { onSelect: (item: string) => void }) {
    return (
      <DropdownMenu>
        <DropdownMenuTrigger asChild>
          <Button>Account</Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent>
          <DropdownMenuLabel>Signed in as ada</DropdownMenuLabel>
          <DropdownMenuItem onSelect={() => onSelect('bookings')}>My bookings</DropdownMenuItem>
          <DropdownMenuItem disabled onSelect={() => onSelect('admin')}>
            Admin
          </DropdownMenuItem>
          <DropdownMenuSeparator />
          <DropdownMenuItem onSelect={() => onSelect('sign-out')}>Sign out</DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>
    );
  }

  it('opens from the keyboard on its first item, skips disabled items and chooses with Enter', async () => {
    const onSelect = vi.fn();
    const { user } = renderWithApp(<AccountMenu onSelect={onSelect} />);
    const trigger = screen.getByRole('button', { name: 'Account' });
    expect(trigger.getAttribute('aria-haspopup')).toBe('menu');
    trigger.focus();

    await user.keyboard('{Enter}');

    screen.getByRole('menu');
    expect(trigger.getAttribute('aria-expanded')).toBe('true');
    expect(document.activeElement).toBe(screen.getByRole('menuitem', { name: 'My bookings' }));
    expect(screen.getByRole('menuitem', { name: 'Admin' }).getAttribute('aria-disabled')).toBe('true');

    await user.keyboard('{ArrowDown}');
    expect(document.activeElement).toBe(screen.getByRole('menuitem', { name: 'Sign out' }));

    await user.keyboard('{Enter}');
    expect(onSelect).toHaveBeenCalledWith('sign-out');
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
  });

  it('closes on Escape and gives the focus back to its trigger', async () => {
    const { user } = renderWithApp(<AccountMenu onSelect={() => undefined} />);
    const trigger = screen.getByRole('button', { name: 'Account' });
    trigger.focus();
    await user.keyboard('{Enter}');
    screen.getByRole('menu');

    await user.keyboard('{Escape}');

    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
    expect(document.activeElement).toBe(trigger);
  });
});

describe('Popover', () => {
  it('toggles its content from the trigger, reports it with aria-expanded and closes on Escape', async () => {
    const { user } = renderWithApp(
      <Popover>
        <PopoverTrigger asChild>
          <Button>Price details</Button>
        </PopoverTrigger>
        <PopoverContent aria-label="Price details">
          <p>Service fee $4.00</p>
          <PopoverClose>Done</PopoverClose>
        </PopoverContent>
      </Popover>,
    );
    const trigger = screen.getByRole('button', { name: 'Price details' });
    expect(trigger.getAttribute('aria-expanded')).toBe('false');

    await user.click(trigger);
    const content = screen.getByRole('dialog', { name: 'Price details' });
    expect(content.textContent).toContain('Service fee $4.00');
    expect(trigger.getAttribute('aria-expanded')).toBe('true');

    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(trigger.getAttribute('aria-expanded')).toBe('false');

    await user.click(trigger);
    await user.click(screen.getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});

describe('SimpleTooltip', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  const cart = () => (
    <SimpleTooltip label="Cart">
      <button type="button" aria-label="Cart">
        🛒
      </button>
    </SimpleTooltip>
  );

  it('shows its label after the hover delay, visually only (the button carries the name), and hides on Escape', () => {
    vi.useFakeTimers();
    renderWithApp(cart());
    const button = screen.getByRole('button', { name: 'Cart' });
    const wrapper = button.parentElement as HTMLElement;

    fireEvent.pointerEnter(wrapper, { pointerType: 'mouse' });
    act(() => vi.advanceTimersByTime(TOOLTIP_DELAY_MS - 50));
    expect(screen.queryByText('Cart')).toBeNull();

    act(() => vi.advanceTimersByTime(50));
    const tip = screen.getByText('Cart');
    expect(tip.getAttribute('aria-hidden')).toBe('true');

    fireEvent.keyDown(button, { key: 'Escape' });
    expect(screen.queryByText('Cart')).toBeNull();
  });

  it('does not open for a touch, which would leave it stuck on screen', () => {
    vi.useFakeTimers();
    renderWithApp(cart());
    const wrapper = screen.getByRole('button', { name: 'Cart' }).parentElement as HTMLElement;

    fireEvent.pointerEnter(wrapper, { pointerType: 'touch' });
    act(() => vi.advanceTimersByTime(TOOLTIP_DELAY_MS * 2));

    expect(screen.queryByText('Cart')).toBeNull();
  });
});
