import { contentV1 } from '@ballmatch/proto';
import { perFile } from '@ballmatch/platform/testing';
import { failure, startContent } from './harness';

const h = perFile(startContent);

/** A request every method can encode (int32 fields need a number). */
const ANY_REQUEST = { page: 1, limit: 1 };

const adminServices: [string, string[], (authorization?: string) => unknown][] = [
  [
    'UpdatesAdminService',
    Object.keys(contentV1.UpdatesAdminServiceService),
    (a) => h.updatesAdminAs(a),
  ],
  [
    'FeedbackAdminService',
    Object.keys(contentV1.FeedbackAdminServiceService),
    (a) => h.feedbackAdminAs(a),
  ],
];
const cases = adminServices.flatMap(([service, methods, client]) =>
  methods.map((method) => [`${service}.${method}`, method, client] as const),
);

describe('the admin services answer admins only', () => {
  it.each(cases)(
    '%s: PERMISSION_DENIED for a player, UNAUTHENTICATED for a guest',
    async (_name, method, client) => {
      const player = await h.credentials.issue('user');
      const call = (authorization?: string) =>
        (client(authorization) as Record<string, (req: object) => Promise<unknown>>)[method]!(
          ANY_REQUEST,
        );
      expect(await failure(call(player.authorization))).toMatchObject({
        code: 'PERMISSION_DENIED',
        message: 'Admin access required',
      });
      expect(await failure(call())).toMatchObject({
        code: 'UNAUTHENTICATED',
        message: 'Not authenticated',
      });
      // An expired token is refused, never taken for a guest.
      const expired = await h.credentials.issue('admin', { ttlSeconds: -10 });
      expect(await failure(call(expired.authorization))).toMatchObject({
        code: 'UNAUTHENTICATED',
      });
    },
  );
});

it('reading updates and sending feedback need no one', async () => {
  expect((await h.updates.listPublishedUpdates({ page: 0, limit: 0 })).data).toEqual([]);
  await h.feedback.submitFeedback({
    name: 'Guest',
    email: 'guest@example.com',
    message: 'Hello',
    clientAddress: '192.0.2.1',
  });
});
