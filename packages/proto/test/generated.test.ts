import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { authV1 } from '../src';

const root = path.resolve(__dirname, '../../..');

describe('generated gRPC code', () => {
  it('matches proto/ (run `npm run proto:gen` after editing a .proto)', () => {
    // Throws with the script's message when the committed code is stale.
    execFileSync(process.execPath, [path.join(root, 'scripts/proto-gen.mjs'), '--check'], {
      cwd: root,
      stdio: 'pipe',
    });
  }, 60_000);

  it('passes buf lint and has no breaking change since proto/released.json', () => {
    // A wire change is deliberate: `npm run proto:release` accepts it (see the script).
    execFileSync(process.execPath, [path.join(root, 'scripts/proto-contract.mjs')], {
      cwd: root,
      stdio: 'pipe',
    });
  }, 60_000);

  it('round-trips a message through the wire format', () => {
    const user = authV1.User.fromPartial({
      id: 'u1',
      username: 'ann',
      type: authV1.UserType.USER_TYPE_ADMIN,
    });
    const decoded = authV1.User.decode(authV1.User.encode(user).finish());
    expect(decoded).toEqual(user);
  });
});
