import { factsFromProperty } from '../../../resources/domain';
import { useEffect } from 'react';
import { Alert, Button, Card, Checkbox, Form, Input, Result, Spin, Typography } from 'antd';
import { Link, useOutletContext, useParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import type { PropertyOutletContext } from '../../layouts/property-outlet';
import { gqlRequest } from '../../../providers/graphql-request';
import {
  CONTACT_DOCS,
  CONTACT_MESSAGES,
  CONTACT_TITLES,
  contactFields,
  contactTypeOfRoute,
  type ContactType,
  type KeyContact,
  CONTACT_TYPES,
} from '../../../resources/contacts/contact.resource';
import { phoneForDisplay } from '../../../resources/auth/phone';
import { FORM_MESSAGES } from '../../../resources/messages';
import { on } from '../../../abilities/define-ability';
import { useAbility } from '../../access/ability';
import { useGql } from '../../portal/use-gql';
import { FormErrors } from '../../forms/form-errors';
import { zodRule } from '../../forms/zod-rule';
import { useVersionedForm } from '../../forms/use-versioned-form';
import { ConflictNotice } from '../../forms/conflict-notice';
import { BackLink, backToProperty } from '../../layouts/back-link';

const FIELD: Record<ContactType, 'billingContact' | 'primaryContact' | 'reservationsContact'> = {
  BILLING: 'billingContact',
  PRIMARY: 'primaryContact',
  RESERVATION: 'reservationsContact',
};
type Values = {
  name: string;
  position: string;
  email: string;
  phone: string;
  confirmationEmails: boolean;
  vccInEmail: boolean;
};
type Loaded = { viewer: { property: Record<string, KeyContact | null> } };
const LABELS: Record<keyof Values, string> = {
  name: 'Name',
  position: 'Position',
  email: 'Email',
  phone: 'Phone',
  confirmationEmails: 'Booking notification emails',
  vccInEmail: 'VCC details in the notification',
};

const toValues = (c: KeyContact | null): Values => ({
  name: c?.name ?? '',
  position: c?.position ?? '',
  email: c?.email ?? '',
  phone: phoneForDisplay(c?.phone),
  confirmationEmails: Boolean(c?.confirmationEmails),
  vccInEmail: Boolean(c?.vccInEmail),
});

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
            ...(type === current ? { background: '#0b3954', color: '#fff', borderColor: '#0b3954' } : {}),
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
  const { property } = useOutletContext<PropertyOutletContext>();
  const ability = useAbility();
  const canEdit = ability.can('update', on('Contact', factsFromProperty(property)));
  const { data, isLoading } = useGql<Loaded>(['contacts', property.id], CONTACT_DOCS.manageContacts, {
    propertyId: property.id,
  });
  const contact = data?.viewer.property[FIELD[type]] ?? null;
  const [form] = Form.useForm<Values>();
  const client = useQueryClient();
  const save = useVersionedForm<Values>({
    form,
    name: `contact-${type.toLowerCase()}`,
    toForm: (v) => toValues(v as KeyContact),
    send: (values, version) =>
      gqlRequest(CONTACT_DOCS.saveKeyContact, {
        input: {
          propertyId: property.id,
          contactType: type,
          version,
          name: values.name,
          position: values.position || null,
          email: values.email,
          phone: values.phone,
          ...(type === 'RESERVATION'
            ? { confirmationEmails: values.confirmationEmails, vccInEmail: values.vccInEmail }
            : {}),
        },
      }),
    onSaved: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: ['gql', 'contacts', property.id] }),
        client.invalidateQueries({ queryKey: ['gql', 'property', property.id] }),
      ]),
  });
  const { setVersion } = save;

  useEffect(() => {
    if (!data) return;
    form.setFieldsValue(toValues(contact));
    setVersion(contact?.version ?? null);
  }, [data, contact, form, setVersion]);

  if (isLoading) return <Spin />;
  const fields = (Object.keys(LABELS) as (keyof Values)[])
    .filter((k) => type === 'RESERVATION' || (k !== 'confirmationEmails' && k !== 'vccInEmail'))
    .map((k) => ({ name: k, label: LABELS[k] }));

  return (
    <>
      <BackLink {...backToProperty(property.id)} />
      <ContactSwitcher propertyId={property.id} current={type} />
      <Typography.Title level={1} style={{ fontSize: 24 }}>
        {CONTACT_TITLES[type]}
      </Typography.Title>
      <Card>
        {!canEdit && (
          <Alert
            role="status"
            type="info"
            showIcon
            style={{ marginBottom: 16 }}
            message="You can view this contact but not change it."
          />
        )}
        <ConflictNotice
          conflict={save.conflict}
          form={form}
          fields={fields}
          toForm={save.toForm as never}
          onUseTheirs={save.takeTheirs}
          onKeepMine={save.keepMine}
        />
        <FormErrors errors={save.errors} />
        <Form
          form={form}
          name={`contact-${type.toLowerCase()}`}
          layout="vertical"
          disabled={!canEdit || save.saving}
          onFinish={save.submit}
          {...save.formProps}
          style={{ maxWidth: 560 }}
        >
          <Form.Item label="Name" name="name" rules={[zodRule(contactFields.shape.name)]}>
            <Input autoComplete="name" />
          </Form.Item>
          <Form.Item label="Position (optional)" name="position">
            <Input autoComplete="organization-title" />
          </Form.Item>
          <Form.Item label="Email" name="email" rules={[zodRule(contactFields.shape.email)]}>
            <Input type="email" autoComplete="email" />
          </Form.Item>
          <Form.Item label="Phone" name="phone" rules={[zodRule(contactFields.shape.phone)]}>
            <Input inputMode="tel" addonBefore="+61" autoComplete="tel-national" />
          </Form.Item>
          {type === 'RESERVATION' && (
            <>
              <Form.Item
                name="confirmationEmails"
                valuePropName="checked"
                extra="We email this contact a booking notification for every new booking."
              >
                <Checkbox>Send booking notification emails</Checkbox>
              </Form.Item>
              <Form.Item
                name="vccInEmail"
                valuePropName="checked"
                extra="The notification includes the virtual credit card (VCC) details used to pay for the stay."
              >
                <Checkbox>Include VCC information in the booking notification</Checkbox>
              </Form.Item>
            </>
          )}
          {canEdit && (
            <Button type="primary" htmlType="submit" loading={save.saving}>
              {save.saving ? FORM_MESSAGES.saving : 'Save changes'}
            </Button>
          )}
        </Form>
      </Card>
    </>
  );
}
