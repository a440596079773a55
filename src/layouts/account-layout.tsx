import type { ReactNode } from 'react';
import { useGetIdentity } from '@refinedev/core';
import { Link } from 'react-router';
import type { PortalIdentity } from '../../providers/auth-provider';
import { ProfileMenu } from './profile-menu';
import { ConfirmEmailBanner } from './confirm-email-banner';
import { SiteFooter } from './public-layout';
import './account-layout.css';
import { UnsupportedBrowserBanner } from './unsupported-browser-banner';

/** The frame of signed-in pages that belong to no property: header, email banner, content, footer. */
export function AccountLayout({ children }: { children: ReactNode }) {
  const { data: user } = useGetIdentity<PortalIdentity>();
  return (
    <div className="account">
      <header className="account__header">
        <Link to="/" className="account__brand">
          <img src="/favicon.svg" alt="" width={28} height={28} /> <span>Hotel Extranet</span>
        </Link>
        {user && <ProfileMenu name={user.name} />}
      </header>
      <UnsupportedBrowserBanner />
      {user && !user.emailVerified && <ConfirmEmailBanner email={user.email} />}
      <main className="account__main">{children}</main>
      <SiteFooter />
    </div>
  );
}
