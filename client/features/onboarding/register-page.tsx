import { useMemo } from 'react';
import { useParams } from 'react-router';
import { CARD_GENERAL_CATEGORY, generalCardFormTitle, isGeneralCardSlug, type RegistrationKind } from '@domain/onboarding';
import { NotFound } from '@client/app/not-found';
import { RegistrationForm } from './registration-form';

/** /register/<slug> routes with a dedicated form (spec 001 section 2, plus the hub's courier/vehicle cards). */
const DEDICATED_FORMS: Readonly<Record<string, RegistrationKind>> = {
  restaurant: 'restaurant',
  hotel: 'hotel',
  flight: 'airline',
  car: 'car-rental',
  shipping: 'courier',
  courier: 'courier',
  taxi: 'taxi',
  property: 'property',
  general: 'general-service',
  driver: 'driver',
  vehicle: 'driver',
  'taxi-driver': 'driver',
  'fashion-designer': 'fashion-designer',
};

/**
 * /register/:kind. Every hub card leads to a working form: a dedicated one, or the general service form with
 * the card's category pre-selected. Anything else is the 404 card.
 */
export function RegisterPage() {
  const { kind: slug = '' } = useParams();
  const dedicated = DEDICATED_FORMS[slug];
  const preset = useMemo(() => (isGeneralCardSlug(slug) ? { category: CARD_GENERAL_CATEGORY[slug] } : undefined), [slug]);

  if (dedicated) return <RegistrationForm key={slug} kind={dedicated} />;
  if (preset && isGeneralCardSlug(slug)) {
    return <RegistrationForm key={slug} kind="general-service" title={generalCardFormTitle(slug)} preset={preset} />;
  }
  return <NotFound />;
}
