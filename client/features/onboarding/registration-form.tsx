import { useMemo, useState, type ReactNode } from 'react';
import { Controller, useForm, useWatch, type Control, type FieldErrors, type UseFormRegister } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from 'react-router';
import type { z } from 'zod';
import { REGISTRATION_CHECK_EMAIL, REGISTRATION_FORMS, type RegistrationKind } from '@domain/onboarding';
import { apiPost, apiQueriesUnder, parseApiError } from '@client/lib/api';
import { stopIfOffline } from '@client/lib/online';
import { OfflineNotice } from '@client/ui/offline-notice';
import { cn } from '@client/lib/cn';
import { usePageTitle } from '@client/lib/use-page-title';
import { Button, buttonVariants } from '@client/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@client/ui/card';
import { Checkbox } from '@client/ui/checkbox';
import { FormField } from '@client/ui/form-field';
import { fieldClasses, Input } from '@client/ui/input';
import { Spinner } from '@client/ui/spinner';
import { Textarea } from '@client/ui/textarea';
import { toast } from '@client/ui/use-toast';
import { CountrySelect } from './country-select';
import {
  FORM_SECTIONS,
  emptyValues,
  formSubtitle,
  optionLabel,
  optionValue,
  type FieldConfig,
  type FieldValues,
  type FormSection,
  valueNamesOf,
} from './form-fields';
import { ListInput } from './list-input';
import { MenuInput } from './menu-input';
import { PlaceField } from './place-field';
import { RegionField } from './region-field';

/** Kinds whose failure toast has a fixed text; the others show the server's message when there is one. */
const FIXED_FAILURE_TEXT: ReadonlySet<RegistrationKind> = new Set(['driver', 'fashion-designer', 'driver-application']);

export type RegistrationResult = { id: number; status: string };

type RegistrationFormProps = {
  kind: RegistrationKind;
  /** Heading; defaults to the registry's title. */
  title?: string;
  subtitle?: string;
  /** Values set before the visitor types (e.g. the category of a hub card). */
  preset?: FieldValues;
  /** Called after a successful submission; by default the form is cleared (general service: home). */
  onSubmitted?: (result: RegistrationResult) => void;
};

/** The first message found in a field's error (arrays report per entry or on the array itself). */
function errorMessage(error: unknown): string | undefined {
  if (!error || typeof error !== 'object') return undefined;
  const record = error as Record<string, unknown>;
  if (typeof record.message === 'string' && record.message) return record.message;
  if (record.root) return errorMessage(record.root);
  for (const value of Object.values(record)) {
    const found = errorMessage(value);
    if (found) return found;
  }
  return undefined;
}

/**
 * One provider registration form, rendered from its field configuration and validated with the domain schema
 * of REGISTRATION_FORMS[kind] (the same one the server applies). Server field errors land under the fields.
 */
export function RegistrationForm({ kind, title, subtitle, preset, onSubmitted }: RegistrationFormProps) {
  const form = REGISTRATION_FORMS[kind];
  const heading = title ?? form.title;
  usePageTitle(heading);
  const sections = FORM_SECTIONS[kind];
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const defaults = useMemo(() => ({ ...emptyValues(sections), ...preset }), [sections, preset]);
  const fieldNames = useMemo(() => new Set(sections.flatMap((s) => s.fields.flatMap(valueNamesOf))), [sections]);
  const [formError, setFormError] = useState<string | null>(null);
  // After a submission whose e-mail address must be confirmed: the notice stays above the form.
  const [checkEmail, setCheckEmail] = useState(false);

  const {
    register,
    control,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<FieldValues, unknown, FieldValues>({
    resolver: zodResolver(form.schema as unknown as z.ZodType<FieldValues, FieldValues>),
    defaultValues: defaults,
  });

  const onSubmit = async (values: FieldValues) => {
    setFormError(null);
    setCheckEmail(false);
    if (stopIfOffline('submitting a registration')) return;
    // Fields hidden by a choice (vehicle details without a vehicle) are not sent with stale text.
    const body = { ...values };
    for (const field of sections.flatMap((s) => s.fields)) {
      if (field.visibleWhen && !field.visibleWhen(values)) body[field.name] = '';
    }
    try {
      // One generic form posts every kind: its body is the kind's zod schema (the resolver above; the route validates it
      // again), not each route's generated type, hence the cast.
      const result = (await apiPost(form.apiPath, { body: body as never })) as RegistrationResult;
      void queryClient.invalidateQueries(apiQueriesUnder(form.apiPath));
      // A form with an e-mail address is reviewed once the address is confirmed through the mailed link.
      const unconfirmed = result.status === 'unconfirmed';
      setCheckEmail(unconfirmed);
      toast({ title: form.successTitle, description: unconfirmed ? REGISTRATION_CHECK_EMAIL : form.successDescription, variant: 'success' });
      if (onSubmitted) onSubmitted(result);
      else if (kind === 'general-service') void navigate('/');
      else reset(defaults);
    } catch (error) {
      const parsed = parseApiError(error);
      let mapped = 0;
      for (const [field, message] of Object.entries(parsed.errors)) {
        const name = field.split('.')[0];
        if (fieldNames.has(name)) {
          setError(name === 'menu' ? field : name, { type: 'server', message });
          mapped += 1;
        }
      }
      const description = FIXED_FAILURE_TEXT.has(kind) ? form.failureDescription : (parsed.message ?? form.failureDescription);
      if (mapped === 0) setFormError(description);
      toast({ title: form.failureTitle, description, variant: 'destructive' });
    }
  };

  return (
    <div className="mx-auto w-full max-w-4xl px-4 py-8 sm:py-12">
      <Card>
        <CardHeader>
          <CardTitle as="h1" className="text-2xl sm:text-3xl">
            {heading}
          </CardTitle>
          <CardDescription>{subtitle ?? formSubtitle(kind)}</CardDescription>
        </CardHeader>
        <CardContent>
          {checkEmail ? (
            <p role="status" className="mb-6 rounded-lg border border-brand-200 bg-brand-50 px-3 py-2 text-sm text-brand-900">
              {REGISTRATION_CHECK_EMAIL}
            </p>
          ) : null}
          <form onSubmit={handleSubmit(onSubmit)} noValidate aria-label={heading} className="grid gap-8">
            {sections.map((section, index) => (
              <SectionFields key={section.title ?? index} section={section} control={control} register={register} errors={errors} />
            ))}
            <OfflineNotice action="submitting a registration" />
            {formError ? (
              <p role="alert" className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
                {formError}
              </p>
            ) : null}
            <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
              {kind === 'general-service' ? (
                <Link to="/" className={buttonVariants({ variant: 'outline' })}>
                  Cancel
                </Link>
              ) : null}
              <Button type="submit" size="lg" disabled={isSubmitting}>
                {isSubmitting ? <Spinner label={form.submittingLabel} className="text-white [&_svg]:text-white" /> : null}
                {isSubmitting ? form.submittingLabel : form.buttonLabel}
              </Button>
            </div>
          </form>
        </CardContent>
      </Card>
    </div>
  );
}

type SectionProps = {
  section: FormSection;
  control: Control<FieldValues, unknown, FieldValues>;
  register: UseFormRegister<FieldValues>;
  errors: FieldErrors<FieldValues>;
};

function SectionFields({ section, control, register, errors }: SectionProps) {
  const values = useWatch({ control }) as FieldValues;
  const grid = (
    <div className="grid gap-4 sm:grid-cols-2">
      {section.fields
        .filter((field) => !field.visibleWhen || field.visibleWhen(values))
        .map((field) => (
          field.type === 'menu' ? (
            <MenuInput key={field.name} control={control} register={register} errors={errors} hint={field.hint} />
          ) : field.type === 'place' ? (
            <PlaceField key={field.name} control={control} name={field.name} label={field.label} placeholder={field.placeholder} hint={field.hint} required={field.required} />
          ) : (
            <Field key={field.name} field={field} control={control} register={register} error={errorMessage(errors[field.name])} />
          )
        ))}
    </div>
  );
  if (!section.title) return grid;
  return (
    <section className="grid gap-4" aria-labelledby={`section-${slug(section.title)}`}>
      <h2 id={`section-${slug(section.title)}`} className="border-b border-gray-200 pb-2 text-lg font-semibold text-gray-900">
        {section.title}
      </h2>
      {grid}
    </section>
  );
}

const slug = (text: string) => text.toLowerCase().replace(/[^a-z0-9]+/g, '-');

type FieldProps = {
  field: FieldConfig;
  control: Control<FieldValues, unknown, FieldValues>;
  register: UseFormRegister<FieldValues>;
  error: string | undefined;
};

function Field({ field, control, register, error }: FieldProps) {
  const span = field.wide || field.type === 'textarea' || field.type === 'checkboxes' || field.type === 'list' ? 'sm:col-span-2' : undefined;

  if (field.type === 'checkboxes') {
    return (
      <ChoiceGroup field={field} error={error} className={span}>
        {(describedBy) => (
          <Controller
            name={field.name}
            control={control}
            render={({ field: rhf }) => {
              const selected = Array.isArray(rhf.value) ? (rhf.value as string[]) : [];
              return (
                <div className="grid grid-cols-1 gap-2 min-[420px]:grid-cols-2 md:grid-cols-3">
                  {field.options.map((option) => {
                    const value = optionValue(option);
                    const id = `${field.name}-${slug(value)}`;
                    return (
                      <div key={value} className="flex items-center gap-2">
                        <Checkbox
                          id={id}
                          checked={selected.includes(value)}
                          aria-describedby={describedBy}
                          onCheckedChange={(checked) =>
                            rhf.onChange(checked === true ? [...selected, value] : selected.filter((v) => v !== value))
                          }
                          onBlur={rhf.onBlur}
                        />
                        <label htmlFor={id} className="text-sm text-gray-800">
                          {optionLabel(option)}
                        </label>
                      </div>
                    );
                  })}
                </div>
              );
            }}
          />
        )}
      </ChoiceGroup>
    );
  }

  if (field.type === 'checkbox') {
    const id = `field-${field.name}`;
    const errorId = error ? `${id}-error` : undefined;
    const hintId = field.description ? `${id}-hint` : undefined;
    return (
      <div className={cn('grid gap-1', span)}>
        <Controller
          name={field.name}
          control={control}
          render={({ field: rhf }) => (
            <div className="flex items-start gap-2">
              <Checkbox
                id={id}
                className="mt-0.5"
                checked={rhf.value === true}
                onCheckedChange={(checked) => rhf.onChange(checked === true)}
                onBlur={rhf.onBlur}
                aria-invalid={Boolean(error)}
                aria-describedby={[errorId, hintId].filter(Boolean).join(' ') || undefined}
              />
              <label htmlFor={id} className="text-sm font-medium text-gray-800">
                {field.label}
                {field.required ? (
                  <span className="ml-0.5 text-red-600" aria-hidden="true">
                    *
                  </span>
                ) : null}
              </label>
            </div>
          )}
        />
        {field.description ? (
          <p id={hintId} className="pl-7 text-xs text-gray-500">
            {field.description}
          </p>
        ) : null}
        {error ? (
          <p id={errorId} className="pl-7 text-sm text-red-700">
            {error}
          </p>
        ) : null}
      </div>
    );
  }

  return (
    <FormField label={field.label} required={field.required} error={error} hint={field.hint} className={span}>
      {(aria) => {
        switch (field.type) {
          case 'textarea':
            return <Textarea {...aria} placeholder={field.placeholder} {...register(field.name)} />;
          case 'select':
            return (
              <select {...aria} className={cn(fieldClasses, 'h-10 py-2')} {...register(field.name)}>
                <option value="">{`Select ${field.label.toLowerCase()}`}</option>
                {field.options.map((option) => (
                  <option key={optionValue(option)} value={optionValue(option)}>
                    {optionLabel(option)}
                  </option>
                ))}
              </select>
            );
          case 'country':
            return <CountrySelect {...aria} autoComplete="country-name" {...register(field.name)} />;
          case 'region':
            return <RegionField aria={aria} control={control} name={field.name} countryField={field.countryField} />;
          case 'list':
            return (
              <Controller
                name={field.name}
                control={control}
                render={({ field: rhf }) => (
                  <ListInput
                    control={aria}
                    noun={field.label.toLowerCase().replace(/s$/, '')}
                    label={field.label}
                    placeholder={field.placeholder}
                    value={Array.isArray(rhf.value) ? (rhf.value as string[]) : []}
                    onChange={rhf.onChange}
                    onBlur={rhf.onBlur}
                  />
                )}
              />
            );
          case 'money':
            return <Input {...aria} type="text" inputMode="decimal" placeholder={field.placeholder} {...register(field.name)} />;
          case 'number':
            return (
              <Input
                {...aria}
                type="number"
                inputMode="numeric"
                min={field.min}
                max={field.max}
                placeholder={field.placeholder}
                {...register(field.name)}
              />
            );
          default:
            return (
              <Input
                {...aria}
                type={field.type}
                placeholder={field.placeholder}
                autoComplete={field.autoComplete}
                inputMode={field.type === 'email' ? 'email' : field.type === 'tel' ? 'tel' : undefined}
                {...register(field.name)}
              />
            );
        }
      }}
    </FormField>
  );
}

/** A fieldset of checkboxes with its legend and error, wired for screen readers. */
function ChoiceGroup({
  field,
  error,
  className,
  children,
}: {
  field: FieldConfig;
  error: string | undefined;
  className?: string;
  children: (describedBy: string | undefined) => ReactNode;
}) {
  const errorId = error ? `${field.name}-group-error` : undefined;
  return (
    <fieldset className={cn('grid gap-2', className)} aria-invalid={Boolean(error)} aria-describedby={errorId}>
      <legend className="mb-1 text-sm font-medium text-gray-800">
        {field.label}
        {field.required ? (
          <span className="ml-0.5 text-red-600" aria-hidden="true">
            *
          </span>
        ) : null}
      </legend>
      {children(errorId)}
      {error ? (
        <p id={errorId} className="text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
