import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { Link } from 'react-router';
import { useMutation, useQuery, useQueryClient, type UseQueryResult } from '@tanstack/react-query';
import { ImageUp, LogIn, RefreshCw } from 'lucide-react';
import {
  PHOTO_MAX_BYTES,
  PROVIDER_EDIT_FIELDS,
  PROVIDER_KIND_LABEL,
  ProviderEditSchemas,
  type ProviderEarnings,
  type ProviderListing,
  type ProviderOrder,
} from '@domain/provider/schemas';
import { apiJson, getQueryFn, parseApiError } from '@client/lib/api';
import { formatDate, formatDateTime, formatMoney, pluralize } from '@client/lib/format';
import { usePageTitle } from '@client/lib/use-page-title';
import { Badge } from '@client/ui/badge';
import { Button, buttonVariants } from '@client/ui/button';
import { Card, NoticeCard } from '@client/ui/card';
import { Checkbox } from '@client/ui/checkbox';
import { Input } from '@client/ui/input';
import { Skeleton } from '@client/ui/skeleton';
import { PageSpinner, Spinner } from '@client/ui/spinner';
import { Textarea } from '@client/ui/textarea';
import { toast } from '@client/ui/use-toast';
import { useAuth } from '@client/features/accounts/use-auth';
import { SessionErrorNotice } from '@client/features/accounts/session-error-notice';
import { ListingCalendar } from './listing-calendar';
import { MenuEditor } from './menu-editor';
import { PROVIDER_EARNINGS_KEY, PROVIDER_LISTINGS_KEY, PROVIDER_ORDERS_KEY, uploadPhoto } from './provider-api';

/** /provider: a provider runs its own listings (issue 15): edit, menu, photo, incoming business, earnings. */
export function ProviderPage() {
  usePageTitle('My listings');
  const auth = useAuth();
  if (auth.status === 'loading') return <PageSpinner label="Checking your session…" />;
  let body: ReactNode;
  if (auth.status === 'error') {
    body = <SessionErrorNotice error={auth.error} onRetry={() => void auth.refetch()} />;
  } else if (!auth.user) {
    body = (
      <NoticeCard title="Sign in to manage your listings">
        <p>Approved providers change their prices, menus and photos here and follow their orders.</p>
        <Link to="/login?next=/provider" className={buttonVariants()}>
          <LogIn className="size-4" aria-hidden="true" />
          Sign In
        </Link>
      </NoticeCard>
    );
  } else if (auth.user.role !== 'provider') {
    body = (
      <NoticeCard title="For approved providers">
        <p>This page is for providers whose registration was approved. Register your business and we will review it.</p>
        <Link to="/onboarding" className={buttonVariants()}>
          Join as Provider
        </Link>
      </NoticeCard>
    );
  } else {
    body = <ProviderDashboard />;
  }
  return (
    <div className="mx-auto grid w-full max-w-5xl gap-6 px-4 py-6 sm:py-10">
      <h1 className="text-2xl font-bold tracking-tight text-gray-900">My listings</h1>
      {body}
    </div>
  );
}

function QueryError({ query, what }: { query: UseQueryResult<unknown>; what: string }) {
  return (
    <div role="alert" className="grid justify-items-start gap-2 rounded-lg border border-red-200 bg-red-50 p-4 text-sm text-red-800">
      <p>
        Could not load {what}: {parseApiError(query.error).message ?? 'the server did not answer.'}
      </p>
      <Button size="sm" variant="outline" onClick={() => void query.refetch()}>
        <RefreshCw className="size-4" aria-hidden="true" />
        Retry
      </Button>
    </div>
  );
}

function ProviderDashboard() {
  const listings = useQuery<ProviderListing[] | null>({ queryKey: PROVIDER_LISTINGS_KEY, queryFn: getQueryFn<ProviderListing[]>({ on401: 'throw' }) });
  return (
    <>
      <EarningsSummary />
      <section aria-labelledby="listings-heading" className="grid gap-4">
        <h2 id="listings-heading" className="text-xl font-semibold text-gray-900">
          Listings
        </h2>
        {listings.isPending ? (
          <div className="grid gap-3" aria-busy="true" aria-label="Loading your listings">
            <Skeleton className="h-40 w-full" />
            <Skeleton className="h-40 w-full" />
          </div>
        ) : listings.isError ? (
          <QueryError query={listings} what="your listings" />
        ) : (listings.data ?? []).length === 0 ? (
          <p className="rounded-lg border border-dashed border-gray-300 p-6 text-center text-gray-600">
            You have no listings yet. Once the team approves your registration, it appears here.
          </p>
        ) : (
          <ul className="grid gap-4">
            {(listings.data ?? []).map((listing) => (
              <li key={`${listing.kind}:${listing.id}`}>
                <ListingCard listing={listing} />
              </li>
            ))}
          </ul>
        )}
      </section>
      <IncomingBusiness />
    </>
  );
}

function EarningsSummary() {
  const earnings = useQuery<ProviderEarnings | null>({ queryKey: PROVIDER_EARNINGS_KEY, queryFn: getQueryFn<ProviderEarnings>({ on401: 'throw' }) });
  return (
    <section aria-labelledby="earnings-heading" className="grid gap-2">
      <h2 id="earnings-heading" className="text-xl font-semibold text-gray-900">
        Earnings
      </h2>
      {earnings.isPending ? (
        <Skeleton className="h-20 w-full" />
      ) : earnings.isError || !earnings.data ? (
        <QueryError query={earnings} what="your earnings" />
      ) : (
        <dl className="grid grid-cols-3 gap-2 rounded-lg border border-gray-200 bg-white p-4 text-center">
          <div>
            <dt className="text-xs text-gray-500">Gross</dt>
            <dd className="text-lg font-semibold text-gray-900" data-testid="earnings-gross">
              {formatMoney(earnings.data.gross)}
            </dd>
          </div>
          <div>
            <dt className="text-xs text-gray-500">Platform fee ({Math.round(earnings.data.feeRate * 100)}%)</dt>
            <dd className="text-lg font-semibold text-gray-900">{formatMoney(earnings.data.platformFee)}</dd>
          </div>
          <div>
            <dt className="text-xs text-gray-500">Net</dt>
            <dd className="text-lg font-semibold text-emerald-700" data-testid="earnings-net">
              {formatMoney(earnings.data.net)}
            </dd>
          </div>
          <p className="col-span-3 text-xs text-gray-500">From {pluralize(earnings.data.orders, 'paid booking')}.</p>
        </dl>
      )}
    </section>
  );
}

function ListingCard({ listing }: { listing: ProviderListing }) {
  const headingId = useId();
  return (
    <Card className="grid gap-4 p-4" aria-labelledby={headingId}>
      <div className="flex flex-wrap items-start gap-4">
        <ListingPhoto listing={listing} />
        <div className="grid min-w-0 flex-1 gap-1">
          <div className="flex flex-wrap items-center gap-2">
            <h3 id={headingId} className="text-lg font-semibold text-gray-900">
              {listing.name}
            </h3>
            <Badge variant="secondary">{PROVIDER_KIND_LABEL[listing.kind]}</Badge>
            <Badge variant={listing.isActive ? 'success' : 'warning'}>{listing.isActive ? 'Active' : 'Hidden'}</Badge>
          </div>
          {listing.changedAt ? <p className="text-xs text-gray-500">Last changed {formatDateTime(listing.changedAt)}</p> : null}
        </div>
      </div>
      <EditListingForm listing={listing} />
      {listing.kind === 'restaurants' ? <MenuEditor restaurantId={listing.id} restaurantName={listing.name} /> : null}
      <ListingCalendar listing={listing} />
    </Card>
  );
}

/** The listing's picture with an upload button: a local preview while uploading, the stored photo after. */
function ListingPhoto({ listing }: { listing: ProviderListing }) {
  const queryClient = useQueryClient();
  const inputId = useId();
  const [preview, setPreview] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const upload = useMutation({
    mutationFn: (file: File) => uploadPhoto(listing.kind, listing.id, file),
    onSuccess: async () => {
      setError(null);
      toast({ title: 'Photo updated', description: `${listing.name} now shows your photo.`, variant: 'success' });
      await queryClient.invalidateQueries({ queryKey: PROVIDER_LISTINGS_KEY });
      setPreview(null);
    },
    onError: (e) => {
      const parsed = parseApiError(e);
      setError(parsed.errors.photo ?? parsed.message ?? 'The photo could not be uploaded.');
      setPreview(null);
    },
  });
  const onFile = (file: File | undefined) => {
    if (!file) return;
    if (file.size > PHOTO_MAX_BYTES) {
      setError('The photo must be at most 5 MB');
      return;
    }
    setError(null);
    setPreview(URL.createObjectURL(file));
    upload.mutate(file);
  };
  const src = preview ?? listing.image;
  return (
    <div className="grid w-40 gap-2">
      {src ? (
        <img src={src} alt={`Photo of ${listing.name}`} loading="lazy" width={160} height={120} className="h-30 w-40 rounded-md border border-gray-200 object-cover" />
      ) : (
        <div className="flex h-30 w-40 items-center justify-center rounded-md border border-dashed border-gray-300 text-xs text-gray-500">No photo</div>
      )}
      <label htmlFor={inputId} className={buttonVariants({ variant: 'outline', size: 'sm' })}>
        {upload.isPending ? <Spinner label="Uploading…" /> : <ImageUp className="size-4" aria-hidden="true" />}
        {upload.isPending ? 'Uploading…' : 'Upload photo'}
      </label>
      <input
        id={inputId}
        type="file"
        accept="image/jpeg,image/png,image/webp"
        className="sr-only"
        aria-label={`Upload a photo of ${listing.name}`}
        aria-describedby={error ? `${inputId}-error` : undefined}
        disabled={upload.isPending}
        onChange={(e) => {
          onFile(e.target.files?.[0]);
          e.target.value = '';
        }}
      />
      {error ? (
        <p id={`${inputId}-error`} role="alert" className="text-xs text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}

type FormValues = Record<string, string | boolean>;

function initialValues(listing: ProviderListing): FormValues {
  const values: FormValues = { isActive: listing.isActive };
  for (const field of PROVIDER_EDIT_FIELDS[listing.kind]) {
    const v = listing[field.name];
    values[field.name] = typeof v === 'number' ? v.toFixed(2) : typeof v === 'string' ? v : '';
  }
  return values;
}

/** Description, prices and active switch, validated with the same domain schema the server applies. */
function EditListingForm({ listing }: { listing: ProviderListing }) {
  const queryClient = useQueryClient();
  const formId = useId();
  const [values, setValues] = useState<FormValues>(() => initialValues(listing));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const fields = PROVIDER_EDIT_FIELDS[listing.kind];
  const save = useMutation({
    mutationFn: (patch: Record<string, unknown>) => apiJson<ProviderListing>('PATCH', `/api/provider/listings/${listing.kind}/${listing.id}`, patch),
    onSuccess: async (updated) => {
      setErrors({});
      setValues(initialValues(updated));
      toast({ title: 'Listing saved', description: `${updated.name} is up to date.`, variant: 'success' });
      await queryClient.invalidateQueries({ queryKey: PROVIDER_LISTINGS_KEY });
    },
    onError: (e) => {
      const parsed = parseApiError(e);
      setErrors(parsed.errors);
      toast({ title: 'Could not save', description: parsed.message ?? 'Please try again.', variant: 'destructive' });
    },
  });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const initial = initialValues(listing);
    const patch: Record<string, unknown> = {};
    for (const field of fields) {
      if (values[field.name] === initial[field.name]) continue;
      const raw = String(values[field.name]).trim();
      patch[field.name] = field.type === 'money' ? (raw === '' ? Number.NaN : Number(raw.replace(/^\$/, ''))) : raw;
    }
    if (values.isActive !== initial.isActive) patch.isActive = values.isActive;
    const parsed = ProviderEditSchemas[listing.kind].safeParse(patch);
    if (!parsed.success) {
      const next: Record<string, string> = {};
      for (const issue of parsed.error.issues) {
        const key = issue.path.map(String).join('.') || '_';
        next[key] ??= issue.message;
      }
      setErrors(next);
      return;
    }
    save.mutate(parsed.data as Record<string, unknown>);
  };

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-3" aria-label={`Edit ${listing.name}`}>
      <div className="grid gap-3 sm:grid-cols-2">
        {fields.map((field) => {
          const id = `${formId}-${field.name}`;
          const error = errors[field.name];
          return (
            <div key={field.name} className={field.type === 'text' ? 'grid gap-1 sm:col-span-2' : 'grid gap-1'}>
              <label htmlFor={id} className="text-sm font-medium text-gray-800">
                {field.label}
              </label>
              {field.type === 'text' ? (
                <Textarea
                  id={id}
                  rows={3}
                  value={String(values[field.name])}
                  aria-invalid={Boolean(error)}
                  aria-describedby={error ? `${id}-error` : undefined}
                  onChange={(e) => setValues({ ...values, [field.name]: e.target.value })}
                />
              ) : (
                <Input
                  id={id}
                  inputMode="decimal"
                  value={String(values[field.name])}
                  aria-invalid={Boolean(error)}
                  aria-describedby={error ? `${id}-error` : undefined}
                  onChange={(e) => setValues({ ...values, [field.name]: e.target.value })}
                />
              )}
              {error ? (
                <p id={`${id}-error`} className="text-sm text-red-700">
                  {error}
                </p>
              ) : null}
            </div>
          );
        })}
      </div>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="flex items-center gap-2">
          <Checkbox id={`${formId}-active`} checked={values.isActive === true} onCheckedChange={(checked) => setValues({ ...values, isActive: checked === true })} />
          <label htmlFor={`${formId}-active`} className="text-sm text-gray-800">
            Active (customers can find and book it)
          </label>
        </div>
        {errors._ ? <p className="text-sm text-red-700">{errors._}</p> : null}
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? <Spinner label="Saving…" className="text-white [&_svg]:text-white" /> : null}
          Save changes
        </Button>
      </div>
    </form>
  );
}

const RESERVATION_KINDS = new Set(['hotels', 'cars', 'properties']);
const STATUS_VARIANT = { pending: 'warning', confirmed: 'default', completed: 'success', cancelled: 'destructive' } as const;

function IncomingBusiness() {
  const orders = useQuery<ProviderOrder[] | null>({
    queryKey: PROVIDER_ORDERS_KEY,
    queryFn: getQueryFn<ProviderOrder[]>({ on401: 'throw' }),
    refetchInterval: 15_000,
  });
  const list = orders.data ?? [];
  const reservations = list
    .filter((o) => RESERVATION_KINDS.has(o.kind) && o.startDate)
    .sort((a, b) => String(a.startDate).localeCompare(String(b.startDate)));
  return (
    <>
      <section aria-labelledby="orders-heading" className="grid gap-3">
        <h2 id="orders-heading" className="text-xl font-semibold text-gray-900">
          Orders and bookings
        </h2>
        {orders.isPending ? (
          <Skeleton className="h-24 w-full" />
        ) : orders.isError ? (
          <QueryError query={orders} what="your orders" />
        ) : list.length === 0 ? (
          <p className="rounded-lg border border-dashed border-gray-300 p-6 text-center text-gray-600">No orders or bookings yet.</p>
        ) : (
          <ul className="grid gap-3">
            {list.map((order) => (
              <li key={`${order.id}:${order.kind}:${order.listingId}`}>
                <OrderCard order={order} />
              </li>
            ))}
          </ul>
        )}
      </section>
      {reservations.length > 0 ? (
        <section aria-labelledby="reservations-heading" className="grid gap-3">
          <h2 id="reservations-heading" className="text-xl font-semibold text-gray-900">
            Reservations by date
          </h2>
          <ol className="grid gap-2">
            {reservations.map((r) => (
              <li key={`${r.id}:${r.listingId}`} className="flex flex-wrap justify-between gap-2 rounded-md border border-gray-200 bg-white px-3 py-2 text-sm">
                <span className="font-medium text-gray-900">
                  {formatDate(`${String(r.startDate)}T00:00:00`)}
                  {r.endDate ? ` – ${formatDate(`${r.endDate}T00:00:00`)}` : ''}
                </span>
                <span className="text-gray-700">
                  {r.listingName} · {r.customerName}
                </span>
                <Badge variant={STATUS_VARIANT[r.status]}>{r.status}</Badge>
              </li>
            ))}
          </ol>
        </section>
      ) : null}
    </>
  );
}

function OrderCard({ order }: { order: ProviderOrder }) {
  const queryClient = useQueryClient();
  const accept = useMutation({
    mutationFn: (orderId: number) => apiJson<{ orderId: number; accepted: true }>('POST', `/api/provider/orders/${orderId}/accept`, {}),
    onSuccess: async () => {
      toast({ title: 'Order accepted', description: 'The customer sees that you are preparing it.', variant: 'success' });
      await queryClient.invalidateQueries({ queryKey: PROVIDER_ORDERS_KEY });
    },
    onError: (e) => toast({ title: 'Could not accept the order', description: parseApiError(e).message ?? 'Please try again.', variant: 'destructive' }),
  });
  const ready = useMutation({
    mutationFn: (orderId: number) => apiJson<{ orderId: number; ready: true }>('POST', `/api/provider/orders/${orderId}/ready`, {}),
    onSuccess: async () => {
      toast({ title: 'Ready for pickup', description: 'Drivers nearby are being asked to collect it.', variant: 'success' });
      await queryClient.invalidateQueries({ queryKey: PROVIDER_ORDERS_KEY });
    },
    onError: (e) => toast({ title: 'Could not mark ready', description: parseApiError(e).message ?? 'Please try again.', variant: 'destructive' }),
  });
  const delivery = order.delivery;
  return (
    <Card role="group" className="grid gap-2 p-4" aria-label={`Order ${order.id} for ${order.listingName}`}>
      <div className="flex flex-wrap items-center gap-2">
        <span className="font-semibold text-gray-900">#{order.id}</span>
        <span className="text-gray-700">{order.listingName}</span>
        <Badge variant={STATUS_VARIANT[order.status]}>{order.status}</Badge>
        {delivery ? (
          <Badge variant="outline">
            {delivery.readyAt ? 'Ready for pickup' : delivery.status !== 'pending' ? delivery.status : delivery.acceptedAt ? 'Preparing' : 'New order'}
          </Badge>
        ) : null}
        <span className="ml-auto text-sm text-gray-500">{formatDateTime(order.createdAt)}</span>
      </div>
      <p className="text-sm text-gray-700">
        Customer: <span className="font-medium">{order.customerName}</span>
        {order.startDate ? ` · ${order.startDate}${order.endDate ? ` to ${order.endDate}` : ''}` : ''}
      </p>
      <ul className="text-sm text-gray-700">
        {order.items.map((item, i) => (
          <li key={i} className="flex justify-between gap-2">
            <span>
              {item.quantity} × {item.name}
            </span>
            <span>{formatMoney(item.lineTotal)}</span>
          </li>
        ))}
      </ul>
      <div className="flex flex-wrap items-center justify-between gap-2 border-t border-gray-100 pt-2">
        <span className="font-semibold text-gray-900">Total {formatMoney(order.total)}</span>
        {delivery && delivery.awaitsReady && !delivery.acceptedAt && !delivery.readyAt && delivery.status === 'pending' && order.status === 'confirmed' ? (
          <Button size="sm" variant="outline" onClick={() => accept.mutate(delivery.orderId)} disabled={accept.isPending}>
            {accept.isPending ? <Spinner label="Accepting…" /> : null}
            Accept order
          </Button>
        ) : null}
        {delivery && delivery.awaitsReady && !delivery.readyAt && delivery.status === 'pending' && order.status === 'confirmed' ? (
          <Button size="sm" onClick={() => ready.mutate(delivery.orderId)} disabled={ready.isPending}>
            {ready.isPending ? <Spinner label="Marking…" className="text-white [&_svg]:text-white" /> : null}
            Ready for pickup
          </Button>
        ) : null}
      </div>
    </Card>
  );
}
