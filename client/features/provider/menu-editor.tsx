import { useId, useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Trash2 } from 'lucide-react';
import { MENU_CATEGORIES, MenuItemSchema, type MenuItemInput, type ProviderMenuItem } from '@domain/provider/schemas';
import { apiDelete, apiPatch, apiPost, parseApiError } from '@client/lib/api';
import { cn } from '@client/lib/cn';
import { formatMoney } from '@domain/format';
import { Button } from '@client/ui/button';
import { Checkbox } from '@client/ui/checkbox';
import { fieldClasses, Input } from '@client/ui/input';
import { Skeleton } from '@client/ui/skeleton';
import { Spinner } from '@client/ui/spinner';
import { toast } from '@client/ui/use-toast';
import { menuQuery } from './provider-api';
import { fieldErrorsOf } from './field-errors';

type Draft = { name: string; description: string; price: string; category: string; available: boolean };
const EMPTY: Draft = { name: '', description: '', price: '', category: 'Mains', available: true };

function toDraft(item: ProviderMenuItem): Draft {
  return { name: item.name, description: item.description, price: item.price.toFixed(2), category: item.category, available: item.available };
}

/** Parses a draft with the domain schema; field errors by name. */
function parseDraft(draft: Draft) {
  const result = MenuItemSchema.safeParse({ ...draft, price: draft.price.trim() === '' ? Number.NaN : Number(draft.price.trim().replace(/^\$/, '')) });
  if (result.success) return { ok: true as const, data: result.data };
  return { ok: false as const, errors: fieldErrorsOf(result.error.issues) };
}

/** The restaurant's menu: each dish editable in place (name, description, price, category, available), add and delete. */
export function MenuEditor({ restaurantId, restaurantName }: { restaurantId: number; restaurantName: string }) {
  const menu = useQuery(menuQuery(restaurantId));
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="grid gap-3 border-t border-gray-100 pt-3">
      <h4 id={headingId} className="font-semibold text-gray-900">
        Menu of {restaurantName}
      </h4>
      {menu.isPending ? (
        <Skeleton className="h-24 w-full" />
      ) : menu.isError ? (
        <p role="alert" className="text-sm text-red-700">
          Could not load the menu: {parseApiError(menu.error).message ?? 'the server did not answer.'}{' '}
          <Button size="sm" variant="outline" onClick={() => void menu.refetch()}>
            Retry
          </Button>
        </p>
      ) : (
        <>
          {(menu.data ?? []).length === 0 ? <p className="text-sm text-gray-600">No dishes yet: add your first below.</p> : null}
          <ul className="grid gap-2">
            {(menu.data ?? []).map((item) => (
              <li key={item.id}>
                <MenuItemRow restaurantId={restaurantId} item={item} />
              </li>
            ))}
          </ul>
          <MenuItemRow restaurantId={restaurantId} item={null} />
        </>
      )}
    </section>
  );
}

function MenuItemRow({ restaurantId, item }: { restaurantId: number; item: ProviderMenuItem | null }) {
  const queryClient = useQueryClient();
  const rowId = useId();
  const [draft, setDraft] = useState<Draft>(() => (item ? toDraft(item) : EMPTY));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const refresh = () => queryClient.invalidateQueries({ queryKey: menuQuery(restaurantId).queryKey });
  const label = item ? item.name : 'new dish';
  const save = useMutation({
    mutationFn: (data: MenuItemInput) =>
      item
        ? apiPatch('/api/provider/listings/restaurants/{id}/menu/{itemId}', { params: { path: { id: restaurantId, itemId: item.id } }, body: data })
        : apiPost('/api/provider/listings/restaurants/{id}/menu', { params: { path: { id: restaurantId } }, body: data }),
    onSuccess: async (saved) => {
      setErrors({});
      toast({ title: item ? 'Dish saved' : 'Dish added', description: `${saved.name}: ${formatMoney(saved.price)}`, variant: 'success' });
      if (!item) setDraft(EMPTY);
      await refresh();
    },
    onError: (e) => {
      const parsed = parseApiError(e);
      setErrors(parsed.errors);
      toast({ title: 'Could not save the dish', description: parsed.message ?? 'Please try again.', variant: 'destructive' });
    },
  });
  const remove = useMutation({
    mutationFn: () => apiDelete('/api/provider/listings/restaurants/{id}/menu/{itemId}', { params: { path: { id: restaurantId, itemId: item?.id ?? 0 } } }),
    onSuccess: async () => {
      toast({ title: 'Dish removed', description: item?.name, variant: 'success' });
      await refresh();
    },
    onError: (e) => toast({ title: 'Could not remove the dish', description: parseApiError(e).message ?? 'Please try again.', variant: 'destructive' }),
  });
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = parseDraft(draft);
    if (!parsed.ok) {
      setErrors(parsed.errors);
      return;
    }
    save.mutate(parsed.data);
  };
  const field = (name: keyof Draft, text: string, className?: string, inputMode?: 'decimal') => {
    const id = `${rowId}-${name}`;
    return (
      <div className={cn('grid gap-1', className)}>
        <label htmlFor={id} className="text-xs font-medium text-gray-700">
          {text}
        </label>
        <Input
          id={id}
          inputMode={inputMode}
          value={String(draft[name])}
          aria-invalid={Boolean(errors[name])}
          aria-describedby={errors[name] ? `${id}-error` : undefined}
          onChange={(e) => setDraft({ ...draft, [name]: e.target.value })}
        />
        {errors[name] ? (
          <p id={`${id}-error`} className="text-xs text-red-700">
            {errors[name]}
          </p>
        ) : null}
      </div>
    );
  };
  return (
    <form
      onSubmit={onSubmit}
      noValidate
      aria-label={item ? `Dish ${item.name}` : 'Add a dish'}
      className={cn('grid gap-2 rounded-md border p-3 sm:grid-cols-[2fr_3fr_1fr_1fr] sm:items-end', item ? 'border-gray-200' : 'border-dashed border-gray-300')}
    >
      {field('name', item ? 'Dish name' : 'New dish name')}
      {field('description', 'Description')}
      {field('price', 'Price ($)', undefined, 'decimal')}
      <div className="grid gap-1">
        <label htmlFor={`${rowId}-category`} className="text-xs font-medium text-gray-700">
          Category
        </label>
        <select id={`${rowId}-category`} className={cn(fieldClasses, 'h-10 py-2')} value={draft.category} onChange={(e) => setDraft({ ...draft, category: e.target.value })}>
          {MENU_CATEGORIES.map((c) => (
            <option key={c} value={c}>
              {c}
            </option>
          ))}
        </select>
      </div>
      <div className="flex flex-wrap items-center gap-3 sm:col-span-4">
        <div className="flex items-center gap-2">
          <Checkbox id={`${rowId}-available`} checked={draft.available} onCheckedChange={(checked) => setDraft({ ...draft, available: checked === true })} />
          <label htmlFor={`${rowId}-available`} className="text-sm text-gray-800">
            Available
          </label>
        </div>
        <div className="ml-auto flex gap-2">
          {item ? (
            <Button type="button" variant="ghost" size="sm" onClick={() => remove.mutate()} disabled={remove.isPending} aria-label={`Remove ${label}`}>
              <Trash2 className="size-4" aria-hidden="true" />
              Remove
            </Button>
          ) : null}
          <Button type="submit" size="sm" disabled={save.isPending} aria-label={item ? `Save ${label}` : 'Add dish'}>
            {save.isPending ? <Spinner label="Saving…" className="text-white [&_svg]:text-white" /> : null}
            {item ? 'Save' : 'Add dish'}
          </Button>
        </div>
      </div>
    </form>
  );
}
