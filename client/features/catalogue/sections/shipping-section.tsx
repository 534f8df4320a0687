import { Ship } from 'lucide-react';
import { SECTION_IDS } from '../categories';
import { EmptyShell, SectionShell } from './section-shell';

export function ShippingSection() {
  return (
    <SectionShell id={SECTION_IDS.shipping} title="Shipping" icon={Ship} intro="Compare shipping rates, calculate costs and track parcels.">
      <EmptyShell>Shipping rates and parcel tracking will appear here soon.</EmptyShell>
    </SectionShell>
  );
}
