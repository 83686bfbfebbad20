import type { AsyncClient, CallOpts } from '@ballmatch/platform';
import type { sessionsV1 } from '@ballmatch/proto';

type SessionClient = AsyncClient<sessionsV1.SessionServiceClient>;

/**
 * The player's side of the sessions service, as a browser tab is: it keeps the credential each
 * created session answers and sends it with every later call about that session (calls that
 * pass their own `sessionCredential` keep theirs). `credentialOf(id)` reads it.
 */
export function createOwnerClient(client: SessionClient) {
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
    getSessionForScoring: withCredential(client.getSessionForScoring),
    credentialOf: (id) => credentials.get(id) ?? '',
  };
  return owner;
}
