import { useEffect, useState } from 'react';
import { Button } from 'antd';
import { useGetIdentity } from '@refinedev/core';
import { useGql, useGqlSend } from '../portal/use-gql';
import { SUPPORT_DOCS } from '../../resources/users/support.documents';
import { VIEW_AS_TEXTS, supportPath } from '../../resources/users/support';
import type { ViewingAsQuery } from '../generated/graphql-types';
import './view-as-banner.css';

const minutesLeft = (until: string) => Math.max(0, Math.ceil((new Date(until).getTime() - Date.now()) / 60_000));

/**
 * Issue 30: while staff view the portal as someone, a bar across the top of every page says whose
 * portal this is, that nothing can be changed and how long is left, with Stop. The page reloads on
 * Stop, as staff again, on the user's support page.
 */
export function ViewAsBanner() {
  // Only once signed in: a signed-out visit's UNAUTHENTICATED would send Refine's logout to /sign-in
  // and lose the address the visitor was going to.
  const { data: user } = useGetIdentity();
  const { data } = useGql<ViewingAsQuery>(['view-as'], SUPPORT_DOCS.viewAs, undefined, Boolean(user));
  const send = useGqlSend();
  const [stopping, setStopping] = useState(false);
  const view = data?.viewer.viewAs;
  const [, tick] = useState(0);
  useEffect(() => {
    if (!view) return;
    const timer = setInterval(() => tick((n) => n + 1), 30_000);
    return () => clearInterval(timer);
  }, [view]);
  if (!view) return null;
  const stop = async () => {
    setStopping(true);
    try {
      const done = await send<{ stopViewAs: { userId: number } }>(SUPPORT_DOCS.stopViewAs);
      window.location.assign(supportPath(done.stopViewAs.userId));
    } catch {
      window.location.assign('/sign-in');
    }
  };
  return (
    <>
      <div className="view-as-spacer" aria-hidden />
      <div className="view-as-banner" role="status">
        <span>
          {VIEW_AS_TEXTS.banner(view.userEmail)} <strong>{VIEW_AS_TEXTS.left(minutesLeft(view.until))}</strong>
        </span>
        <Button size="small" onClick={stop} loading={stopping}>
          {VIEW_AS_TEXTS.stop}
        </Button>
      </div>
    </>
  );
}
