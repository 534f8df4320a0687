import { Plane } from 'lucide-react';
import { SECTION_IDS } from '../categories';
import { EmptyShell, SectionShell } from './section-shell';

export function FlightsSection() {
  return (
    <SectionShell id={SECTION_IDS.flights} title="Flights" icon={Plane} intro="Search one-way and round-trip flights in every class.">
      <EmptyShell>Flight search will appear here soon.</EmptyShell>
    </SectionShell>
  );
}
