import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { ArrowLeft, LayoutDashboard, LogOut } from 'lucide-react';
import type { PublicUser } from '@domain/accounts/schemas';
import { Badge } from '@client/ui/badge';
import { Button, buttonVariants } from '@client/ui/button';
import { Card, CardDescription, CardHeader, CardTitle } from '@client/ui/card';

type Health = { status: string; db?: unknown };

/** Spec 002 section 2: the header's System Active badge, fed by the server's health check. */
function SystemStatusBadge() {
  const health = useQuery<Health>({ queryKey: ['/api/health'], staleTime: 30_000 });
  if (health.isPending) {
    return (
      <Badge variant="secondary" role="status">
        Checking system…
      </Badge>
    );
  }
  if (health.isError || health.data.status !== 'ok') {
    return (
      <Badge variant="destructive" role="status">
        <span className="size-2 rounded-full bg-red-600" aria-hidden="true" />
        System Unavailable
      </Badge>
    );
  }
  return (
    <Badge variant="success" role="status">
      <span className="size-2 rounded-full bg-emerald-600" aria-hidden="true" />
      System Active
    </Badge>
  );
}

type AdminDashboardProps = { user: PublicUser; onLogout: () => void };

/** Dashboard shell; summary cards and service tables are added by the admin feature work. */
export function AdminDashboard({ user, onLogout }: AdminDashboardProps) {
  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-8 sm:py-10">
      <div className="flex flex-col gap-4 border-b border-gray-200 pb-6 md:flex-row md:items-center md:justify-between">
        <div className="min-w-0">
          <div className="flex flex-wrap items-center gap-3">
            <h1 className="text-2xl font-bold tracking-tight text-gray-900 sm:text-3xl">Admin Dashboard</h1>
            <SystemStatusBadge />
          </div>
          <p className="mt-1 truncate text-sm text-gray-600">Signed in as {user.username}</p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Link to="/" className={buttonVariants({ variant: 'outline' })}>
            <ArrowLeft className="size-4" aria-hidden="true" />
            Back to Platform
          </Link>
          <Button variant="destructive" onClick={onLogout}>
            <LogOut className="size-4" aria-hidden="true" />
            Logout
          </Button>
        </div>
      </div>
      <Card className="mt-8">
        <CardHeader className="items-center text-center">
          <LayoutDashboard className="size-8 text-brand-600" aria-hidden="true" />
          <CardTitle as="h2">Service overview</CardTitle>
          <CardDescription className="max-w-md">
            Counts and tables of registered services are being built and will appear here soon.
          </CardDescription>
        </CardHeader>
      </Card>
    </div>
  );
}
