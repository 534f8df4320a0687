import { useFieldArray, type Control, type FieldErrors, type UseFormRegister } from 'react-hook-form';
import { Plus, Trash2 } from 'lucide-react';
import { MENU_MIN_ITEMS } from '@domain/onboarding';
import { Button } from '@client/ui/button';
import { Input } from '@client/ui/input';
import type { FieldValues } from './form-fields';

type Props = {
  control: Control<FieldValues, unknown, FieldValues>;
  register: UseFormRegister<FieldValues>;
  errors: FieldErrors<FieldValues>;
  hint?: string;
};

type MenuRow = { name: string; description: string; price: string };
type RowErrors = { name?: { message?: string }; description?: { message?: string }; price?: { message?: string } } | undefined;

/**
 * The restaurant's menu in the registration form: one row per dish (name, description, price), at least
 * MENU_MIN_ITEMS; rows are added and removed with buttons. Each input has its own label and error.
 */
export function MenuInput({ control, register, errors, hint }: Props) {
  const { fields, append, remove } = useFieldArray({ control: control as unknown as Control<{ menu: MenuRow[] }>, name: 'menu' });
  const menuErrors = errors.menu as (RowErrors[] & { message?: string; root?: { message?: string } }) | { message?: string } | undefined;
  const listMessage = menuErrors && !Array.isArray(menuErrors) ? menuErrors.message : ((menuErrors as { root?: { message?: string } } | undefined)?.root?.message ?? undefined);
  const rowError = (i: number): RowErrors => (Array.isArray(menuErrors) ? (menuErrors[i] as RowErrors) : undefined);
  return (
    <fieldset className="grid gap-3 sm:col-span-2" aria-describedby={listMessage ? 'menu-error' : hint ? 'menu-hint' : undefined}>
      <legend className="mb-1 text-sm font-medium text-gray-800">
        Dishes<span className="ml-0.5 text-red-600" aria-hidden="true">*</span>
      </legend>
      {hint ? (
        <p id="menu-hint" className="text-xs text-gray-500">
          {hint}
        </p>
      ) : null}
      <ol className="grid gap-3">
        {fields.map((field, i) => {
          const e = rowError(i);
          return (
            <li key={field.id} className="grid gap-2 rounded-lg border border-gray-200 p-3 sm:grid-cols-[2fr_3fr_1fr_auto] sm:items-start">
              <MenuCell id={`menu-${i}-name`} label={`Dish ${i + 1} name`} error={e?.name?.message}>
                {(aria) => <Input {...aria} placeholder="e.g. Pho Bo" {...register(`menu.${i}.name`)} />}
              </MenuCell>
              <MenuCell id={`menu-${i}-description`} label={`Dish ${i + 1} description`} error={e?.description?.message}>
                {(aria) => <Input {...aria} placeholder="Optional" {...register(`menu.${i}.description`)} />}
              </MenuCell>
              <MenuCell id={`menu-${i}-price`} label={`Dish ${i + 1} price ($)`} error={e?.price?.message}>
                {(aria) => <Input {...aria} inputMode="decimal" placeholder="12.50" {...register(`menu.${i}.price`)} />}
              </MenuCell>
              <Button
                type="button"
                variant="ghost"
                size="sm"
                className="sm:mt-6"
                onClick={() => remove(i)}
                disabled={fields.length <= MENU_MIN_ITEMS}
                aria-label={`Remove dish ${i + 1}`}
              >
                <Trash2 className="size-4" aria-hidden="true" />
              </Button>
            </li>
          );
        })}
      </ol>
      <div>
        <Button type="button" variant="outline" size="sm" onClick={() => append({ name: '', description: '', price: '' })}>
          <Plus className="size-4" aria-hidden="true" />
          Add dish
        </Button>
      </div>
      {listMessage ? (
        <p id="menu-error" className="text-sm text-red-700">
          {listMessage}
        </p>
      ) : null}
    </fieldset>
  );
}

function MenuCell({
  id,
  label,
  error,
  children,
}: {
  id: string;
  label: string;
  error: string | undefined;
  children: (aria: { id: string; 'aria-invalid': boolean; 'aria-describedby': string | undefined }) => React.ReactNode;
}) {
  return (
    <div className="grid gap-1">
      <label htmlFor={id} className="text-xs font-medium text-gray-700">
        {label}
      </label>
      {children({ id, 'aria-invalid': Boolean(error), 'aria-describedby': error ? `${id}-error` : undefined })}
      {error ? (
        <p id={`${id}-error`} className="text-xs text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}
