import { Building } from 'lucide-react';
import { SECTION_IDS } from '../categories';
import { EmptyShell, SectionShell } from './section-shell';

export function PropertySection() {
  return (
    <SectionShell id={SECTION_IDS.property} title="Property Rental" icon={Building} intro="Apartments, houses and studios to rent by the month.">
      <EmptyShell>Properties for rent will appear here soon.</EmptyShell>
    </SectionShell>
  );
}
