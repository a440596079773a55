import { useEffect, useRef } from 'react';
import { Link, useLocation } from 'react-router';
import './details-tabs.css';

/** Spec §2: under Property, the details sections (policies, commercial terms and other included). */
export const DETAILS_TABS = [
  { key: 'overview', label: 'Overview' },
  { key: 'location', label: 'Location' },
  { key: 'facilities', label: 'Facilities' },
  { key: 'policies', label: 'Policies' },
  { key: 'commercial-terms', label: 'Commercial terms' },
  { key: 'other', label: 'Other' },
];

/**
 * The details sections as a row of links, the current one marked (aria-current). On a narrow screen
 * the row scrolls sideways within itself, brought round to the current section. Links, not antd's
 * Menu: each works as a link from the drawn page on (open in a new tab, copy), and the Menu set its
 * state as it mounted (every item's tooltip, its overflow), so the details pages drew again inside
 * a phone's takeover (src/lib/opened-once.ts says what that costs).
 */
export function DetailsTabs({ propertyId }: { propertyId: number }) {
  const { pathname } = useLocation();
  const current = DETAILS_TABS.find((t) => pathname.endsWith(`/details/${t.key}`))?.key ?? 'overview';
  const row = useRef<HTMLElement>(null);
  useEffect(() => {
    const nav = row.current;
    const link = nav?.querySelector<HTMLElement>(`a[href$="/details/${current}"]`);
    if (nav && link && nav.scrollWidth > nav.clientWidth) nav.scrollLeft = link.offsetLeft - 48; // a part of the one before shows there are more
  }, [current]);
  return (
    <nav ref={row} aria-label="Property details" className="details-tabs">
      <ul>
        {DETAILS_TABS.map((t) => (
          <li key={t.key}>
            <Link
              to={`/properties/${propertyId}/details/${t.key}`}
              aria-current={t.key === current ? 'page' : undefined}
              className="details-tabs__link"
            >
              {t.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
