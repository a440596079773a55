import { Link } from 'react-router';
import { ArrowLeftOutlined } from '@ant-design/icons';
import './back-link.css';

/**
 * Spec §2: pages have a back button and a title. This is the button, above the title: it goes to the
 * page this one belongs to (a form to its list, a section to the property home, and so on).
 */
export function BackLink({ to, label }: { to: string; label: string }) {
  return (
    <Link to={to} className="back-link no-print">
      <ArrowLeftOutlined aria-hidden /> {label}
    </Link>
  );
}

/** Where a property's pages go back to, and what the button says. */
export const backToProperty = (propertyId: number) => ({
  to: `/properties/${propertyId}`,
  label: 'Back to property home',
});
