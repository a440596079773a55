import { useEffect, useState } from 'react';
import { useWarnAboutChange } from '@refinedev/core';
import { Alert, App, Button, Card, Checkbox, Form, Input, Result, Space, Spin, Table, Typography } from 'antd';
import { Link, useOutletContext, useParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import type { PropertyOutletContext } from '../../layouts/property-layout';
import { GqlError, gqlRequest } from '../../../providers/graphql-request';
import { CONTACT_DOCS, CONTACT_MESSAGES, CONTACT_TITLES, contactFields, contactTypeOf, type ContactType, type KeyContact } from '../../../resources/contacts/contact.resource';
import { phoneForDisplay } from '../../../resources/auth/phone';
import { FORM_MESSAGES } from '../../../resources/messages';
import { on } from '../../../abilities/define-ability';
import { useAbility } from '../../access/ability';
import { useGql } from '../../portal/use-gql';
import { FormErrors } from '../../forms/form-errors';
import { useSavingNotice } from '../../forms/use-saving-notice';
import { zodRule } from '../../forms/zod-rule';
import { trackForm } from '../../lib/tracking';

const FIELD: Record<ContactType, 'billingContact' | 'primaryContact' | 'reservationsContact'> = {
  BILLING: 'billingContact', PRIMARY: 'primaryContact', RESERVATION: 'reservationsContact',
};
type Values = { name: string; position: string; email: string; phone: string; confirmationEmails: boolean; vccInEmail: boolean };
type Loaded = { viewer: { property: Record<string, KeyContact | null> } };
const LABELS: Record<keyof Values, string> = { name: 'Name', position: 'Position', email: 'Email', phone: 'Phone', confirmationEmails: 'Booking notification emails', vccInEmail: 'VCC details in the notification' };

const toValues = (c: KeyContact | null): Values => ({
  name: c?.name ?? '', position: c?.position ?? '', email: c?.email ?? '', phone: phoneForDisplay(c?.phone),
  confirmationEmails: Boolean(c?.confirmationEmails), vccInEmail: Boolean(c?.vccInEmail),
});

/** Spec §2 contacts/{contactType}: one key contact's form (billing, primary or reservations). */
export function ContactPage() {
  const { property } = useOutletContext<PropertyOutletContext>();
  const type = contactTypeOf(useParams().contactType);
  if (!type) return <Result status="error" title={CONTACT_MESSAGES.unknownType} extra={<Link to={`/properties/${property.id}/contacts/primary`}>Go to the primary contact</Link>} />;
  return <ContactForm key={type} type={type} />;
}

function ContactForm({ type }: { type: ContactType }) {
  const { property } = useOutletContext<PropertyOutletContext>();
  const ability = useAbility();
  const canEdit = ability.can('update', on('Contact', { propertyId: property.id, propertyGroupId: property.propertyGroupId }));
  const { data, isLoading } = useGql<Loaded>(['contacts', property.id], CONTACT_DOCS.manageContacts, { propertyId: property.id });
  const contact = data?.viewer.property[FIELD[type]] ?? null;
  const [form] = Form.useForm<Values>();
  const { setWarnWhen } = useWarnAboutChange();
  const { message } = App.useApp();
  const client = useQueryClient();
  const [saving, setSaving] = useState(false);
  const [errors, setErrors] = useState<string[]>([]);
  const [conflict, setConflict] = useState<(KeyContact & { version: number }) | null>(null);
  const [version, setVersion] = useState<number | null>(null);
  const mine = Form.useWatch([], form) as Values | undefined;
  useSavingNotice(saving);

  useEffect(() => {
    if (!data) return;
    form.setFieldsValue(toValues(contact));
    setVersion(contact?.version ?? null);
  }, [data, contact, form]);

  if (isLoading) return <Spin />;

  async function save(values: Values) {
    setSaving(true);
    setErrors([]);
    try {
      await gqlRequest(CONTACT_DOCS.saveKeyContact, { input: {
        propertyId: property.id, contactType: type, version,
        name: values.name, position: values.position || null, email: values.email, phone: values.phone,
        ...(type === 'RESERVATION' ? { confirmationEmails: values.confirmationEmails, vccInEmail: values.vccInEmail } : {}),
      } });
      setWarnWhen(false);
      setConflict(null);
      trackForm('form_success', `contact-${type.toLowerCase()}`);
      message.success(FORM_MESSAGES.saved);
      await Promise.all([client.invalidateQueries({ queryKey: ['gql', 'contacts', property.id] }), client.invalidateQueries({ queryKey: ['gql', 'property', property.id] })]);
    } catch (e) {
      trackForm('form_error', `contact-${type.toLowerCase()}`);
      if (e instanceof GqlError && e.code === 'CONFLICT') {
        setConflict((e.extensions.current as KeyContact & { version: number }) ?? null);
      } else if (e instanceof GqlError && Object.keys(e.fields).length) {
        form.setFields(Object.entries(e.fields).filter(([k]) => k in LABELS).map(([name, list]) => ({ name: name as keyof Values, errors: list })));
        setErrors(Object.values(e.fields).flat());
      } else {
        setErrors([e instanceof GqlError ? (e.code === 'NETWORK' ? FORM_MESSAGES.network : e.message) : FORM_MESSAGES.unknown]);
      }
    } finally {
      setSaving(false);
    }
  }

  const theirs = conflict ? toValues(conflict) : null;
  const changed = theirs && mine ? (Object.keys(LABELS) as (keyof Values)[]).filter((k) => String(theirs[k]) !== String(mine[k] ?? '')) : [];

  return (
    <>
      <Typography.Title level={1} style={{ fontSize: 24 }}>{CONTACT_TITLES[type]}</Typography.Title>
      <Card>
        {!canEdit && <Alert role="status" type="info" showIcon style={{ marginBottom: 16 }} message="You can view this contact but not change it." />}
        {conflict && theirs && (
          <Alert role="alert" type="warning" showIcon style={{ marginBottom: 16 }} message={CONTACT_MESSAGES.conflict}
            description={
              <>
                <Table size="small" pagination={false} rowKey="field" style={{ margin: '8px 0' }}
                  dataSource={changed.map((k) => ({ field: LABELS[k], theirs: String(theirs[k]), yours: String(mine?.[k] ?? '') }))}
                  columns={[{ title: 'Field', dataIndex: 'field' }, { title: 'Saved by them', dataIndex: 'theirs' }, { title: 'Yours', dataIndex: 'yours' }]} />
                <Space wrap>
                  <Button onClick={() => { form.setFieldsValue(theirs); setVersion(conflict.version); setConflict(null); setWarnWhen(false); }}>Use their version</Button>
                  <Button onClick={() => { setVersion(conflict.version); setConflict(null); }}>Keep mine and save again</Button>
                </Space>
              </>
            } />
        )}
        <FormErrors errors={errors} />
        <Form form={form} name={`contact-${type.toLowerCase()}`} layout="vertical" disabled={!canEdit || saving} onFinish={save}
          onValuesChange={() => setWarnWhen(true)} style={{ maxWidth: 560 }}>
          <Form.Item label="Name" name="name" rules={[zodRule(contactFields.shape.name)]}><Input autoComplete="name" /></Form.Item>
          <Form.Item label="Position (optional)" name="position"><Input autoComplete="organization-title" /></Form.Item>
          <Form.Item label="Email" name="email" rules={[zodRule(contactFields.shape.email)]}><Input type="email" autoComplete="email" /></Form.Item>
          <Form.Item label="Phone" name="phone" rules={[zodRule(contactFields.shape.phone)]}><Input inputMode="tel" addonBefore="+61" autoComplete="tel-national" /></Form.Item>
          {type === 'RESERVATION' && (
            <>
              <Form.Item name="confirmationEmails" valuePropName="checked" extra="We email this contact a booking notification for every new booking.">
                <Checkbox>Send booking notification emails</Checkbox>
              </Form.Item>
              <Form.Item name="vccInEmail" valuePropName="checked" extra="The notification includes the virtual credit card (VCC) details used to pay for the stay.">
                <Checkbox>Include VCC information in the booking notification</Checkbox>
              </Form.Item>
            </>
          )}
          {canEdit && <Button type="primary" htmlType="submit" loading={saving}>{saving ? FORM_MESSAGES.saving : 'Save changes'}</Button>}
        </Form>
      </Card>
    </>
  );
}
