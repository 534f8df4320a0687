import { CarFront } from 'lucide-react';
import { SECTION_IDS } from '../categories';
import { EmptyShell, SectionShell } from './section-shell';

export function CarRentalSection() {
  return (
    <SectionShell id={SECTION_IDS.cars} title="Car Rental" icon={CarFront} intro="Rent a car by the day, from compact cars to SUVs.">
      <EmptyShell>Rental cars will appear here soon.</EmptyShell>
    </SectionShell>
  );
}
