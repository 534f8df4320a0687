import { useRef, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { CalendarDays, ChevronDown, Download, LogIn, LogOut, Menu, Store, UserCog, UserRound } from 'lucide-react';
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
import { useAuth } from '@client/features/accounts/use-auth';
import { SERVICE_MENU_LINKS } from '@client/features/catalogue/categories';
import { useSectionNavigator } from '@client/features/catalogue/section-nav';
import { installApp, useCanOfferInstall } from './pwa/install-app-button';
import { HeaderLink, linkClasses, NAV_LINKS, OfflineAccount, PROVIDER_PORTAL_LINK, useSignOutAction } from './header-links';

/**
 * The header's two menus (Radix DropdownMenu and Sheet). The header renders look-alike trigger buttons and loads
 * this module on first use (or when the pointer or focus reaches a trigger), then mounts the menu already open.
 */

export const SERVICES_TRIGGER_CLASSES = cn(linkClasses, 'data-[state=open]:bg-gray-100');

/** Services dropdown: scrolls the home page to a section (or opens /#section from another page). */
export function ServicesDropdown({ defaultOpen = false }: { defaultOpen?: boolean }) {
  const goToSection = useSectionNavigator();
  // Scroll after the menu has closed, so returning focus to the trigger cannot fight the scroll.
  const pending = useRef<string | null>(null);
  return (
    <DropdownMenu defaultOpen={defaultOpen}>
      <DropdownMenuTrigger className={SERVICES_TRIGGER_CLASSES}>
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

/** Compact layout (< 768 px): a hamburger opening a side sheet with the same links and actions. */
export function MobileMenuSheet({ defaultOpen = false }: { defaultOpen?: boolean }) {
  const [open, setOpen] = useState(defaultOpen);
  const { user, status, offlineUser } = useAuth();
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
                    <Link to={PROVIDER_PORTAL_LINK.to} className={cn(linkClasses, 'h-11 w-full')}>
                      <Store className="size-4 text-gray-500" aria-hidden="true" />
                      {PROVIDER_PORTAL_LINK.label}
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
            ) : offlineUser ? (
              <>
                <p className="px-3 py-2">
                  <OfflineAccount username={offlineUser.user.username} savedAt={offlineUser.savedAt} />
                </p>
                <SheetClose asChild>
                  <Link to="/bookings" className={cn(linkClasses, 'h-11 w-full')}>
                    <CalendarDays className="size-4 text-gray-500" aria-hidden="true" />
                    My bookings
                  </Link>
                </SheetClose>
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
