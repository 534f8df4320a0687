import { useRef, useState, type ReactNode } from 'react';
import { Link, NavLink } from 'react-router';
import { CalendarDays, ChevronDown, Download, ExternalLink, LogIn, LogOut, Menu, Store, UserCog, UserRound } from 'lucide-react';
import { cn } from '@client/lib/cn';
import { Button, buttonVariants } from '@client/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@client/ui/dropdown-menu';
import { Sheet, SheetClose, SheetContent, SheetDescription, SheetTitle, SheetTrigger } from '@client/ui/sheet';
import { Skeleton } from '@client/ui/skeleton';
import { toast } from '@client/ui/use-toast';
import { useAuth } from '@client/features/accounts/use-auth';
import { CartButton } from '@client/features/cart/cart-button';
import { MessagesButton } from '@client/features/chat/messages-button';
import { SERVICE_MENU_LINKS } from '@client/features/catalogue/categories';
import { useSectionNavigator } from '@client/features/catalogue/section-nav';
import { CountryPicker } from '@client/features/locations/country-picker';
import { InstallAppButton, installApp, useCanOfferInstall } from './pwa/install-app-button';

type NavEntry = { label: string; to: string; newTab?: boolean };

/** Spec 000 section 2: header links. Driver and Chat demo open in a new tab. */
const NAV_LINKS: readonly NavEntry[] = [
  { label: 'Join as Provider', to: '/onboarding' },
  { label: 'Track', to: '/track' },
  { label: 'Driver', to: '/driver', newTab: true },
  { label: 'Admin', to: '/admin' },
  { label: 'Chat demo', to: '/chat-demo', newTab: true },
];

export function Header() {
  const { user } = useAuth();
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
                  <HeaderLink entry={{ label: 'My listings', to: '/provider' }} />
                </li>
              ) : null}
              <li>
                <HeaderLink entry={{ label: 'Account', to: '/account' }} />
              </li>
            </>
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

const linkClasses =
  'inline-flex h-9 items-center gap-1.5 rounded-md px-3 text-sm font-medium text-gray-700 transition-colors hover:bg-gray-100 hover:text-gray-900 ' +
  'focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500';

function HeaderLink({ entry, className, onNavigate }: { entry: NavEntry; className?: string; onNavigate?: () => void }) {
  if (entry.newTab) {
    return (
      <a href={entry.to} target="_blank" rel="noopener" className={cn(linkClasses, className)} onClick={onNavigate}>
        {entry.label}
        <ExternalLink className="size-3.5 text-gray-400" aria-hidden="true" />
        <span className="sr-only">(opens in a new tab)</span>
      </a>
    );
  }
  return (
    <NavLink
      to={entry.to}
      onClick={onNavigate}
      className={({ isActive }) => cn(linkClasses, isActive && 'bg-brand-50 text-brand-800 hover:bg-brand-50', className)}
    >
      {entry.label}
    </NavLink>
  );
}

/** Services dropdown: scrolls the home page to a section (or opens /#section from another page). */
function ServicesMenu() {
  const goToSection = useSectionNavigator();
  // Scroll after the menu has closed, so returning focus to the trigger cannot fight the scroll.
  const pending = useRef<string | null>(null);
  return (
    <DropdownMenu>
      <DropdownMenuTrigger className={cn(linkClasses, 'data-[state=open]:bg-gray-100')}>
        Services
        <ChevronDown className="size-4 text-gray-500" aria-hidden="true" />
      </DropdownMenuTrigger>
      <DropdownMenuContent
        align="start"
        onCloseAutoFocus={(event) => {
          if (!pending.current) return;
          event.preventDefault();
          const id = pending.current;
          pending.current = null;
          goToSection(id);
        }}
      >
        <DropdownMenuLabel>Our services</DropdownMenuLabel>
        <DropdownMenuSeparator />
        {SERVICE_MENU_LINKS.map(({ label, anchor }) => (
          <DropdownMenuItem key={anchor} onSelect={() => (pending.current = anchor)}>
            {label}
          </DropdownMenuItem>
        ))}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

function useSignOutAction() {
  const { signOut, isSigningOut } = useAuth();
  const run = async () => {
    try {
      await signOut();
      toast({ title: 'Signed out', description: 'See you soon!' });
    } catch {
      toast({ title: 'Sign out failed', description: 'Please try again.', variant: 'destructive' });
    }
  };
  return { run, isSigningOut };
}

/** Wide layout: Sign In, or the username with Sign out. */
function AccountControls() {
  const { user, status } = useAuth();
  const signOut = useSignOutAction();
  if (status === 'loading') return <Skeleton className="h-9 w-24 rounded-lg" />;
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

/** Compact layout (< 768 px): a hamburger opening a side sheet with the same links and actions. */
function MobileMenu() {
  const [open, setOpen] = useState(false);
  const { user, status } = useAuth();
  const signOut = useSignOutAction();
  const goToSection = useSectionNavigator();
  const canInstall = useCanOfferInstall();
  // Actions that open something else (a section, the install help) run after the sheet has closed.
  const pendingAction = useRef<(() => void) | null>(null);
  const close = () => setOpen(false);

  return (
    <Sheet open={open} onOpenChange={setOpen}>
      <SheetTrigger asChild>
        <Button variant="ghost" size="icon" className="md:hidden" aria-label="Open menu" aria-expanded={open}>
          <Menu className="size-6" aria-hidden="true" />
        </Button>
      </SheetTrigger>
      <SheetContent
        onOpenAutoFocus={(event) => {
          // Radix skips links when choosing the first focus, which would land mid-menu on "Food Delivery";
          // start at the top of the sheet instead (Sign In or the account entries).
          const first = (event.currentTarget as HTMLElement | null)?.querySelector<HTMLElement>('a[href], button:not([disabled])');
          if (!first) return;
          event.preventDefault();
          first.focus();
        }}
        onCloseAutoFocus={(event) => {
          const action = pendingAction.current;
          if (!action) return;
          event.preventDefault();
          pendingAction.current = null;
          action();
        }}
      >
        <div className="border-b border-gray-200 px-5 pb-4 pt-5 pr-14">
          <SheetTitle className="text-lg font-bold text-gray-900">Menu</SheetTitle>
          <SheetDescription className="sr-only">Site navigation, services and account</SheetDescription>
        </div>

        <div className="grid gap-6 px-3 py-4">
          <MobileGroup title="Account">
            {status === 'loading' ? (
              <Skeleton className="mx-2 h-10" />
            ) : user ? (
              <>
                <p className="flex items-center gap-2 px-3 py-2 text-sm text-gray-700">
                  <UserRound className="size-4 shrink-0 text-gray-500" aria-hidden="true" />
                  <span className="min-w-0 truncate">
                    Signed in as <span className="font-semibold text-gray-900">{user.username}</span>
                  </span>
                </p>
                <SheetClose asChild>
                  <Link to="/bookings" className={cn(linkClasses, 'h-11 w-full')}>
                    <CalendarDays className="size-4 text-gray-500" aria-hidden="true" />
                    My bookings
                  </Link>
                </SheetClose>
                {user.role === 'provider' ? (
                  <SheetClose asChild>
                    <Link to="/provider" className={cn(linkClasses, 'h-11 w-full')}>
                      <Store className="size-4 text-gray-500" aria-hidden="true" />
                      My listings
                    </Link>
                  </SheetClose>
                ) : null}
                <SheetClose asChild>
                  <Link to="/account" className={cn(linkClasses, 'h-11 w-full')}>
                    <UserCog className="size-4 text-gray-500" aria-hidden="true" />
                    Account
                  </Link>
                </SheetClose>
                <button
                  type="button"
                  className={cn(linkClasses, 'h-11 w-full')}
                  disabled={signOut.isSigningOut}
                  onClick={() => {
                    close();
                    void signOut.run();
                  }}
                >
                  <LogOut className="size-4 text-gray-500" aria-hidden="true" />
                  Sign out
                </button>
              </>
            ) : (
              <SheetClose asChild>
                <Link to="/login" className={buttonVariants({ className: 'mx-2 h-11' })}>
                  <LogIn className="size-4" aria-hidden="true" />
                  Sign In
                </Link>
              </SheetClose>
            )}
          </MobileGroup>

          <nav aria-label="Main">
            <MobileGroup title="Go to">
              <ul className="grid">
                {NAV_LINKS.map((entry) => (
                  <li key={entry.to}>
                    <HeaderLink entry={entry} className="h-11 w-full" onNavigate={close} />
                  </li>
                ))}
              </ul>
            </MobileGroup>
          </nav>

          <MobileGroup title="Services">
            <ul className="grid">
              {SERVICE_MENU_LINKS.map(({ label, anchor }) => (
                <li key={anchor}>
                  <button
                    type="button"
                    className={cn(linkClasses, 'h-11 w-full')}
                    onClick={() => {
                      pendingAction.current = () => goToSection(anchor);
                      close();
                    }}
                  >
                    {label}
                  </button>
                </li>
              ))}
            </ul>
          </MobileGroup>

          {canInstall ? (
            <div className="px-2">
              <Button
                variant="outline"
                className="h-11 w-full"
                onClick={() => {
                  pendingAction.current = () => void installApp();
                  close();
                }}
              >
                <Download className="size-4" aria-hidden="true" />
                Install App
              </Button>
            </div>
          ) : null}
        </div>
      </SheetContent>
    </Sheet>
  );
}

function MobileGroup({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="grid gap-1">
      <p className="px-3 text-xs font-semibold uppercase tracking-wide text-gray-500">{title}</p>
      {children}
    </div>
  );
}
