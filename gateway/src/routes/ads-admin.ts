import { Router, type Request } from 'express';
import { z } from 'zod';
import { parseBody } from '@ballmatch/platform';
import type { GatewayDeps } from '../context';
import { readCache } from '../read-cache';
import { dateRange, optionalText, queryText, requiredText, uuidParam } from '../validation';
import { STRIPE_CALL } from './ads';
import { iconList } from './ad-serving';

/**
 * Review and management of ads, and the ball icons (docs/api.md 'Review and management'):
 * under /api/admin, so the gateway's admin guard checks the caller first, and the ads service
 * checks again. Shapes only here; the states, dates and SVG rules are the service's.
 */

const approveBody = z.object({ startsAt: optionalText('startsAt', 100) });
const rejectBody = z.object({ reason: requiredText('reason') });
const endBody = z.object({ refund: requiredText('refund', 20) });
const scheduleBody = z.object({ startsAt: requiredText('startsAt', 100) });
const colorBody = z.object({ color_code: requiredText('color_code', 20) });
// Longer than the service's 100 KB rule, so its message is the one shown.
const iconBody = colorBody.extend({ svg_content: requiredText('svg_content', 1_000_000) });

/** The largest JSON body of an icon upload (its own parser, in media.ts). */
export const ICON_BODY_LIMIT = '512kb';

const adId = (req: Request) => uuidParam(req.params.id, 'id', 'an ad id');

export function adsAdminRoutes(deps: GatewayDeps): Router {
  const { adsAdmin } = deps;
  const router = Router();
  const cache = readCache(deps);

  router.get('/admin/ads', async (req, res) => {
    const { ads } = await adsAdmin.listAds({
      kind: queryText(req.query.kind),
      state: queryText(req.query.state),
    });
    res.json(ads);
  });

  router.get('/admin/ads/stats', async (req, res) => {
    res.json(await adsAdmin.getAdStats(dateRange(req.query)));
  });

  /** A change of an ad's state, answered with the ad (the id is checked before the body). */
  const adAction = (
    action: string,
    call: (id: string, req: Request) => Promise<{ ad?: unknown }>,
  ) =>
    router.post(`/admin/ads/:id/${action}`, async (req, res) => {
      const { ad } = await cache.afterWrite(call(adId(req), req));
      res.json(ad);
    });

  adAction('approve', (id, req) => {
    const body = parseBody(approveBody, req.body ?? {});
    return adsAdmin.approveAd({ id, startsAt: body.startsAt ?? '' });
  });
  adAction('reject', (id, req) => {
    const body = parseBody(rejectBody, req.body);
    return adsAdmin.rejectAd({ id, reason: body.reason }, STRIPE_CALL);
  });
  adAction('pause', (id) => adsAdmin.pauseAd({ id }));
  adAction('resume', (id) => adsAdmin.resumeAd({ id }));
  adAction('end', (id, req) => {
    const body = parseBody(endBody, req.body);
    return adsAdmin.endAd({ id, refund: body.refund }, STRIPE_CALL);
  });
  adAction('schedule', (id, req) => {
    const body = parseBody(scheduleBody, req.body);
    return adsAdmin.scheduleAd({ id, startsAt: body.startsAt });
  });

  router.get('/admin/icons', async (_req, res) => {
    // The admin RPC, not the public list: the ads service checks the caller is an admin too.
    res.json(iconList(await adsAdmin.listAdminIcons({})));
  });

  router.post('/admin/icons/upload', async (req, res) => {
    const body = parseBody(iconBody, req.body);
    const { icon } = await cache.afterWrite(
      adsAdmin.uploadIcon({ colorCode: body.color_code, svgContent: body.svg_content }),
    );
    res.json({ color_code: icon!.colorCode, svg_content: icon!.svgContent });
  });

  router.post('/admin/icons/delete', async (req, res) => {
    const body = parseBody(colorBody, req.body);
    await cache.afterWrite(adsAdmin.deleteIcon({ colorCode: body.color_code }));
    res.json({ deleted: true });
  });

  router.get('/admin/icons/stats', async (req, res) => {
    res.json(await adsAdmin.getIconStats(dateRange(req.query)));
  });

  return router;
}
