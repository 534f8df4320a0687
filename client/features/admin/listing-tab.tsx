import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useForm, type FieldErrors, type Resolver } from 'react-hook-form';
import { Eye, Pencil } from 'lucide-react';
import { AdminEditSchemas } from '@domain/admin/schemas';
import { ratingLabel } from '@domain/reviews/rating-label';
import { apiKey, apiPatch, parseApiError } from '@client/lib/api';
import { cn } from '@client/lib/cn';
import { formatMoney } from '@domain/format';
import { Button } from '@client/ui/button';
import { Checkbox } from '@client/ui/checkbox';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@client/ui/dialog';
import { FormAlert, FormField } from '@client/ui/form-field';
import { fieldClasses, Input } from '@client/ui/input';
import { Spinner } from '@client/ui/spinner';
import { Textarea } from '@client/ui/textarea';
import { toast } from '@client/ui/use-toast';
import type { Column, EditField, ListingTab } from './admin-listings';
import { DetailsDialog, TableScroll, TableState, displayValue, tdClass, thClass } from './admin-ui';
import { ShowMore, usePagedList } from './paged-list';

export type AdminRow = Record<string, unknown> & { id: number; isActive: boolean };

export const STATS_KEY = apiKey('/api/admin/stats');
export const collectionKey = (collection: string) => apiKey('/api/admin/{collection}', { path: { collection } });

function cell(row: AdminRow, column: Column): string {
  const value = row[column.key];
  if (column.format === 'money' && typeof value === 'number') return formatMoney(value);
  if (column.format === 'rating' && (typeof value === 'number' || typeof value === 'string')) {
    // Listings without reviews read 'New', as on the home page (rows from before reviews have no count: a number).
    return typeof row.reviewCount === 'number' ? ratingLabel(Number(value), row.reviewCount) : Number(value).toFixed(1);
  }
  return displayValue(value);
}

const rowName = (tab: ListingTab, row: AdminRow) => displayValue(row[tab.nameKey]);

/** One listing tab: the stored rows, a page at a time, with View, Edit and an Active switch per row. */
export function ListingTable({ tab }: { tab: ListingTab }) {
  const queryClient = useQueryClient();
  const { query: rows, rows: page, total } = usePagedList('/api/admin/{collection}', { path: { collection: tab.collection } });
  // The collection route's rows have the fields of their collection (AdminRow); a listing's include id and isActive.
  const data = page as AdminRow[];
  const [viewing, setViewing] = useState<AdminRow | null>(null);
  const [editing, setEditing] = useState<AdminRow | null>(null);

  const toggle = useMutation({
    mutationFn: (vars: { row: AdminRow; isActive: boolean }) =>
      apiPatch('/api/admin/{collection}/{id}', { params: { path: { collection: tab.collection, id: vars.row.id } }, body: { isActive: vars.isActive } }),
    onSuccess: (_updated, vars) => {
      toast({
        title: vars.isActive ? 'Listing activated' : 'Listing deactivated',
        description: `${rowName(tab, vars.row)} is now ${vars.isActive ? 'visible to' : 'hidden from'} customers.`,
        variant: 'success',
      });
    },
    onError: (error) => {
      toast({ title: 'Update failed', description: parseApiError(error).message ?? 'Please try again.', variant: 'destructive' });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: collectionKey(tab.collection) }),
  });

  if (rows.isPending) return <TableState status="pending" label={tab.label.toLowerCase()} />;
  if (rows.isError) return <TableState status="error" label={tab.label.toLowerCase()} onRetry={() => void rows.refetch()} />;
  if (data.length === 0) return <TableState status="empty" label={tab.label.toLowerCase()} />;

  return (
    <>
      <TableScroll label={`${tab.label} table`}>
        <table className="min-w-full divide-y divide-gray-200">
          <caption className="sr-only">{tab.label}</caption>
          <thead className="bg-gray-50">
            <tr>
              {tab.columns.map((column) => (
                <th key={column.key} scope="col" className={thClass}>
                  {column.label}
                </th>
              ))}
              <th scope="col" className={thClass}>
                Active
              </th>
              <th scope="col" className={cn(thClass, 'text-right')}>
                Actions
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-gray-100">
            {data.map((row) => {
              const pending = toggle.isPending && toggle.variables.row.id === row.id;
              return (
                <tr key={row.id} className={row.isActive ? undefined : 'bg-gray-50 text-gray-500'}>
                  {tab.columns.map((column) => (
                    <td key={column.key} className={cn(tdClass, 'max-w-64 truncate')} title={cell(row, column)}>
                      {cell(row, column)}
                    </td>
                  ))}
                  <td className={tdClass}>
                    <Checkbox
                      aria-label="Active"
                      checked={pending ? toggle.variables.isActive : row.isActive}
                      disabled={pending}
                      onCheckedChange={(checked) => toggle.mutate({ row, isActive: checked === true })}
                    />
                  </td>
                  <td className={cn(tdClass, 'whitespace-nowrap text-right')}>
                    <div className="inline-flex gap-1">
                      <Button size="sm" variant="ghost" onClick={() => setViewing(row)} aria-label={`View ${rowName(tab, row)}`}>
                        <Eye className="size-3.5" aria-hidden="true" />
                        View
                      </Button>
                      <Button size="sm" variant="outline" onClick={() => setEditing(row)} aria-label={`Edit ${rowName(tab, row)}`}>
                        <Pencil className="size-3.5" aria-hidden="true" />
                        Edit
                      </Button>
                    </div>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </TableScroll>
      <ShowMore shown={data.length} total={total} noun={tab.label.toLowerCase()} list={rows} />
      <DetailsDialog
        open={viewing !== null}
        onOpenChange={(open) => (open ? undefined : setViewing(null))}
        title={viewing ? rowName(tab, viewing) : ''}
        description={`${tab.label} listing #${viewing?.id ?? ''}`}
        record={viewing}
      />
      {editing ? <EditDialog key={editing.id} tab={tab} row={editing} onClose={() => setEditing(null)} /> : null}
    </>
  );
}

type EditValues = Record<string, string>;

/** A stored value as the text an edit input shows. */
function toInput(field: EditField, value: unknown): string {
  if (value === null || value === undefined) return '';
  if (field.type === 'list' && Array.isArray(value)) return value.map(String).join(', ');
  return String(value);
}

/** The typed value an edit input stands for (numbers stay NaN when unreadable so the schema reports them). */
function fromInput(field: EditField, text: string): unknown {
  if (field.type === 'money' || field.type === 'int' || field.type === 'decimal') return text.trim() === '' ? Number.NaN : Number(text);
  if (field.type === 'list') {
    return text
      .split(',')
      .map((entry) => entry.trim())
      .filter(Boolean);
  }
  return text;
}

/** A select's options; a stored value outside the list stays selectable so opening the dialog changes nothing. */
function selectOptions(field: EditField, current: string | undefined): readonly string[] {
  const options = field.options ?? [];
  return current && !options.includes(current) ? [current, ...options] : options;
}

function EditDialog({ tab, row, onClose }: { tab: ListingTab; row: AdminRow; onClose: () => void }) {
  const queryClient = useQueryClient();
  const schema = AdminEditSchemas[tab.collection];
  const initial: EditValues = Object.fromEntries(tab.editFields.map((field) => [field.name, toInput(field, row[field.name])]));
  const [formError, setFormError] = useState<string | null>(null);

  /** Only changed fields are sent; the domain's partial schema validates them (and refuses an empty edit). */
  const resolver: Resolver<EditValues, unknown, Record<string, unknown>> = (values) => {
    const changes: Record<string, unknown> = {};
    for (const field of tab.editFields) {
      if (values[field.name] !== initial[field.name]) changes[field.name] = fromInput(field, values[field.name] ?? '');
    }
    const parsed = schema.safeParse(changes);
    if (parsed.success) return { values: parsed.data as Record<string, unknown>, errors: {} };
    const errors: FieldErrors<EditValues> = {};
    for (const issue of parsed.error.issues) {
      const key = issue.path.length ? String(issue.path[0]) : 'root';
      errors[key] ??= { type: issue.code, message: issue.message };
    }
    return { values: {}, errors };
  };

  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<EditValues, unknown, Record<string, unknown>>({ resolver, defaultValues: initial });

  const onSubmit = async (changes: Record<string, unknown>) => {
    setFormError(null);
    try {
      const updated = (await apiPatch('/api/admin/{collection}/{id}', { params: { path: { collection: tab.collection, id: row.id } }, body: changes })) as AdminRow;
      await queryClient.invalidateQueries({ queryKey: collectionKey(tab.collection) });
      // Name the row as saved (a renamed listing is announced under its new name).
      toast({ title: 'Changes saved', description: `${rowName(tab, updated)} was updated.`, variant: 'success' });
      onClose();
    } catch (error) {
      const parsed = parseApiError(error);
      for (const [field, message] of Object.entries(parsed.errors)) {
        if (field in initial) setError(field, { type: 'server', message });
      }
      setFormError(parsed.message ?? 'The changes could not be saved. Please try again.');
    }
  };

  const rootError = errors.root?.message;

  return (
    <Dialog open onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent className="max-w-2xl">
        <DialogHeader>
          <DialogTitle className="break-words">Edit {rowName(tab, row)}</DialogTitle>
          <DialogDescription>Change the fields you need; only changed fields are saved.</DialogDescription>
        </DialogHeader>
        <form onSubmit={handleSubmit(onSubmit)} noValidate className="grid gap-4" aria-label={`Edit ${rowName(tab, row)}`}>
          <FormAlert message={formError ?? rootError} />
          <div className="grid max-h-[55vh] gap-4 overflow-y-auto p-0.5 sm:grid-cols-2">
            {tab.editFields.map((field) => (
              <FormField
                key={field.name}
                label={field.label}
                error={errors[field.name]?.message}
                className={field.type === 'textarea' || field.type === 'list' ? 'sm:col-span-2' : undefined}
              >
                {(aria) =>
                  field.type === 'textarea' ? (
                    <Textarea {...aria} rows={3} {...register(field.name)} />
                  ) : field.type === 'select' ? (
                    <select {...aria} className={cn(fieldClasses, 'h-10 py-2')} {...register(field.name)}>
                      {selectOptions(field, initial[field.name]).map((option) => (
                        <option key={option} value={option}>
                          {option}
                        </option>
                      ))}
                    </select>
                  ) : (
                    <Input
                      {...aria}
                      inputMode={field.type === 'money' || field.type === 'decimal' ? 'decimal' : field.type === 'int' ? 'numeric' : undefined}
                      placeholder={field.type === 'time' ? 'HH:MM' : undefined}
                      {...register(field.name)}
                    />
                  )
                }
              </FormField>
            ))}
          </div>
          <DialogFooter>
            <Button variant="outline" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" disabled={isSubmitting}>
              {isSubmitting ? <Spinner label="Saving…" className="text-white [&_svg]:text-white" /> : null}
              {isSubmitting ? 'Saving...' : 'Save changes'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
