import { useState } from 'react';
import { App, Card, Switch, Table, Tag, Typography } from 'antd';
import { useInvalidateAuthStore } from '@refinedev/core';
import { formatDateTime } from '../../../resources/plural';
import { PROPERTY_DOCS } from '../../../resources/properties/property.documents';
import { FLAG_TEXTS } from '../../../resources/feature-flags';
import { ReasonModal } from '../../forms/reason-modal';
import { GqlError } from '../../../providers/graphql-errors';
import { GENERIC_MESSAGES } from '../../../resources/messages';
import { useGql, useGqlMutation } from '../../portal/use-gql';
import type { FeatureFlagSettingsQuery } from '../../generated/graphql-types';

type Flag = FeatureFlagSettingsQuery['featureFlagSettings'][number];
type Change = Flag['history'][number];

const onOff = (v: boolean | null | undefined) => (v == null ? 'the flag' : v ? 'on' : 'off');

/** One change as staff read it: who, when, what and why. */
function changeText(c: Change) {
  const what = c.forUser
    ? `set it ${c.enabled == null ? 'to follow the flag' : onOff(c.enabled)} for ${c.forUser}`
    : c.forProperty
      ? `set it ${c.enabled == null ? 'to follow each user' : onOff(c.enabled)} at ${c.forProperty}`
      : `turned it ${onOff(c.enabled)}`;
  return `${formatDateTime(c.at)} · ${c.actor ?? 'an operator (command line)'} ${what}${c.reason ? `: “${c.reason}”` : ''}`;
}

/**
 * Issue 30, flags with care: each flag says what it changes and whom it reaches; turning one on or
 * off asks to confirm with that reach and a reason, and its history says who changed it, when and why.
 */
export function FeatureFlagsCard({ enabled }: { enabled: boolean }) {
  const flags = useGql<FeatureFlagSettingsQuery>(['flags'], PROPERTY_DOCS.featureFlagSettings, undefined, enabled);
  const setFlag = useGqlMutation<unknown, { key: string; enabled: boolean; reason: string }>(
    PROPERTY_DOCS.setFeatureFlag,
    [['flags']],
  );
  const invalidateIdentity = useInvalidateAuthStore();
  const { message } = App.useApp();
  const [asking, setAsking] = useState<{ flag: Flag; next: boolean } | null>(null);

  async function confirm(reason: string) {
    if (!asking) return;
    try {
      await setFlag.mutateAsync({ key: asking.flag.key, enabled: asking.next, reason });
      message.success(FLAG_TEXTS.changed(asking.flag.key, asking.next));
      setAsking(null);
      await invalidateIdentity();
    } catch (e) {
      message.error(e instanceof GqlError ? e.message : GENERIC_MESSAGES.somethingWentWrong);
    }
  }

  return (
    <Card title="Feature flags" style={{ marginTop: 16 }} loading={flags.isLoading}>
      <Table
        rowKey="key"
        pagination={false}
        scroll={{ x: true }}
        dataSource={flags.data?.featureFlagSettings ?? []}
        expandable={{
          expandedRowRender: (f) =>
            f.history.length ? (
              <ul className="plain-list" aria-label={`History of ${f.key}`}>
                {f.history.map((c) => (
                  <li key={c.at + (c.forUser ?? '') + (c.forProperty ?? '')}>{changeText(c)}</li>
                ))}
              </ul>
            ) : (
              <Typography.Text type="secondary">{FLAG_TEXTS.noHistory}</Typography.Text>
            ),
        }}
        columns={[
          {
            title: 'Flag',
            dataIndex: 'key',
            render: (key: string, f) => (
              <div>
                <strong>{key}</strong> {f.audience === 'staff' && <Tag>Staff only</Tag>}
                <div>
                  <Typography.Text type="secondary">{f.description}</Typography.Text>
                </div>
              </div>
            ),
          },
          {
            title: 'On',
            dataIndex: 'enabled',
            render: (on: boolean, f) => (
              <Switch checked={on} aria-label={f.key} onChange={(next) => setAsking({ flag: f, next })} />
            ),
          },
          {
            title: 'Reaches',
            key: 'reach',
            responsive: ['md'],
            render: (_: unknown, f) =>
              `${f.reach.users} ${f.audience === 'staff' ? 'staff' : 'users'} · ${f.reach.properties} properties`,
          },
          { title: 'Changed', dataIndex: 'updatedAt', responsive: ['md'], render: (v: string) => formatDateTime(v) },
        ]}
      />
      {asking && (
        <ReasonModal
          title={FLAG_TEXTS.turn(asking.next, asking.flag.key)}
          okText={FLAG_TEXTS.okText(asking.next)}
          pending={setFlag.isPending}
          onOk={confirm}
          onCancel={() => setAsking(null)}
        >
          <Typography.Paragraph>{asking.flag.description}</Typography.Paragraph>
          <Typography.Paragraph strong>
            {FLAG_TEXTS.reach(
              asking.flag.reach.users,
              asking.flag.reach.properties,
              asking.flag.reach.overrides,
              asking.flag.audience as 'staff' | 'everyone',
            )}
            {asking.flag.reach.propertiesOwn > 0 && ` ${FLAG_TEXTS.propertiesOwn(asking.flag.reach.propertiesOwn)}`}
          </Typography.Paragraph>
        </ReasonModal>
      )}
    </Card>
  );
}
