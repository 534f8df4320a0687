import { useParams } from 'react-router';
import { ComingSoon } from '@client/ui/coming-soon';

function titleCase(slug: string): string {
  return slug
    .split('-')
    .filter(Boolean)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ');
}

/** /register/:kind: provider registration forms, one per kind (restaurant, hotel, general, ...). */
export function RegisterPage() {
  const { kind = '' } = useParams();
  const name = titleCase(kind) || 'Provider';
  return (
    <ComingSoon
      title={kind === 'general' ? 'Register a General Service' : `Register as ${name}`}
      description={`The ${name.toLowerCase()} registration form is being built and will be available soon.`}
    />
  );
}
