import { factsFromProperty } from '../../../resources/domain';
import { Card, Form, Result, Spin, Typography } from 'antd';
import { Link, useOutletContext, useParams } from 'react-router';
import { BRAND } from '../../brand';
import { useQueryClient } from '@tanstack/react-query';
import { propertyKey, type PropertyOutletContext } from '../../layouts/property-outlet';
import { refreshGql, useGqlSend, useGql } from '../../portal/use-gql';
import {
  CONTACT_DOCS,
  CONTACT_FORM,
  CONTACT_MESSAGES,
  CONTACT_TITLES,
  contactFieldsOf,
  contactTypeOfRoute,
  type ContactType,
  type KeyContact,
  CONTACT_TYPES,
} from '../../../resources/contacts/contact.resource';
import { phoneForDisplay } from '../../../resources/auth/phone';
import { on } from '../../../abilities/define-ability';
import { useAbility } from '../../access/ability';
import { useVersionedForm } from '../../forms/use-versioned-form';
import { useStoredValues } from '../../forms/use-stored-values';
import { BackLink, backToProperty } from '../../layouts/back-link';
import { RecordTrail } from '../../trails/record-trail';
import { RecordForm } from '../../resources/record-form';

const FIELD: Record<ContactType, 'billingContact' | 'primaryContact' | 'reservationsContact'> = {
  BILLING: 'billingContact',
  PRIMARY: 'primaryContact',
  RESERVATION: 'reservationsContact',
};
type Values = Record<string, unknown>;
type Loaded = { viewer: { property: Record<string, KeyContact | null> } };

/** Stored → form, field by field of the contact form: a phone without its +61, a choice as ticked or not, text as typed. */
const toValues = (c: Partial<KeyContact> | null): Values =>
  Object.fromEntries(
    CONTACT_FORM.fields.map((f) => {
      const stored = (c as Record<string, unknown> | null)?.[f.name];
      if (f.type === 'boolean') return [f.name, Boolean(stored)];
      if (f.widget === 'phone') return [f.name, phoneForDisplay(stored as string | null | undefined)];
      return [f.name, stored ?? ''];
    }),
  );

/** The three key contacts, one link each, so the page is never a dead end between them. */
function ContactSwitcher({ propertyId, current }: { propertyId: number; current: ContactType }) {
  return (
    <nav aria-label="Key contacts" style={{ display: 'flex', flexWrap: 'wrap', gap: 8, marginBottom: 12 }}>
      {Object.entries(CONTACT_TYPES).map(([path, type]) => (
        <Link
          key={type}
          to={`/properties/${propertyId}/contacts/${path}`}
          aria-current={type === current ? 'page' : undefined}
          style={{
            padding: '4px 12px',
            borderRadius: 16,
            border: '1px solid #c9d3e0',
            ...(type === current ? { background: BRAND.primary, color: '#fff', borderColor: BRAND.primary } : {}),
          }}
        >
          {CONTACT_TITLES[type]}
        </Link>
      ))}
    </nav>
  );
}

/** Spec §2 contacts/{contactType}: one key contact's form (billing, primary or reservations). */
export function ContactPage() {
  const { property } = useOutletContext<PropertyOutletContext>();
  const type = contactTypeOfRoute(useParams().contactType);
  if (!type)
    return (
      <Result
        status="error"
        title={CONTACT_MESSAGES.unknownType}
        extra={<Link to={`/properties/${property.id}/contacts/primary`}>Go to the primary contact</Link>}
      />
    );
  return <ContactForm key={type} type={type} />;
}

function ContactForm({ type }: { type: ContactType }) {
  const send = useGqlSend();
  const { property } = useOutletContext<PropertyOutletContext>();
  const ability = useAbility();
  const canEdit = ability.can('update', on('Contact', factsFromProperty(property)));
  const { data, isLoading } = useGql<Loaded>(['contacts', property.id], CONTACT_DOCS.manageContacts, {
    propertyId: property.id,
  });
  const contact = data?.viewer.property[FIELD[type]] ?? null;
  const fields = contactFieldsOf(type);
  const [form] = Form.useForm<Values>();
  const client = useQueryClient();
  const save = useVersionedForm<Values>({
    form,
    name: `contact-${type.toLowerCase()}`,
    toForm: (v) => toValues(v as Partial<KeyContact>),
    send: (values, version) =>
      send(CONTACT_DOCS.saveKeyContact, {
        input: {
          propertyId: property.id,
          contactType: type,
          version,
          ...Object.fromEntries(fields.map((f) => [f.name, values[f.name]])),
        },
      }),
    onSaved: () => {
      stored.ownSave();
      return refreshGql(client, ['contacts', property.id], propertyKey(property.id));
    },
  });
  const stored = useStoredValues(form, {
    loaded: Boolean(data),
    version: contact?.version ?? null,
    values: () => toValues(contact) as Values,
    setVersion: save.setVersion,
  });

  if (isLoading) return <Spin />;
  return (
    <>
      <BackLink {...backToProperty(property.id)} />
      <ContactSwitcher propertyId={property.id} current={type} />
      <Typography.Title level={1} style={{ fontSize: 24 }}>
        {CONTACT_TITLES[type]}
      </Typography.Title>
      <Card>
        <RecordForm
          name={`contact-${type.toLowerCase()}`}
          fields={fields}
          schema={CONTACT_FORM.schema}
          propertyId={property.id}
          form={form}
          save={save}
          readOnly={canEdit ? null : 'You can view this contact but not change it.'}
          maxWidth={560}
        />
      </Card>
      <RecordTrail propertyId={property.id} subjectType="Contact" subjectId={contact?.id} />
    </>
  );
}
