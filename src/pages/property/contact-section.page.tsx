import { Result } from 'antd';
import { Link, useParams } from 'react-router';
import { SectionPage } from './section.page';

/** Spec §2: billing, primary or reservations, in any case; anything else is an unknown contact type. */
export const CONTACT_TYPES = { billing: 'Billing contact', primary: 'Primary contact', reservations: 'Reservations contact' } as const;

export function ContactSectionPage() {
  const { contactType = '', propertyId } = useParams();
  const title = CONTACT_TYPES[contactType.toLowerCase() as keyof typeof CONTACT_TYPES];
  if (!title) return <Result status="error" title="Unknown contact type" extra={<Link to={`/properties/${propertyId}/contacts/primary`}>Go to the primary contact</Link>} />;
  return <SectionPage title={title} />;
}
