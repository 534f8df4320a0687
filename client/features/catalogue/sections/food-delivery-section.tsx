import { UtensilsCrossed } from 'lucide-react';
import { SECTION_IDS } from '../categories';
import { EmptyShell, SectionShell } from './section-shell';

export function FoodDeliverySection() {
  return (
    <SectionShell id={SECTION_IDS.food} title="Food Delivery" icon={UtensilsCrossed} intro="Order from restaurants near you and follow your delivery live.">
      <EmptyShell>Restaurants and menus will appear here soon.</EmptyShell>
    </SectionShell>
  );
}
