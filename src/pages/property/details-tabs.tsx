import { Menu } from 'antd';
import { useLocation, useNavigate } from 'react-router';

/** Spec §2: under Property, the details sections (policies, commercial terms and other included). */
export const DETAILS_TABS = [
  { key: 'overview', label: 'Overview' },
  { key: 'location', label: 'Location' },
  { key: 'facilities', label: 'Facilities' },
  { key: 'policies', label: 'Policies' },
  { key: 'commercial-terms', label: 'Commercial terms' },
  { key: 'other', label: 'Other' },
];

export function DetailsTabs({ propertyId }: { propertyId: number }) {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const current = DETAILS_TABS.find((t) => pathname.endsWith(`/details/${t.key}`))?.key ?? 'overview';
  return (
    <Menu
      mode="horizontal"
      aria-label="Property details"
      selectedKeys={[current]}
      style={{ marginBottom: 16, background: 'transparent' }}
      onClick={({ key }) => navigate(`/properties/${propertyId}/details/${key}`)}
      items={DETAILS_TABS}
    />
  );
}
