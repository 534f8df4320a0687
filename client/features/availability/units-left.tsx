import type { DayKind } from '@domain/availability/schemas';
import { Badge } from '@client/ui/badge';
import { unitsLeftText } from './day-availability';

/** A card's 'Only 2 rooms left' / '3 seats left' / 'Available' line in a search with dates; nothing otherwise. */
export function UnitsLeft({ kind, left, className }: { kind: DayKind; left: number | undefined; className?: string }) {
  const text = unitsLeftText(kind, left);
  if (!text) return null;
  const good = kind === 'properties' && (left ?? 0) > 0;
  return (
    <Badge variant={good ? 'success' : (left ?? 0) > 0 ? 'warning' : 'destructive'} className={className}>
      {text}
    </Badge>
  );
}
