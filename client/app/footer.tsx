import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { FOOTER_SERVICE_LINKS } from '@client/features/catalogue/categories';
import { useSectionNavigator } from '@client/features/catalogue/section-nav';
import { useBrowserValue } from '@client/lib/use-is-client';

const footerLink =
  'rounded text-sm text-gray-300 transition-colors hover:text-white focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-white';

export function Footer() {
  const goToSection = useSectionNavigator();
  // The prerendered page shows the year it was built in and hydrates with it; the browser's own year right after.
  const year = useBrowserValue(() => new Date().getFullYear(), __BUILD_YEAR__);
  return (
    <footer className="mt-auto bg-gray-900 text-gray-300">
      <div className="mx-auto grid w-full max-w-6xl gap-8 px-4 py-10 sm:grid-cols-2 lg:grid-cols-4">
        <div>
          <p className="text-xl font-extrabold tracking-tight text-white">
            Go <span className="text-accent-400">Live</span>
          </p>
          <p className="mt-2 text-sm">Your Complete Service Platform</p>
          <p className="mt-1 text-sm text-gray-400">33+ general-service categories in 195+ countries.</p>
        </div>

        <FooterColumn title="Services">
          {FOOTER_SERVICE_LINKS.map(({ label, anchor }) => (
            <li key={anchor}>
              <button type="button" className={footerLink} onClick={() => goToSection(anchor)}>
                {label}
              </button>
            </li>
          ))}
        </FooterColumn>

        <FooterColumn title="Partners">
          <li>
            <Link to="/onboarding" className={footerLink}>
              Join as Provider
            </Link>
          </li>
          <li>
            <Link to="/apply-driver" className={footerLink}>
              Drive with Go Live
            </Link>
          </li>
          <li>
            <Link to="/track" className={footerLink}>
              Track an order
            </Link>
          </li>
        </FooterColumn>

        <FooterColumn title="Support">
          <li>
            <Link to="/contact" className={footerLink}>
              Help Center
            </Link>
          </li>
          <li>
            <Link to="/contact" className={footerLink}>
              Contact Us
            </Link>
          </li>
          <li>
            <Link to="/privacy" className={footerLink}>
              Privacy Policy
            </Link>
          </li>
          <li>
            <Link to="/terms" className={footerLink}>
              Terms of Service
            </Link>
          </li>
        </FooterColumn>
      </div>
      <div className="border-t border-gray-800">
        <p className="mx-auto w-full max-w-6xl px-4 py-5 text-xs text-gray-400">
          © {year} Go Live. All rights reserved. <span className="text-gray-400">Version {__APP_VERSION__}</span>
        </p>
      </div>
    </footer>
  );
}

function FooterColumn({ title, children }: { title: string; children: ReactNode }) {
  return (
    <nav aria-label={`Footer: ${title}`}>
      <h2 className="text-sm font-semibold uppercase tracking-wide text-white">{title}</h2>
      <ul className="mt-3 grid gap-2">{children}</ul>
    </nav>
  );
}
