import type { Budget } from './request-budget';
import type { Config } from './config';
import type { Membership } from '../abilities/define-ability';
import type { Db } from './db/client';
import type { Logger } from './logger';
import type { PubSub } from './pubsub';
import type { AuthKeys } from './auth/secrets';
import type { RequestCookies } from './auth/cookies';
import type { Mailer } from './mail/mailer';
import type { Notifier } from './reservations/booking-notifications';

/** Who is calling; filled from the session, null when signed out. */
export type Viewer = {
  id: number;
  uuid: string;
  email: string;
  isStaff: boolean;
  firstName: string;
  lastName: string;
  emailVerified: boolean;
  flags: string[];
  passwordResetAt: Date | null;
  sessionId: string;
  /** Read with the viewer (one round trip); absent when a viewer is built another way. */
  memberships?: Membership[];
  flagRows?: { key: string; enabled: boolean }[];
  /** Staff viewing the portal as this user (issue 30): read-only until `until`; null in one's own session. */
  viewAs?: { staffUserId: number; staffEmail: string; until: string; fromSession: string | null } | null;
};

export type AppServices = {
  config: Config;
  db: Db;
  log: Logger;
  pubsub: PubSub;
  authKeys: AuthKeys;
  mailer: Mailer;
  /** Booking emails: queued with the booking, sent after it commits, retried until delivered. */
  notifier: Notifier;
};

/** What the server reads of an HTTP request: a Fetch Request, or the direct lane's view of a Node one. */
export type RequestInfo = {
  readonly method: string;
  readonly url: string;
  readonly headers: { get(name: string): string | null };
};

export type AppContext = AppServices & {
  correlationId: string;
  viewer: Viewer | null;
  cookies: RequestCookies;
  request: RequestInfo;
  /** The client's address (server/http/client-address.ts): sign-in failures are counted per account and address. */
  address: string;
  /** What is left of the request's budget for large reads and plans (server/request-budget.ts). */
  budget?: Budget;
  /** Set while Trails' Revert runs a record's own save: the history record being reverted. */
  reverting?: number;
};
