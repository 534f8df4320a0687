import { Link } from 'react-router';
import { Briefcase, Plus } from 'lucide-react';
import { buttonVariants } from '@client/ui/button';
import { SECTION_IDS } from '../categories';
import { EmptyShell, SectionShell } from './section-shell';

export function GeneralServicesSection() {
  return (
    <SectionShell
      id={SECTION_IDS.general}
      title="General Services"
      icon={Briefcase}
      intro="33+ categories of local professionals, from repairs and cleaning to tutoring and events."
    >
      <EmptyShell>General services will appear here soon.</EmptyShell>
      <div className="mt-4 flex justify-center">
        <Link to="/register/general" className={buttonVariants({ variant: 'secondary' })}>
          <Plus className="size-4" aria-hidden="true" />
          Offer a general service
        </Link>
      </div>
    </SectionShell>
  );
}
