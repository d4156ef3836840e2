import type { AppConfig } from '../config.ts';
import type { Db } from '../db/connect.ts';
import type { EventBus } from '../lib/events.ts';
import type { SecretBox } from '../lib/secrets.ts';

/**
 * What every route's handler may use. The core's own parts are here; a feature that brings a
 * service adds it where it defines it (`declare module '../../http/deps.ts' { interface AppDeps
 * { … } }`: the realtime hub and focus, the notice outbox), so the core never imports a feature.
 */
export interface AppDeps {
  db: Db;
  config: AppConfig;
  events: EventBus;
  /** Seals and opens stored credentials (lib/secrets.ts). */
  secrets: SecretBox;
}
