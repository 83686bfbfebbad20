import { z } from 'zod';
import { configLoader, dbPoolEnv, serviceEnv, serviceSecrets } from '@ballmatch/platform';

/**
 * The services that call content by their identity (docs/api.md 'Service identity'): the
 * gateway, for the contact form, with the client's address.
 */
export const SERVICE_CALLERS = ['gateway'] as const;

export const envShape = {
  /**
   * Redis holds the contact form's limit per address; admins' session tokens are verified and
   * checked against the logout deny-list.
   */
  ...serviceEnv(50055, SERVICE_CALLERS),
  /** How often each replica looks for scheduled updates whose time has come, to announce them. */
  UPDATES_ANNOUNCE_MS: z.coerce.number().int().min(50).max(600_000).default(5000),
  /** Contact-form messages per client address in an hour. */
  FEEDBACK_PER_HOUR: z.coerce.number().int().min(1).max(10_000).default(5),
  ...dbPoolEnv,
};

export const secretNames = serviceSecrets(SERVICE_CALLERS);

export const loadContentConfig = configLoader(envShape, secretNames);
export type ContentConfig = ReturnType<typeof loadContentConfig>;
