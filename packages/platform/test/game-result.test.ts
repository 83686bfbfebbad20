import { generateKeyPairSync } from 'node:crypto';
import { SignJWT } from 'jose';
import { signGameResult, verifyGameResult, type GameResult } from '../src';

// A finished game's result, signed by sessions when the game ends and checked by scores with
// sessions' public keys alone (issue 21): altered, forged, expired or someone else's tokens
// are refused with a 4xx's code, never taken.

const sessions = generateKeyPairSync('ed25519');
const other = generateKeyPairSync('ed25519');
const finishedAt = new Date('2026-03-02T10:00:00.000Z');
const result: GameResult = {
  sessionId: '0b7d4c2e-1b7a-4c1e-9f3a-2d5e6f708192',
  userId: null,
  score: 1234,
  level: 3,
  moves: 41,
  largestRun: 5,
  startedAt: new Date('2026-03-02T09:55:00.000Z'),
  finishedAt,
  suspicious: false,
};
const later = (ms: number) => new Date(finishedAt.getTime() + ms);
const code = (promise: Promise<unknown>) =>
  promise.then(
    () => 'taken',
    (error: { code?: string; details?: { field?: string } }) =>
      `${error.code} ${error.details?.field ?? ''}`.trim(),
  );

describe('game results: signed by sessions, verified by scores without a call', () => {
  it('verifies what was signed, for a guest and for an account', async () => {
    const token = await signGameResult(sessions.privateKey, result);
    await expect(verifyGameResult(token, [sessions.publicKey], later(1000))).resolves.toEqual(
      result,
    );
    const owned = { ...result, userId: '5f0c7a7e-3d0e-4d5b-9b83-6c1f3f5f7a10', suspicious: true };
    const signed = await signGameResult(sessions.privateKey, owned);
    await expect(verifyGameResult(signed, [sessions.publicKey], later(1000))).resolves.toEqual(
      owned,
    );
  });

  it('takes either key of a rotation', async () => {
    const token = await signGameResult(sessions.privateKey, result);
    const keys = [other.publicKey, sessions.publicKey];
    await expect(verifyGameResult(token, keys, later(1000))).resolves.toEqual(result);
  });

  it('refuses a token another key signed, an altered one, junk and a far too long one', async () => {
    const forged = await signGameResult(other.privateKey, result);
    expect(await code(verifyGameResult(forged, [sessions.publicKey], later(1)))).toBe(
      'INVALID_ARGUMENT result',
    );
    const token = await signGameResult(sessions.privateKey, result);
    const [header, payload, signature] = token.split('.');
    const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString());
    const altered = Buffer.from(JSON.stringify({ ...claims, score: 99_999 })).toString('base64url');
    expect(
      await code(
        verifyGameResult(`${header}.${altered}.${signature}`, [sessions.publicKey], later(1)),
      ),
    ).toBe('INVALID_ARGUMENT result');
    expect(await code(verifyGameResult('not.a.token', [sessions.publicKey], later(1)))).toBe(
      'INVALID_ARGUMENT result',
    );
    expect(await code(verifyGameResult('x'.repeat(5000), [sessions.publicKey], later(1)))).toBe(
      'INVALID_ARGUMENT result',
    );
  });

  it('refuses a token of the right key that is not a game result (another audience or type)', async () => {
    const serviceCall = await new SignJWT({})
      .setProtectedHeader({ alg: 'EdDSA', typ: 'service+jwt' })
      .setIssuer('ballmatch-service')
      .setSubject('sessions')
      .setAudience('scores')
      .setExpirationTime('2 minutes')
      .sign(sessions.privateKey);
    expect(await code(verifyGameResult(serviceCall, [sessions.publicKey], new Date()))).toBe(
      'INVALID_ARGUMENT result',
    );
    const noFigures = await new SignJWT({ typ: 'game-result' })
      .setProtectedHeader({ alg: 'EdDSA', typ: 'game-result+jwt' })
      .setIssuer('sessions')
      .setSubject(result.sessionId)
      .setAudience('scores')
      .setExpirationTime('2 minutes')
      .sign(sessions.privateKey);
    expect(await code(verifyGameResult(noFigures, [sessions.publicKey], new Date()))).toBe(
      'INVALID_ARGUMENT result',
    );
  });

  it('expires 7 days after the game ended, by the clock it is given', async () => {
    const token = await signGameResult(sessions.privateKey, result);
    const week = 7 * 86_400_000;
    await expect(
      verifyGameResult(token, [sessions.publicKey], later(week - 1000)),
    ).resolves.toEqual(result);
    expect(await code(verifyGameResult(token, [sessions.publicKey], later(week + 1000)))).toBe(
      'FAILED_PRECONDITION result',
    );
  });
});
