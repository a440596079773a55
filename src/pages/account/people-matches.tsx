import { Link, useLocation } from 'react-router';
import { Typography } from 'antd';
import { Panel } from '../../layouts/panel';
import { useGql } from '../../portal/use-gql';
import { SUPPORT_DOCS } from '../../../resources/users/support.documents';
import { BOOKING_REF_SEARCH, SUPPORT_MESSAGES, scopeUsersPath, supportPath } from '../../../resources/users/support';
import { contactPagePath, type ContactType } from '../../../resources/contacts/contact-types';
import type { BookingsByReferenceQuery, SupportPeopleQuery } from '../../generated/graphql-types';

/** Whether staff's search text is (part of) an email address: then people are searched too. */
export const searchesPeople = (search: string) => search.includes('@') && search.trim().length >= 3;
/** Whether it could be a booking reference: then bookings are looked up too. */
export const searchesBookings = (search: string) => BOOKING_REF_SEARCH.test(search.trim());

/**
 * Issue 30, one search box: staff who type an email find the people with it, each with the places
 * they reach and a link to their support page, and open invitations to it.
 */
export function PeopleMatches({ search }: { search: string }) {
  const location = useLocation();
  const { data, isLoading } = useGql<SupportPeopleQuery>(['support-people', search.trim()], SUPPORT_DOCS.people, {
    email: search.trim(),
  });
  if (isLoading || !data) return null;
  const { users, invitations, contacts } = data.supportPeople;
  const from = `${location.pathname}${location.search}`;
  return (
    <div style={{ marginBottom: 16 }}>
      <Panel title="People">
        {users.length + invitations.length + contacts.length === 0 ? (
          <Typography.Paragraph type="secondary">No one has an email with “{search.trim()}”.</Typography.Paragraph>
        ) : (
          <ul className="plain-list" aria-label="People">
            {users.map((u) => (
              <li key={u.id} className="plain-list__meta">
                <div>
                  <div className="plain-list__title">
                    <Link to={supportPath(u.id)} state={{ from }}>
                      {u.email}
                    </Link>{' '}
                    {u.name !== u.email && <span>({u.name})</span>}
                  </div>
                  <div className="plain-list__description">
                    {u.isStaff
                      ? 'Staff'
                      : u.reachCount
                        ? `${u.reach.join(', ')}${u.reachCount > u.reach.length ? ` and ${u.reachCount - u.reach.length} more` : ''}`
                        : 'No property or group access'}
                  </div>
                </div>
              </li>
            ))}
            {invitations.map((i) => (
              <li key={`i${i.id}`}>
                <div className="plain-list__title">{i.email}</div>
                <div className="plain-list__description">
                  Invited to <Link to={scopeUsersPath(i)}>{i.scopeName}</Link> as {i.roleLabel}, not accepted yet
                </div>
              </li>
            ))}
            {contacts.map((c) => (
              <li key={`c${c.propertyId}:${c.contactType}`}>
                <div className="plain-list__title">
                  {c.email} <span>({c.name})</span>
                </div>
                <div className="plain-list__description">
                  <Link to={contactPagePath(c.propertyId, c.contactType as ContactType)}>{c.title}</Link> of{' '}
                  <Link to={`/properties/${c.propertyId}`}>{c.propertyName}</Link>
                </div>
              </li>
            ))}
          </ul>
        )}
        <Typography.Text type="secondary">{SUPPORT_MESSAGES.searchHint}</Typography.Text>
      </Panel>
    </div>
  );
}

/** Issue 30: a booking reference typed into staff's search opens the booking. */
export function BookingMatches({ search }: { search: string }) {
  const { data } = useGql<BookingsByReferenceQuery>(['booking-refs', search.trim()], SUPPORT_DOCS.bookings, {
    reference: search.trim(),
  });
  const bookings = data?.bookingsByReference ?? [];
  if (!bookings.length) return null;
  return (
    <div style={{ marginBottom: 16 }}>
      <Panel title="Bookings">
        <ul className="plain-list" aria-label="Bookings">
          {bookings.map((b) => (
            <li key={`${b.propertyId}:${b.hotelRef}`}>
              <Link to={`/properties/${b.propertyId}/reservations/${encodeURIComponent(b.hotelRef)}`}>
                {b.hotelRef}
              </Link>
              <span className="plain-list__description">
                {' '}
                · {b.guestName} at {b.propertyName}
              </span>
            </li>
          ))}
        </ul>
      </Panel>
    </div>
  );
}
