import type { Config } from './config';
import type { Db } from './db/client';
import type { Logger } from './logger';
import type { PubSub } from './pubsub';

/** Who is calling; filled by the session layer, null when signed out. */
export type Viewer = {
  id: number;
  uuid: string;
  email: string;
  isStaff: boolean;
};

export type AppServices = {
  config: Config;
  db: Db;
  log: Logger;
  pubsub: PubSub;
};

export type AppContext = AppServices & {
  correlationId: string;
  log: Logger;
  viewer: Viewer | null;
  request?: Request;
};
