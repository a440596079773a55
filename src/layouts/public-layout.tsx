import type { ReactNode } from 'react';
import { Card, Typography } from 'antd';
import { Link } from 'react-router';
import { FOOTER_LINKS, SUPPORT } from '../../resources/support';
import './public-layout.css';

/** The frame of the sign-in and password screens: brand, one card, support details and footer links. */
export function PublicLayout({ children, wide = false }: { children: ReactNode; wide?: boolean }) {
  return (
    <div className="public">
      <header className="public__header">
        <Link to="/sign-in" className="public__brand" aria-label="Hotel Extranet home">
          <img src="/favicon.svg" alt="" width={28} height={28} /> <span>Hotel Extranet</span>
        </Link>
      </header>
      <main className="public__main">
        <Card className={wide ? 'public__card public__card--wide' : 'public__card'}>{children}</Card>
      </main>
      <SiteFooter />
    </div>
  );
}

export function SiteFooter() {
  return (
    <footer className="public__footer">
      <Typography.Paragraph type="secondary" style={{ marginBottom: 8 }}>
        Need help? Email <a href={`mailto:${SUPPORT.email}`}>{SUPPORT.email}</a> or call {SUPPORT.phone}, {SUPPORT.hours}.
      </Typography.Paragraph>
      <nav aria-label="Footer" className="public__links">
        {FOOTER_LINKS.map((l) =>
          'external' in l ? (
            <a key={l.href} href={l.href} target="_blank" rel="noreferrer">{l.label}</a>
          ) : (
            <Link key={l.href} to={l.href}>{l.label}</Link>
          ),
        )}
      </nav>
    </footer>
  );
}
