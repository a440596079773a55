import { useQueryClient } from '@tanstack/react-query';
import { Panel } from '../../layouts/panel';
import { refreshGql, useGqlSend } from '../../portal/use-gql';
import { FLAG_TEXTS } from '../../../resources/feature-flags';
import { SUPPORT_DOCS } from '../../../resources/users/support.documents';
import type { SupportUserQuery } from '../../generated/graphql-types';
import { FlagOverridesList } from './flag-overrides-list';

type User = SupportUserQuery['supportUser'];

/** Issue 30: one user's own setting of each flag, changed from the portal with a reason (the override the CLI set before). */
export function UserFlagsPanel({ user }: { user: User }) {
  const send = useGqlSend();
  const client = useQueryClient();
  return (
    <Panel title="Feature flags">
      <FlagOverridesList
        flags={user.flags}
        scope={`for ${user.email}`}
        labels={FLAG_TEXTS.userOverride}
        save={async (key, enabled, reason) => {
          const done = await send<{ setUserFeatureFlag: { message: string } }>(SUPPORT_DOCS.setFlag, {
            userId: user.id,
            key,
            enabled,
            reason,
          });
          await refreshGql(client, ['support-user', user.id], ['flags']);
          return done.setUserFeatureFlag.message;
        }}
      />
    </Panel>
  );
}
