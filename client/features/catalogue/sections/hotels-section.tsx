import { Hotel } from 'lucide-react';
import { SECTION_IDS } from '../categories';
import { EmptyShell, SectionShell } from './section-shell';

export function HotelsSection() {
  return (
    <SectionShell id={SECTION_IDS.hotels} title="Hotels" icon={Hotel} intro="Find a room for any trip, from city breaks to long stays.">
      <EmptyShell>Hotel search and listings will appear here soon.</EmptyShell>
    </SectionShell>
  );
}
