import { Router } from 'express';
import { checkGrpcHealth } from '@ballmatch/platform';
import type { GatewayDeps } from '../context';

/** /healthz: the process answers. /readyz: its dependencies answer too (else 503). */
export function healthRoutes({ redis, config }: GatewayDeps, isDraining: () => boolean): Router {
  const router = Router();
  router.get('/healthz', (_req, res) => {
    res.json({ status: 'ok' });
  });
  router.get('/readyz', async (_req, res) => {
    const [redisStatus, authStatus] = await Promise.all([
      redis.ping().then(
        () => 'ok',
        () => 'unreachable',
      ),
      checkGrpcHealth(config.AUTH_ADDR, 'auth.v1.AuthService'),
    ]);
    const ready = !isDraining() && redisStatus === 'ok' && authStatus === 'SERVING';
    res.status(ready ? 200 : 503).json({
      status: ready ? 'ready' : isDraining() ? 'draining' : 'not ready',
      checks: { redis: redisStatus, auth: authStatus },
    });
  });
  return router;
}
