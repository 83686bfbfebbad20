import type { AsyncClient, CallOpts } from '@ballmatch/platform';
import type { WithClientAddress } from '@ballmatch/platform/testing';
import type { sessionsV1 } from '@ballmatch/proto';

/** The service as the gateway calls it (its identity; `clientAddress` the browser's). */
export type SessionClient = WithClientAddress<AsyncClient<sessionsV1.SessionServiceClient>>;

/**
 * The player's side of the sessions service, as a browser tab is: it keeps the credential each
 * created session answers and sends it with every later call about that session (calls that
 * pass their own `sessionCredential` keep theirs). `credentialOf(id)` reads it. The scoring
 * read goes through `scoring`, as the scores service makes it (its identity).
 */
export function createOwnerClient(client: SessionClient, scoring: SessionClient) {
  const credentials = new Map<string, string>();
  const withCredential =
    <Req extends { id: string }, Res>(call: (req: Req, opts?: CallOpts) => Promise<Res>) =>
    (req: Req, opts: CallOpts = {}) =>
      call(req, { sessionCredential: credentials.get(req.id), ...opts });
  const owner: SessionClient & { credentialOf(id: string): string } = {
    ...client,
    async createSession(req, opts) {
      const created = await client.createSession(req, opts);
      credentials.set(created.id, created.credential);
      return created;
    },
    updateSession: withCredential(client.updateSession),
    endSession: withCredential(client.endSession),
    playAction: withCredential(client.playAction),
    getGame: withCredential(client.getGame),
    getSessionForScoring: withCredential(scoring.getSessionForScoring),
    credentialOf: (id) => credentials.get(id) ?? '',
  };
  return owner;
}
