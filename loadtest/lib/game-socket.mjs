// A player's game socket (docs/api.md 'Ranked games over the game socket'): one WebSocket to
// `url` (the gateway's /ws/game, or the sessions service's own port: the load stack's
// `gameSockets`), opened when first needed and reopened after a drop. Each action is
// a frame; its answer is matched by (session, seq). An error frame throws with its HTTP-like
// status in the message (`ws action: 422 …`), a drop or a silent socket throws without one,
// so the harness's retry rule (resend what was not answered) is the same as over HTTP.
import WebSocket from 'ws';

export function createGameSocket(url, { answerTimeoutMs = 30_000 } = {}) {
  /** `${session}/${seq}` → {resolve, reject, timer} */
  const waiting = new Map();
  let socket = null;
  let opening = null;

  const failAll = (error) => {
    for (const { reject, timer } of waiting.values()) {
      clearTimeout(timer);
      reject(error);
    }
    waiting.clear();
  };

  function open() {
    if (socket?.readyState === WebSocket.OPEN) return Promise.resolve(socket);
    opening ??= new Promise((resolve, reject) => {
      const ws = new WebSocket(url, { perMessageDeflate: false });
      ws.once('open', () => {
        socket = ws;
        opening = null;
        resolve(ws);
      });
      ws.once('error', (error) => {
        opening = null;
        reject(new Error(`ws open: ${error.message}`));
      });
      ws.on('close', () => {
        if (socket === ws) socket = null;
        failAll(new Error('ws closed before the answer'));
      });
      ws.on('message', (data) => {
        const frame = JSON.parse(String(data));
        const key = `${frame.session}/${frame.seq}`;
        const entry = waiting.get(key);
        if (!entry) return;
        waiting.delete(key);
        clearTimeout(entry.timer);
        if (frame.type === 'answer') entry.resolve(frame.answer);
        else entry.reject(new Error(`ws action: ${frame.status} ${frame.message}`));
      });
    });
    return opening;
  }

  return {
    /** The answer to one action: the same JSON the HTTP route answers. */
    async act(session, seq, action, credential) {
      const ws = await open();
      const key = `${session}/${seq}`;
      const answered = new Promise((resolve, reject) => {
        const timer = setTimeout(() => {
          waiting.delete(key);
          reject(new Error('ws answer timed out'));
        }, answerTimeoutMs);
        waiting.set(key, { resolve, reject, timer });
      });
      ws.send(JSON.stringify({ type: 'action', session, seq, action, credential }));
      return answered;
    },
    close() {
      socket?.close();
    },
  };
}
