import { CarTaxiFront } from 'lucide-react';
import { SECTION_IDS } from '../categories';
import { EmptyShell, SectionShell } from './section-shell';

export function TaxiSection() {
  return (
    <SectionShell id={SECTION_IDS.taxi} title="Taxi" icon={CarTaxiFront} intro="Book a ride, see the fare up front and follow your driver.">
      <EmptyShell>Ride booking will appear here soon.</EmptyShell>
    </SectionShell>
  );
}
