import { forwardRef, lazy, Suspense, useState, type ComponentPropsWithoutRef } from 'react';
import { ChevronDown, Globe } from 'lucide-react';
import { cn } from '@client/lib/cn';
import { Button } from '@client/ui/button';
import { countryFlag, countryName, useSelectedCountry } from './use-countries';

const loadPopover = () => import('./country-popover');
// The popover and the country list (about 250 countries from the server) load when the picker is first opened.
const CountryPopover = lazy(() => loadPopover().then((m) => ({ default: m.CountryPopover })));

type TriggerProps = ComponentPropsWithoutRef<'button'> & { code: string | null };

/** The header button: the chosen country's flag and code, or a globe. */
const CountryTrigger = forwardRef<HTMLButtonElement, TriggerProps>(function CountryTrigger({ code, className, ...props }, ref) {
  const flag = code ? countryFlag(code) : '';
  return (
    <Button
      ref={ref}
      variant="ghost"
      className={cn('gap-1.5 px-2.5', className)}
      aria-label={code ? `Country: ${countryName(code)}. Change country` : 'Choose your country'}
      {...props}
    >
      {flag ? (
        <span className="text-lg leading-none" aria-hidden="true">
          {flag}
        </span>
      ) : (
        <Globe className="size-5" aria-hidden="true" />
      )}
      <span className="hidden text-sm lg:inline">{code ?? 'Country'}</span>
      <ChevronDown className="hidden size-3.5 text-gray-500 sm:block" aria-hidden="true" />
    </Button>
  );
});

/**
 * Header country picker. Choosing a country only marks it (remembered in localStorage); the button shows it from
 * the stored code alone, and the popover with its search loads when first opened.
 */
export function CountryPicker({ className }: { className?: string }) {
  const [open, setOpen] = useState(false);
  const [used, setUsed] = useState(false);
  const [selectedCode, setSelectedCode] = useSelectedCountry();
  const placeholder = (
    <CountryTrigger
      code={selectedCode}
      className={className}
      aria-haspopup="dialog"
      aria-expanded={false}
      aria-busy={used}
      onPointerEnter={() => void loadPopover()}
      onFocus={() => void loadPopover()}
      onClick={() => {
        setUsed(true);
        setOpen(true);
      }}
    />
  );
  if (!used) return placeholder;
  return (
    <Suspense fallback={placeholder}>
      <CountryPopover
        open={open}
        onOpenChange={setOpen}
        selectedCode={selectedCode}
        onSelect={(country) => {
          setSelectedCode(country.code);
          setOpen(false);
        }}
        trigger={<CountryTrigger code={selectedCode} className={className} />}
      />
    </Suspense>
  );
}
