import { useQuery } from '@tanstack/react-query';
import { Sparkles } from 'lucide-react';
import { formatMoney } from '@domain/format';
import { apiQuery } from '@client/lib/api';
import { Badge } from '@client/ui/badge';
import { AddToCartButton } from '@client/features/cart/add-to-cart-button';
import { SECTION_IDS } from '../categories';
import { QueryStates } from '../components/states';
import { SectionShell } from './section-shell';

export function AdditionalServicesSection() {
  const services = useQuery(apiQuery('/api/services'));
  return (
    <SectionShell id={SECTION_IDS.services} title="Additional Services" icon={Sparkles} intro="Extra services to complete your trip or your day.">
      <QueryStates query={services} label="additional services" empty="No additional services available right now.">
        {(items) => (
        <ul aria-label="Additional services" className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
          {items.map((s) => (
            <li key={s.id} className="flex flex-col gap-2 rounded-xl border border-gray-200 p-4">
              <div className="flex items-start justify-between gap-2">
                <h3 className="font-semibold text-gray-900">{s.name}</h3>
                <Badge variant="secondary">{s.category}</Badge>
              </div>
              <p className="text-sm text-gray-600">{s.description}</p>
              <p className="mt-auto text-lg font-bold text-gray-900">{formatMoney(s.price)}</p>
              <AddToCartButton
                size="sm"
                item={{ serviceType: 'services', serviceId: s.id, name: s.name, price: s.price, description: s.description, details: {} }}
              />
            </li>
          ))}
        </ul>
        )}
      </QueryStates>
    </SectionShell>
  );
}
