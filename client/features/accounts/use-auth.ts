import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { Login, PublicUser, Register } from '@domain/accounts/schemas';
import { apiGet, apiKey, apiPost, isNetworkError } from '@client/lib/api';
import { SNAPSHOTS, clearSnapshots, readSnapshot, saveSnapshot } from '@client/lib/offline-snapshot';

/**
 * The session is the server's: this query on /api/auth/session ({user} or {user: null}, always 200, so a signed-out
 * visit logs no failed request) is the only source of "who is signed in".
 */
export const AUTH_ME_KEY = apiKey('/api/auth/session');

export type AuthStatus = 'loading' | 'error' | 'signed-in' | 'signed-out';

/** Who was signed in on this device at the last answer, shown while offline: for display only, never for access. */
export type OfflineUser = { user: PublicUser; savedAt: string };

/**
 * Reads the session and keeps its last answer on the device (client/lib/offline-snapshot.ts): a reload while offline
 * can still say who was signed in. A signed-out answer deletes every kept copy (the session ended elsewhere, or
 * expired), so nothing of that user stays behind.
 */
async function fetchSession(): Promise<PublicUser | null> {
  const { user } = await apiGet('/api/auth/session');
  if (user) {
    const kept = readSnapshot<PublicUser>(SNAPSHOTS.session);
    // Another account on this device: the previous one's copies go before this one's are kept.
    if (kept && kept.userId !== user.id) clearSnapshots();
    saveSnapshot(SNAPSHOTS.session, { userId: user.id, username: user.username, data: user });
  } else {
    clearSnapshots();
  }
  return user;
}

/** The kept session, when the live one cannot be read because the network is down. */
function offlineUserOf(status: AuthStatus, error: unknown): OfflineUser | null {
  if (status !== 'error' || !isNetworkError(error)) return null;
  const kept = readSnapshot<PublicUser>(SNAPSHOTS.session);
  return kept && kept.data?.id === kept.userId ? { user: kept.data, savedAt: kept.savedAt } : null;
}

/** Other cached data may belong to the previous user: refetch what is shown, drop the rest when next used. */
function refreshUserData(queryClient: QueryClient) {
  void queryClient.invalidateQueries({ predicate: (query) => query.queryKey[0] !== AUTH_ME_KEY[0] });
}

/**
 * Current user plus sign-in, sign-out and registration. `user` is null when signed out.
 * Mutations throw the api helper's Error (`"<status>: <body>"`); parse it with `parseApiError`.
 */
export function useAuth() {
  const queryClient = useQueryClient();

  const me = useQuery<PublicUser | null>({
    queryKey: AUTH_ME_KEY,
    queryFn: fetchSession,
    // Offline, fail at once (status 'error': pages show sign-in or a retry) instead of pausing in 'loading'
    // forever; the query has no data then, so it is refetched on reconnect.
    networkMode: 'always',
    // An errored /me (offline) is not fetched again by every component that mounts useAuth: a fetch puts the
    // query back to 'loading', which swaps forms for a spinner and mounts them again, an endless loop offline.
    // It is fetched again on reconnect (refetchOnReconnect) and by the pages' Retry buttons.
    retryOnMount: false,
  });

  const signedIn = (user: PublicUser) => {
    // Offline copies of the previous user's pages (My bookings) must not show under another account.
    if (queryClient.getQueryData<PublicUser | null>(AUTH_ME_KEY)?.id !== user.id) clearSnapshots();
    saveSnapshot(SNAPSHOTS.session, { userId: user.id, username: user.username, data: user });
    queryClient.setQueryData(AUTH_ME_KEY, user);
    refreshUserData(queryClient);
  };

  const signInMutation = useMutation({
    mutationFn: (credentials: Login) => apiPost('/api/auth/login', { body: credentials }),
    // Auth calls report "Unable to connect" at once rather than waiting, paused, for the network.
    networkMode: 'always',
    onSuccess: signedIn,
  });

  /** Spends a one-time sign-in link (/login/link?token=..., issue 27): signs this browser in. */
  const signInWithLinkMutation = useMutation({
    mutationFn: (token: string) => apiPost('/api/auth/login/link', { body: { token } }),
    networkMode: 'always',
    onSuccess: signedIn,
  });

  const signOutMutation = useMutation({
    mutationFn: async () => {
      await apiPost('/api/auth/logout');
    },
    networkMode: 'always',
    onSuccess: () => {
      clearSnapshots();
      queryClient.setQueryData(AUTH_ME_KEY, null);
      refreshUserData(queryClient);
    },
  });

  /** Creates the account only; the caller signs in afterwards (the register call sets no session). */
  const registerMutation = useMutation({
    mutationFn: (input: Register) => apiPost('/api/auth/register', { body: input }),
    networkMode: 'always',
  });

  const user = me.data ?? null;
  const status: AuthStatus = me.isPending ? 'loading' : me.isError ? 'error' : user ? 'signed-in' : 'signed-out';

  return {
    user,
    status,
    /**
     * Offline (the session could not be read for want of a network): who was signed in at the last answer and when
     * that was, for the header and the offline copies of pages. Display only: `user` stays null, so nothing that
     * needs a signed-in customer acts on it.
     */
    offlineUser: offlineUserOf(status, me.error),
    isAdmin: user?.role === 'admin',
    error: me.error,
    refetch: me.refetch,
    signIn: signInMutation.mutateAsync,
    isSigningIn: signInMutation.isPending,
    signInWithLink: signInWithLinkMutation.mutateAsync,
    signOut: signOutMutation.mutateAsync,
    isSigningOut: signOutMutation.isPending,
    register: registerMutation.mutateAsync,
    isRegistering: registerMutation.isPending,
  };
}
