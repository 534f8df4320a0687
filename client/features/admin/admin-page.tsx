import { useState, type ReactNode } from 'react';
import { Link, Navigate, useNavigate } from 'react-router';
import { ArrowLeft, RefreshCw, ShieldAlert } from 'lucide-react';
import { usePageTitle } from '@client/lib/use-page-title';
import { Button, buttonVariants } from '@client/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@client/ui/card';
import { PageSpinner } from '@client/ui/spinner';
import { toast } from '@client/ui/use-toast';
import { useAuth } from '@client/features/accounts/use-auth';
import { AdminDashboard } from './admin-dashboard';

/** Where a signed-out visitor is sent; after signing in they come back here. */
export const ADMIN_LOGIN_REDIRECT = '/login?next=/admin';

/**
 * /admin. Access is decided by the server's answer to /api/auth/session (the role), never by anything stored in
 * the browser. The server must still refuse admin API calls from non-admins; this guard is only the UI.
 */
export function AdminPage() {
  usePageTitle('Admin Dashboard');
  const navigate = useNavigate();
  const { user, status, refetch, signOut } = useAuth();
  // While logging out the guard must not bounce to /login?next=/admin before our own redirect to /login.
  const [loggingOut, setLoggingOut] = useState(false);

  if (loggingOut) return <PageSpinner label="Signing out…" />;
  if (status === 'loading') return <PageSpinner label="Checking your access…" />;

  if (status === 'error') {
    return (
      <GuardCard
        title="We could not check your access"
        description="The server did not answer. Check your connection and try again."
        action={
          <Button onClick={() => void refetch()}>
            <RefreshCw className="size-4" aria-hidden="true" />
            Try again
          </Button>
        }
      />
    );
  }

  if (!user) return <Navigate to={ADMIN_LOGIN_REDIRECT} replace />;

  if (user.role !== 'admin') {
    return (
      <GuardCard
        title="You do not have access to the admin dashboard"
        description={`You are signed in as ${user.username}. Ask an administrator if you need access.`}
        action={
          <Link to="/" className={buttonVariants()}>
            <ArrowLeft className="size-4" aria-hidden="true" />
            Back to Home
          </Link>
        }
      />
    );
  }

  const logout = async () => {
    setLoggingOut(true);
    try {
      await signOut();
      void navigate('/login', { replace: true });
    } catch {
      setLoggingOut(false);
      toast({ title: 'Logout failed', description: 'Please try again.', variant: 'destructive' });
    }
  };

  return <AdminDashboard user={user} onLogout={logout} />;
}

function GuardCard({ title, description, action }: { title: string; description: string; action: ReactNode }) {
  return (
    <div className="mx-auto flex w-full max-w-lg px-4 py-16">
      <Card className="w-full text-center">
        <CardHeader>
          <div className="mx-auto mb-2 flex size-12 items-center justify-center rounded-full bg-red-50 text-red-600">
            <ShieldAlert className="size-6" aria-hidden="true" />
          </div>
          <CardTitle as="h1" className="text-xl">
            {title}
          </CardTitle>
          <CardDescription className="break-words">{description}</CardDescription>
        </CardHeader>
        <CardContent className="flex justify-center">{action}</CardContent>
      </Card>
    </div>
  );
}
