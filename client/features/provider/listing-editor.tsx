import { lazy, Suspense, useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ArrowLeft, ImageUp } from 'lucide-react';
import {
  PHOTO_MAX_BYTES,
  PROVIDER_EDIT_FIELDS,
  PROVIDER_KIND_LABEL,
  ProviderEditSchemas,
  isProviderKind,
  isProviderPlaceKind,
  type ProviderKind,
  type ProviderListing,
} from '@domain/provider/schemas';
import { apiPatch, apiQuery, parseApiError } from '@client/lib/api';
import { formatDateTime } from '@domain/format';
import { usePageTitle } from '@client/lib/use-page-title';
import { Badge } from '@client/ui/badge';
import { Button, buttonVariants } from '@client/ui/button';
import { Card, NoticeCard } from '@client/ui/card';
import { Checkbox } from '@client/ui/checkbox';
import { Input } from '@client/ui/input';
import { Skeleton } from '@client/ui/skeleton';
import { Spinner } from '@client/ui/spinner';
import { Textarea } from '@client/ui/textarea';
import { toast } from '@client/ui/use-toast';
import { ListingCalendar } from './listing-calendar';
import { MenuEditor } from './menu-editor';
import { PROVIDER_LISTINGS, uploadPhoto } from './provider-api';
import { QueryError } from './provider-ui';
import type { LatLng } from '@client/features/locations/pin-picker';

// The map (and Leaflet) loads with the editor of a place only.
const PinPicker = lazy(() => import('@client/features/locations/pin-picker').then((m) => ({ default: m.PinPicker })));

/** The editor's query: GET /api/provider/listings/:kind/:id (under /api/provider/listings, so every save refreshes it). */
export const listingQuery = (kind: ProviderKind, id: number) => apiQuery('/api/provider/listings/{kind}/{id}', { path: { kind, id } });

const BackLink = () => (
  <Link to="/provider/listings" className={buttonVariants({ variant: 'ghost', size: 'sm', className: 'justify-self-start' })}>
    <ArrowLeft className="size-4" aria-hidden="true" />
    All listings
  </Link>
);

/**
 * /provider/listings/:kind/:id: one listing's editor on its own page (issue 26): photo, description and prices,
 * active switch, the menu of a restaurant, and its calendar or opening hours.
 */
export function ListingEditor({ kind, id }: { kind: string | undefined; id: string | undefined }) {
  const listingId = Number(id);
  const valid = kind !== undefined && isProviderKind(kind) && Number.isInteger(listingId) && listingId > 0 && listingId <= 2_147_483_647;
  const listing = useQuery({ ...listingQuery(valid ? kind : 'hotels', valid ? listingId : 0), enabled: valid });
  usePageTitle(listing.data ? `Edit ${listing.data.name}` : 'Edit listing');
  if (!valid || (listing.isError && parseApiError(listing.error).status === 404)) {
    return (
      <div className="grid gap-4">
        <BackLink />
        <NoticeCard title="Listing not found">
          <p>This listing does not exist or is not one of yours.</p>
        </NoticeCard>
      </div>
    );
  }
  if (listing.isPending) {
    return (
      <div className="grid gap-4" aria-busy="true" aria-label="Loading the listing">
        <BackLink />
        <Skeleton className="h-40 w-full" />
        <Skeleton className="h-64 w-full" />
      </div>
    );
  }
  if (listing.isError || !listing.data) {
    return (
      <div className="grid gap-4">
        <BackLink />
        <QueryError query={listing} what="this listing" />
      </div>
    );
  }
  return (
    <div className="grid gap-4">
      <BackLink />
      <ListingCard listing={listing.data} />
    </div>
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
            <h2 id={headingId} className="break-words text-xl font-semibold text-gray-900">
              {listing.name}
            </h2>
            <Badge variant="secondary">{PROVIDER_KIND_LABEL[listing.kind]}</Badge>
            <Badge variant={listing.isActive ? 'success' : 'warning'}>{listing.isActive ? 'Active' : 'Hidden'}</Badge>
          </div>
          {listing.changedAt ? <p className="text-xs text-gray-500">Last changed {formatDateTime(listing.changedAt)}</p> : null}
        </div>
      </div>
      <EditListingForm key={`${listing.kind}:${listing.id}`} listing={listing} />
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
      await queryClient.invalidateQueries(PROVIDER_LISTINGS);
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
    values[field.name] = typeof v === 'number' ? (field.type === 'money' ? v.toFixed(2) : String(v)) : typeof v === 'string' ? v : '';
  }
  return values;
}

/** The listing's map pin, when it is a place that has one. */
function pinOf(listing: ProviderListing): LatLng | null {
  const { lat, lng } = listing;
  return typeof lat === 'number' && typeof lng === 'number' ? { lat, lng } : null;
}

/** Two points are the same pin (to the 6 decimals the listing keeps). */
const samePin = (a: LatLng | null, b: LatLng | null) => a === b || (a !== null && b !== null && Math.abs(a.lat - b.lat) < 5e-7 && Math.abs(a.lng - b.lng) < 5e-7);
const round6 = (v: number) => Math.round(v * 1e6) / 1e6;

/** Description, prices and active switch, validated with the same domain schema the server applies. */
function EditListingForm({ listing }: { listing: ProviderListing }) {
  const queryClient = useQueryClient();
  const formId = useId();
  const [values, setValues] = useState<FormValues>(() => initialValues(listing));
  const [pin, setPin] = useState<LatLng | null>(() => pinOf(listing));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const fields = PROVIDER_EDIT_FIELDS[listing.kind];
  const place = isProviderPlaceKind(listing.kind);
  const save = useMutation({
    mutationFn: (patch: Record<string, unknown>) => apiPatch('/api/provider/listings/{kind}/{id}', { params: { path: { kind: listing.kind, id: listing.id } }, body: patch }),
    onSuccess: async (updated) => {
      setErrors({});
      setValues(initialValues(updated));
      setPin(pinOf(updated));
      toast({ title: 'Listing saved', description: `${updated.name} is up to date.`, variant: 'success' });
      await queryClient.invalidateQueries(PROVIDER_LISTINGS);
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
      patch[field.name] = field.type === 'money' ? (raw === '' ? Number.NaN : Number(raw.replace(/^\$/, ''))) : field.type === 'km' ? (raw === '' ? Number.NaN : Number(raw)) : raw;
    }
    if (values.isActive !== initial.isActive) patch.isActive = values.isActive;
    // A moved pin goes as both coordinates (the listing keeps 6 decimals: about 10 cm).
    if (place && pin && !samePin(pin, pinOf(listing))) {
      patch.lat = round6(pin.lat);
      patch.lng = round6(pin.lng);
    }
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
      {place ? (
        <Suspense fallback={<p className="text-sm text-gray-600">Loading the map…</p>}>
          <PinPicker
            label="Where it is on the map"
            value={pin}
            error={errors.lat ?? errors.lng}
            onChange={(point) => {
              setPin(point);
              const { lat: _lat, lng: _lng, ...rest } = errors;
              setErrors(rest);
            }}
          />
          <p className="text-xs text-gray-500">
            Customers' distances{listing.kind === 'restaurants' ? ', your delivery radius and drivers’ pickups' : ''} start from this pin. Move it to your door, then save.
          </p>
        </Suspense>
      ) : null}
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
