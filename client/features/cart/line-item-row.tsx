import { ShoppingCart, Trash2 } from 'lucide-react';
import { formatMoney } from '@domain/format';
import { cartLineUnit } from './cart-logic';
import { Button } from '@client/ui/button';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@client/ui/select';

/** Spec 000 section 9: the quantity selector offers 1-5. */
const QUANTITIES = [1, 2, 3, 4, 5] as const;

export type LineItem = {
  name: string;
  description?: string;
  image?: string;
  price: number;
  quantity: number;
  /** With these, the unit says what the price is for ('$478.00 · 2 nights' rather than '$478.00 each'). */
  serviceType?: string;
  details?: Record<string, unknown>;
  /** The unit's text, when the caller words it. */
  unit?: string;
};

/**
 * One line of the cart or of a unified booking under review: image, name, unit and line price, a quantity selector
 * and Remove. Quantities above 5 (from repeated 'Add More') stay selectable as themselves.
 */
export function LineItemRow({ line, onQuantity, onRemove }: { line: LineItem; onQuantity: (quantity: number) => void; onRemove: () => void }) {
  const options = line.quantity > 5 ? [...QUANTITIES, line.quantity] : QUANTITIES;
  return (
    <li className="flex gap-3 rounded-lg border border-gray-200 p-3">
      {line.image ? (
        <img src={line.image} alt="" className="size-16 shrink-0 rounded-md bg-gray-100 object-cover" loading="lazy" />
      ) : (
        <div className="flex size-16 shrink-0 items-center justify-center rounded-md bg-gray-100 text-gray-400" aria-hidden="true">
          <ShoppingCart className="size-6" />
        </div>
      )}
      <div className="grid min-w-0 flex-1 gap-2">
        <div className="flex items-start justify-between gap-2">
          <div className="min-w-0">
            <p className="font-medium break-words text-gray-900">{line.name}</p>
            {line.description ? <p className="line-clamp-2 text-xs text-gray-600">{line.description}</p> : null}
            <p className="text-xs text-gray-600">{line.unit ?? cartLineUnit(line)}</p>
          </div>
          <span className="shrink-0 font-semibold tabular-nums">{formatMoney(line.price * line.quantity)}</span>
        </div>
        <div className="flex items-center justify-between gap-2">
          <Select value={String(line.quantity)} onValueChange={(v) => onQuantity(Number(v))}>
            <SelectTrigger className="h-8 w-20" aria-label={`Quantity of ${line.name}`}>
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              {options.map((q) => (
                <SelectItem key={q} value={String(q)}>
                  {q}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
          <Button variant="ghost" size="sm" className="text-red-700 hover:bg-red-50 hover:text-red-800" onClick={onRemove} aria-label={`Remove ${line.name}`}>
            <Trash2 className="size-4" aria-hidden="true" />
            Remove
          </Button>
        </div>
      </div>
    </li>
  );
}
