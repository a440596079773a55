import type { ReactNode } from 'react';
import { NavLink } from '../lib/navigation';
import { FOOTER_LINKS } from '../../resources/support';
import { useSupport } from '../lib/use-support';
import './public-layout.css';

/**
 * The frame of the sign-in and password screens: brand, one card, support details and footer links.
 * Plain markup styled like antd's Card and Typography: those two bring Tabs, Menu, Tooltip and the
 * text editor along (≈ 30 kB gzipped), which sign-in would otherwise wait for. Its links move on
 * through the nav in context, so sign-in can draw it before the router has loaded.
 */
export function PublicLayout({ children, wide = false }: { children: ReactNode; wide?: boolean }) {
  return (
    <div className="public">
      <header className="public__header">
        <NavLink to="/sign-in" className="public__brand" aria-label="Hotel Extranet home">
          <img src="/favicon.svg" alt="" width={28} height={28} /> <span>Hotel Extranet</span>
        </NavLink>
      </header>
      <main className="public__main">
        <section className={wide ? 'public__card public__card--wide' : 'public__card'}>{children}</section>
      </main>
      <SiteFooter />
    </div>
  );
}

export function SiteFooter() {
  const support = useSupport();
  const internal = FOOTER_LINKS.filter((l) => !('external' in l));
  return (
    <footer className="public__footer">
      <p className="public__text public__text--secondary" style={{ marginBottom: 8 }}>
        Need help? Email <a href={`mailto:${support.email}`}>{support.email}</a> or call {support.phone},{' '}
        {support.hours}.
      </p>
      <nav aria-label="Footer" className="public__links">
        {internal.map((l) => (
          <NavLink key={l.href} to={l.href}>
            {l.label}
          </NavLink>
        ))}
        {support.sites.map((l) => (
          <a key={l.href} href={l.href} target="_blank" rel="noreferrer">
            {l.label}
          </a>
        ))}
      </nav>
    </footer>
  );
}
