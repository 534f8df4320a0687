import { lazy, Suspense, useState, type ComponentProps } from 'react';
import { Link } from 'react-router';
import { ChevronDown, LogIn, LogOut, Menu, UserRound } from 'lucide-react';
import { cn } from '@client/lib/cn';
import { Button, buttonVariants } from '@client/ui/button';
import { Skeleton } from '@client/ui/skeleton';
import { useAuth } from '@client/features/accounts/use-auth';
import { CartButton } from '@client/features/cart/cart-button';
import { MessagesButton } from '@client/features/chat/messages-button';
import { CountryPicker } from '@client/features/locations/country-picker';
import { InstallAppButton } from './pwa/install-app-button';
import { HeaderLink, linkClasses, NAV_LINKS, OfflineAccount, PROVIDER_PORTAL_LINK, useSignOutAction } from './header-links';

// The menus' code (Radix dropdown and sheet) is not part of the first load: see header-menus.tsx.
const loadMenus = () => import('./header-menus');
const ServicesDropdown = lazy(() => loadMenus().then((m) => ({ default: m.ServicesDropdown })));
const MobileMenuSheet = lazy(() => loadMenus().then((m) => ({ default: m.MobileMenuSheet })));

export function Header() {
  const { user, offlineUser } = useAuth();
  return (
    <header className="border-b border-gray-200 bg-white">
      <div className="mx-auto flex h-16 w-full max-w-6xl items-center gap-2 px-4">
        <Logo />
        <div className="ml-auto flex items-center gap-1 sm:gap-2">
          <CountryPicker />
          <InstallAppButton className="hidden md:inline-flex" />
          <MessagesButton />
          <CartButton />
          <div className="hidden md:flex">
            <AccountControls />
          </div>
          <MobileMenu />
        </div>
      </div>
      <nav aria-label="Main" className="hidden border-t border-gray-100 md:block">
        <ul className="scrollbar-none mx-auto flex h-12 w-full max-w-6xl items-center gap-1 overflow-x-auto px-4">
          <li>
            <ServicesMenu />
          </li>
          {NAV_LINKS.map((entry) => (
            <li key={entry.to}>
              <HeaderLink entry={entry} />
            </li>
          ))}
          {user ? (
            <>
              <li className="ml-auto">
                <HeaderLink entry={{ label: 'My bookings', to: '/bookings' }} />
              </li>
              {user.role === 'provider' ? (
                <li>
                  <HeaderLink entry={PROVIDER_PORTAL_LINK} />
                </li>
              ) : null}
              <li>
                <HeaderLink entry={{ label: 'Account', to: '/account' }} />
              </li>
            </>
          ) : offlineUser ? (
            // Offline: My bookings shows the copy this device kept of it.
            <li className="ml-auto">
              <HeaderLink entry={{ label: 'My bookings', to: '/bookings' }} />
            </li>
          ) : null}
        </ul>
      </nav>
    </header>
  );
}

function Logo() {
  return (
    <Link
      to="/"
      className="flex shrink-0 items-center gap-2 rounded-lg pr-1 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500"
      aria-label="Go Live, home"
    >
      <img src="/icon.svg" alt="" className="size-9 rounded-lg" width={36} height={36} />
      <span className="text-xl font-extrabold tracking-tight text-gray-900">
        Go <span className="text-brand-600">Live</span>
      </span>
    </Link>
  );
}

/** Wide layout: Sign In, or the username with Sign out; offline, the username kept on this device, marked so. */
function AccountControls() {
  const { user, status, offlineUser } = useAuth();
  const signOut = useSignOutAction();
  if (status === 'loading') return <Skeleton className="h-9 w-24 rounded-lg" />;
  if (!user && offlineUser) return <OfflineAccount username={offlineUser.user.username} savedAt={offlineUser.savedAt} />;
  if (!user) {
    return (
      <Link to="/login" className={buttonVariants({ size: 'sm' })}>
        <LogIn className="size-4" aria-hidden="true" />
        Sign In
      </Link>
    );
  }
  return (
    <div className="flex items-center gap-2">
      <span className="flex max-w-40 items-center gap-1.5 text-sm font-medium text-gray-800" title={user.username}>
        <UserRound className="size-4 shrink-0 text-gray-500" aria-hidden="true" />
        <span className="truncate">
          <span className="sr-only">Signed in as </span>
          {user.username}
        </span>
      </span>
      <Button variant="outline" size="sm" onClick={() => void signOut.run()} disabled={signOut.isSigningOut}>
        <LogOut className="size-4" aria-hidden="true" />
        Sign out
      </Button>
    </div>
  );
}

/**
 * A menu trigger that looks and reads like the real one until first used: a click, Enter, Space or ArrowDown loads
 * the menu's code (fetched early on hover or focus) and mounts the real menu open; until the code arrives the same
 * button stays, marked busy.
 */
function DeferredTrigger({ onOpen, ...props }: ComponentProps<'button'> & { onOpen: () => void }) {
  return (
    <button
      type="button"
      {...props}
      onPointerEnter={() => void loadMenus()}
      onFocus={() => void loadMenus()}
      onClick={onOpen}
      onKeyDown={(event) => {
        if (event.key !== 'ArrowDown') return;
        event.preventDefault();
        onOpen();
      }}
    />
  );
}

/** Services dropdown: scrolls the home page to a section (or opens /#section from another page). */
function ServicesMenu() {
  const [used, setUsed] = useState(false);
  const trigger = (
    <DeferredTrigger className={cn(linkClasses, 'data-[state=open]:bg-gray-100')} aria-haspopup="menu" aria-expanded={false} aria-busy={used} onOpen={() => setUsed(true)}>
      Services
      <ChevronDown className="size-4 text-gray-500" aria-hidden="true" />
    </DeferredTrigger>
  );
  if (!used) return trigger;
  return (
    <Suspense fallback={trigger}>
      <ServicesDropdown defaultOpen />
    </Suspense>
  );
}

/** Compact layout (< 768 px): a hamburger opening a side sheet with the same links and actions. */
function MobileMenu() {
  const [used, setUsed] = useState(false);
  const trigger = (
    <DeferredTrigger
      className={cn(buttonVariants({ variant: 'ghost', size: 'icon' }), 'md:hidden')}
      aria-label="Open menu"
      aria-haspopup="dialog"
      aria-expanded={false}
      aria-busy={used}
      onOpen={() => setUsed(true)}
    >
      <Menu className="size-6" aria-hidden="true" />
    </DeferredTrigger>
  );
  if (!used) return trigger;
  return (
    <Suspense fallback={trigger}>
      <MobileMenuSheet defaultOpen />
    </Suspense>
  );
}
