import { factsFromProperty } from '../../../resources/domain';
import { Card, Descriptions, Form, Spin, Typography } from 'antd';
import { useOutletContext } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { propertyKey, type PropertyOutletContext } from '../../layouts/property-outlet';
import { refreshGql, useGqlSend, useGql } from '../../portal/use-gql';
import {
  DETAILS_DOCS,
  DETAILS_SECTIONS,
  sectionValues,
  type SectionKey,
} from '../../../resources/properties/details.resource';
import { on } from '../../../abilities/define-ability';
import { useAbility } from '../../access/ability';
import { useVersionedForm } from '../../forms/use-versioned-form';
import { useStoredValues } from '../../forms/use-stored-values';
import { RecordForm } from '../../resources/record-form';
import { DetailsTabs } from './details-tabs';
import { RatePlanCancellations } from './rate-plan-cancellations';
import { BackLink, backToProperty } from '../../layouts/back-link';
import { NameChangePanel } from '../../properties/name-change-panel';

type Loaded = {
  viewer: { property: { details: { sections: Record<string, Record<string, unknown>>; version: number } } };
};

/** One details section (spec §2 details/*): its definition's fields in the one record form, saved through the API. */
export function DetailsSectionPage({ section }: { section: SectionKey }) {
  const send = useGqlSend();
  const def = DETAILS_SECTIONS[section];
  const { property } = useOutletContext<PropertyOutletContext>();
  const ability = useAbility();
  const canEdit = ability.can('update', on('Property', factsFromProperty(property)));
  const { data, isLoading } = useGql<Loaded>(['details', property.id], DETAILS_DOCS.propertyDetails, {
    id: property.id,
  });
  const [form] = Form.useForm();
  const client = useQueryClient();
  const save = useVersionedForm({
    form,
    name: `details-${section}`,
    send: (values, version) =>
      send(DETAILS_DOCS.savePropertyDetails, { input: { propertyId: property.id, section, version, values } }),
    onSaved: () => {
      stored.ownSave();
      return refreshGql(client, ['details', property.id], propertyKey(property.id));
    },
  });
  const stored = useStoredValues(form, {
    loaded: Boolean(data),
    record: section,
    version: data?.viewer.property.details.version ?? null,
    values: () => sectionValues(section, data!.viewer.property.details.sections),
    setVersion: save.setVersion,
  });

  if (isLoading) return <Spin />;

  return (
    <>
      <BackLink {...backToProperty(property.id)} />
      <Typography.Title level={1} style={{ fontSize: 24 }}>
        {def.title}
      </Typography.Title>
      <DetailsTabs propertyId={property.id} />
      <Card>
        {section === 'overview' && <NameChangePanel property={property} />}
        <RecordForm
          name={`details-${section}`}
          fields={def.fields}
          schema={def.schema}
          propertyId={property.id}
          form={form}
          save={save}
          readOnly={canEdit ? null : 'You can view these details but not change them.'}
        >
          {section === 'commercial-terms' && (
            <Descriptions column={1} size="small" style={{ marginBottom: 16 }}>
              <Descriptions.Item label="Currency">{property.currencyCode}</Descriptions.Item>
              {property.fx && (
                <Descriptions.Item label="Exchange rate">
                  1 AUD = {property.fx.exchangeRate} {property.fx.currencyCode} (updated{' '}
                  {new Date(property.fx.updatedAt).toLocaleDateString('en-AU')})
                </Descriptions.Item>
              )}
            </Descriptions>
          )}
        </RecordForm>
      </Card>
      {section === 'policies' && <RatePlanCancellations propertyId={property.id} form={form} />}
    </>
  );
}
