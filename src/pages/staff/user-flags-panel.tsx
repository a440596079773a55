import { useState } from 'react';
import { App, Select, Typography } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { Panel } from '../../layouts/panel';
import { refreshGql, useGqlSend } from '../../portal/use-gql';
import { GqlError } from '../../../providers/graphql-errors';
import { GENERIC_MESSAGES } from '../../../resources/messages';
import { FLAG_TEXTS } from '../../../resources/feature-flags';
import { SUPPORT_DOCS } from '../../../resources/users/support.documents';
import type { SupportUserQuery } from '../../generated/graphql-types';
import { ReasonModal } from '../../forms/reason-modal';

type User = SupportUserQuery['supportUser'];
type Choice = 'follow' | 'on' | 'off';
const choiceOf = (override: boolean | null | undefined): Choice =>
  override == null ? 'follow' : override ? 'on' : 'off';
const overrideOf = (c: Choice) => (c === 'follow' ? null : c === 'on');

/** Issue 30: one user's own setting of each flag, changed from the portal with a reason (the override the CLI set before). */
export function UserFlagsPanel({ user }: { user: User }) {
  const send = useGqlSend();
  const client = useQueryClient();
  const { message } = App.useApp();
  const [asking, setAsking] = useState<{ key: string; description: string; choice: Choice } | null>(null);
  const [pending, setPending] = useState(false);

  async function save(reason: string) {
    if (!asking) return;
    setPending(true);
    try {
      const done = await send<{ setUserFeatureFlag: { message: string } }>(SUPPORT_DOCS.setFlag, {
        userId: user.id,
        key: asking.key,
        enabled: overrideOf(asking.choice),
        reason,
      });
      message.success(done.setUserFeatureFlag.message);
      setAsking(null);
      await refreshGql(client, ['support-user', user.id], ['flags']);
    } catch (e) {
      message.error(e instanceof GqlError ? e.message : GENERIC_MESSAGES.somethingWentWrong);
    } finally {
      setPending(false);
    }
  }

  return (
    <Panel title="Feature flags">
      <ul className="plain-list" aria-label="Feature flags of this user">
        {user.flags.map((f) => (
          <li key={f.key} className="user-support__flag">
            <div>
              <strong>{f.key}</strong> · {f.enabled ? 'On' : 'Off'}
              <div className="plain-list__description">{f.description}</div>
            </div>
            <Select
              aria-label={`${f.key} for this user`}
              value={choiceOf(f.override)}
              style={{ minWidth: 180 }}
              options={(['follow', 'on', 'off'] as const).map((c) => ({ value: c, label: FLAG_TEXTS.userOverride[c] }))}
              onChange={(choice: Choice) => setAsking({ key: f.key, description: f.description, choice })}
            />
          </li>
        ))}
      </ul>
      {asking && (
        <ReasonModal
          title={`${asking.key} for ${user.email}: ${FLAG_TEXTS.userOverride[asking.choice].toLowerCase()}?`}
          okText="Save"
          pending={pending}
          onOk={save}
          onCancel={() => setAsking(null)}
        >
          <Typography.Paragraph>{asking.description}</Typography.Paragraph>
        </ReasonModal>
      )}
    </Panel>
  );
}
