import { AppError } from '@ballmatch/platform';

/**
 * The call's answer, or null when the service found none: for the routes where "none" is an
 * ordinary answer (204), not an error.
 */
export async function orNone<T>(call: Promise<T>): Promise<T | null> {
  try {
    return await call;
  } catch (error) {
    if (error instanceof AppError && error.code === 'NOT_FOUND') return null;
    throw error;
  }
}
