import { ExternalLink, UserRound, WifiOff } from 'lucide-react';
import { NavLink } from 'react-router';
import { cn } from '@client/lib/cn';
import { savedAgo } from '@client/lib/offline-snapshot';
import { toast } from '@client/ui/use-toast';
import { useAuth } from '@client/features/accounts/use-auth';

/** The header's links and sign-out action, shared by the header and its menus (header-menus.tsx). */

export type NavEntry = { label: string; to: string; newTab?: boolean };

/** Spec 000 section 2: header links. Driver and Chat demo open in a new tab. */
export const NAV_LINKS: readonly NavEntry[] = [
  { label: 'Join as Provider', to: '/onboarding' },
  { label: 'Track', to: '/track' },
  { label: 'Driver', to: '/driver', newTab: true },
  { label: 'Admin', to: '/admin' },
  { label: 'Chat demo', to: '/chat-demo', newTab: true },
];

/** A provider's link to their portal, which opens on Today (orders and bookings), not only their listings (issue 26). */
export const PROVIDER_PORTAL_LINK: NavEntry = { label: 'Provider portal', to: '/provider' };

export const linkClasses =
  'inline-flex h-9 items-center gap-1.5 rounded-md px-3 text-sm font-medium text-gray-700 transition-colors hover:bg-gray-100 hover:text-gray-900 ' +
  'focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500';

export function HeaderLink({ entry, className, onNavigate }: { entry: NavEntry; className?: string; onNavigate?: () => void }) {
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

export function useSignOutAction() {
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

/**
 * Who was signed in when this device last reached the server, shown while offline (display only: signing out and
 * every signed-in action need a connection). The age says how old that knowledge is.
 */
export function OfflineAccount({ username, savedAt }: { username: string; savedAt: string }) {
  return (
    <span className="flex max-w-56 items-center gap-1.5 text-sm font-medium text-gray-800" title={`${username}, offline. ${savedAgo(savedAt)}.`}>
      <UserRound className="size-4 shrink-0 text-gray-500" aria-hidden="true" />
      <span className="truncate">
        <span className="sr-only">Signed in as </span>
        {username}
      </span>
      <span className="inline-flex shrink-0 items-center gap-1 rounded-full bg-amber-100 px-2 py-0.5 text-xs text-amber-900">
        <WifiOff className="size-3" aria-hidden="true" />
        Offline
      </span>
    </span>
  );
}
