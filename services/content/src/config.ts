import { z } from 'zod';
import {
  callerKeysEnv,
  callerKeyVariables,
  configLoader,
  dbPoolEnv,
  jwtPublicEnv,
  serviceEnv,
} from '@ballmatch/platform';

/** The services that call content by their identity (docs/api.md 'Service identity'). */
export const SERVICE_CALLERS = ['gateway'] as const;

export const envShape = {
  /** Redis: the contact form's limit per address; callers checked against the logout deny-list. */
  ...serviceEnv(50055),
  /** Verifies the callers' session tokens (admins). */
  ...jwtPublicEnv,
  /** The gateway's: the contact form, with the client's address. */
  ...callerKeysEnv(SERVICE_CALLERS),
  /** How often each replica looks for scheduled updates whose time has come, to announce them. */
  UPDATES_ANNOUNCE_MS: z.coerce.number().int().min(50).max(600_000).default(5000),
  /** Contact-form messages per client address in an hour. */
  FEEDBACK_PER_HOUR: z.coerce.number().int().min(1).max(10_000).default(5),
  ...dbPoolEnv,
};

export const secretNames = ['JWT_PUBLIC_KEY', ...callerKeyVariables(SERVICE_CALLERS)] as const;

export const loadContentConfig = configLoader(envShape, secretNames);
export type ContentConfig = ReturnType<typeof loadContentConfig>;
