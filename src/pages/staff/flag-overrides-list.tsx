import { useState } from 'react';
import { App, Select, Typography } from 'antd';
import { GqlError } from '../../../providers/graphql-errors';
import { GENERIC_MESSAGES } from '../../../resources/messages';
import { ReasonModal } from '../../forms/reason-modal';

type Choice = 'follow' | 'on' | 'off';
const choiceOf = (override: boolean | null | undefined): Choice =>
  override == null ? 'follow' : override ? 'on' : 'off';
const overrideOf = (c: Choice) => (c === 'follow' ? null : c === 'on');

export type FlagOverride = { key: string; description: string; enabled: boolean; override?: boolean | null };

/**
 * Issue 30: flags set for one user or one property, each a choice between following what holds
 * above it, on and off; a change asks why (kept in the history) before `save` runs it.
 */
export function FlagOverridesList(props: {
  flags: readonly FlagOverride[];
  /** Whose settings: "for this user", "at this property" (the selects' names and the question). */
  scope: string;
  labels: Record<Choice, string>;
  save: (key: string, enabled: boolean | null, reason: string) => Promise<string>;
}) {
  const { message } = App.useApp();
  const [asking, setAsking] = useState<{ key: string; description: string; choice: Choice } | null>(null);
  const [pending, setPending] = useState(false);

  async function save(reason: string) {
    if (!asking) return;
    setPending(true);
    try {
      message.success(await props.save(asking.key, overrideOf(asking.choice), reason));
      setAsking(null);
    } catch (e) {
      message.error(e instanceof GqlError ? e.message : GENERIC_MESSAGES.somethingWentWrong);
    } finally {
      setPending(false);
    }
  }

  return (
    <>
      <ul className="plain-list" aria-label={`Feature flags ${props.scope}`}>
        {props.flags.map((f) => (
          <li key={f.key} className="user-support__flag">
            <div>
              <strong>{f.key}</strong> · {f.enabled ? 'On' : 'Off'}
              <div className="plain-list__description">{f.description}</div>
            </div>
            <Select
              aria-label={`${f.key} ${props.scope}`}
              value={choiceOf(f.override)}
              style={{ minWidth: 180 }}
              options={(['follow', 'on', 'off'] as const).map((c) => ({ value: c, label: props.labels[c] }))}
              onChange={(choice: Choice) => setAsking({ key: f.key, description: f.description, choice })}
            />
          </li>
        ))}
      </ul>
      {asking && (
        <ReasonModal
          title={`${asking.key} ${props.scope}: ${props.labels[asking.choice].toLowerCase()}?`}
          okText="Save"
          pending={pending}
          onOk={save}
          onCancel={() => setAsking(null)}
        >
          <Typography.Paragraph>{asking.description}</Typography.Paragraph>
        </ReasonModal>
      )}
    </>
  );
}
