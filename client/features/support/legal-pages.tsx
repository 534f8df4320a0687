import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { usePageTitle } from '@client/lib/use-page-title';

function LegalPage({ title, updated, children }: { title: string; updated: string; children: ReactNode }) {
  usePageTitle(title);
  return (
    <article className="mx-auto grid w-full max-w-3xl gap-5 px-4 py-10 text-gray-700 [&_h2]:mt-2 [&_h2]:text-lg [&_h2]:font-semibold [&_h2]:text-gray-900 [&_li]:ml-5 [&_li]:list-disc">
      <header>
        <h1 className="text-2xl font-bold text-gray-900 sm:text-3xl">{title}</h1>
        <p className="mt-1 text-sm text-gray-500">Last updated {updated}</p>
      </header>
      {children}
      <p>
        Questions? <Link to="/contact" className="font-medium text-brand-700 underline-offset-4 hover:underline">Contact us</Link>.
      </p>
    </article>
  );
}

/** /privacy: what the product stores about a person, stated from what the server actually keeps. */
export function PrivacyPage() {
  return (
    <LegalPage title="Privacy Policy" updated="21 November 2026">
      <p>This page says what Go Live keeps about you, why, and for how long.</p>
      <h2>What we store</h2>
      <ul>
        <li>Your account: username, e-mail address, optional phone number and role. Your password is never stored; we keep only an argon2id hash of it.</li>
        <li>Your session: a random token in an HttpOnly cookie. We store only a hash of the token, and the session ends when you sign out, after 7 days without use, or after 30 days at most.</li>
        <li>Failed sign-in attempts, by account and network address, for 15 minutes, to stop password guessing.</li>
        <li>Your bookings: what you booked, the details needed to price and deliver it (dates, addresses, parcel sizes) and the total.</li>
        <li>Payments: status, amount, card brand and the last four digits. Card numbers and security codes are never stored or logged; in production they go straight to our card processor.</li>
        <li>Delivery tracking records for food orders: the restaurant and the delivery destination you chose.</li>
        <li>Provider registrations and contact messages: exactly what you submitted, so our team can review and answer them.</li>
      </ul>
      <h2>What we do not do</h2>
      <ul>
        <li>We do not sell your data or use third-party advertising trackers.</li>
        <li>The country you pick in the header stays in your browser; it is not sent to us.</li>
      </ul>
      <h2>Your choices</h2>
      <p>You can ask us to correct or delete your account and its history through the contact page.</p>
    </LegalPage>
  );
}

/** /terms: the terms of using the marketplace. */
export function TermsPage() {
  return (
    <LegalPage title="Terms of Service" updated="21 November 2026">
      <p>Go Live is a marketplace: the services you book are provided by independent restaurants, hotels, airlines, drivers and other providers.</p>
      <h2>Prices and payment</h2>
      <ul>
        <li>The price you pay is the total shown in the payment dialog, calculated by our server from the provider's listed prices. If a price changes before you pay, we show you the new total and ask again.</li>
        <li>A payment is charged once per booking; retrying the same payment never charges twice.</li>
      </ul>
      <h2>Cancellations</h2>
      <ul>
        <li>You can cancel a booking that has not been completed from My bookings. A paid booking that you cancel is refunded in full to the card you used.</li>
      </ul>
      <h2>Providers</h2>
      <ul>
        <li>Every provider registration is reviewed by our team before it appears in the marketplace. Providers must give accurate information and hold the licences their service requires.</li>
      </ul>
      <h2>Accounts</h2>
      <ul>
        <li>Keep your password to yourself. Repeated failed sign-ins are paused for a while to protect your account.</li>
      </ul>
    </LegalPage>
  );
}
