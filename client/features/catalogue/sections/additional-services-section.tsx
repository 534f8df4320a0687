import { Sparkles } from 'lucide-react';
import { SECTION_IDS } from '../categories';
import { EmptyShell, SectionShell } from './section-shell';

export function AdditionalServicesSection() {
  return (
    <SectionShell id={SECTION_IDS.services} title="Additional Services" icon={Sparkles} intro="Extra services to complete your trip or your day.">
      <EmptyShell>Additional services will appear here soon.</EmptyShell>
    </SectionShell>
  );
}
