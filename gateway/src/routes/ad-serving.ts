import { Router, type Request, type RequestHandler } from 'express';
import { AppError } from '@ballmatch/platform';
import type { adsV1 } from '@ballmatch/proto';
import type { GatewayDeps } from '../context';
import { rateLimit } from '../middleware/rate-limit';
import { readCache } from '../read-cache';
import { queryText, uuidParam } from '../validation';
import { orNone } from './none-found';

/**
 * Serving ads (docs/api.md 'Serving, impressions and clicks'): the running ball faces and
 * icons, banners, and the impressions and clicks, each counted by the ads service once per
 * offer and only from the client the offer was made for (its key: client-key.ts).
 */

const OFFER_HEADER = 'X-Ad-Offer';

/** The offer an impression is counted against: 400 when the header is missing. */
function offerOf(req: Request): string {
  const offer = req.get(OFFER_HEADER);
  if (!offer) {
    throw new AppError('INVALID_ARGUMENT', `The ${OFFER_HEADER} header is required`, {
      field: OFFER_HEADER,
    });
  }
  return offer;
}

const faceJson = (o: adsV1.Offer) => ({
  id: o.id,
  kind: o.kind,
  adId: o.adId,
  color: o.color,
  imageUrl: o.imageUrl,
});
const rewardJson = (o: adsV1.Offer) => ({
  id: o.id,
  kind: o.kind,
  adId: o.adId,
  imageUrl: o.imageUrl,
});

export type GameOffers = ReturnType<typeof offersJson> | null;

function offersJson(o: adsV1.CreateGameOffersResponse) {
  return {
    faces: o.faces.map(faceJson),
    reward: o.reward ? rewardJson(o.reward) : null,
    expiresAt: o.expiresAt,
  };
}

/**
 * The ad offers of a ranked game, made as it starts or resumes. Ads are never worth a game:
 * when the ads service fails or is slow the game goes on with plain balls (`null`).
 */
export async function gameOffers(
  { ads, logger, clientKey }: GatewayDeps,
  req: Request,
  sessionId: string,
): Promise<GameOffers> {
  try {
    const offers = await ads.createGameOffers(
      { sessionId, clientKey: clientKey(req) },
      { timeoutMs: 1500 },
    );
    return offersJson(offers);
  } catch (error) {
    const { code, message } = error as { code?: string; message?: string };
    logger.warn({ code, message }, 'no ad offers: the game starts with plain balls');
    return null;
  }
}

export function adServingRoutes(deps: GatewayDeps): Router {
  const { ads, config, logger, redis, now, clientKey } = deps;
  const router = Router();
  const cache = readCache(deps);
  const limited: RequestHandler = rateLimit({
    redis,
    logger,
    group: 'ads',
    perMinute: config.RATE_LIMIT_ADS_PER_MINUTE,
    now,
  });

  router.get('/active-ads', async (req, res) => {
    await cache.sendJson(req, res, 'ads:active', async () =>
      (await ads.listActiveAds({})).ads.map((a) => ({
        id: a.id,
        imageUrl: a.imageUrl,
        colorName: a.colorName,
      })),
    );
  });

  router.get('/icons', async (req, res) => {
    await cache.sendJson(req, res, 'ads:icons', async () => iconList(await ads.listIcons({})));
  });

  router.get('/banner-ads', async (req, res) => {
    const banner = await orNone(
      ads.serveBanner({ clientKey: clientKey(req), placement: queryText(req.query.placement) }),
    );
    if (!banner) {
      res.status(204).end();
      return;
    }
    const offer = banner.offer!;
    // Each answer carries an offer of its own.
    res.setHeader('Cache-Control', 'no-store');
    res.json({
      offerId: offer.id,
      adId: offer.adId,
      imageUrl: offer.imageUrl,
      clickUrl: `/api/ads/go/${encodeURIComponent(offer.id)}`,
      width: banner.width,
      height: banner.height,
    });
  });

  router.post('/ads/:id/impression', limited, async (req, res) => {
    const adId = uuidParam(req.params.id, 'id', 'an ad id');
    await ads.recordImpression({
      offerId: offerOf(req),
      kind: 'ad',
      adId,
      color: '',
      clientKey: clientKey(req),
    });
    res.status(204).end();
  });

  router.post('/icons/:color/impression', limited, async (req, res) => {
    await ads.recordImpression({
      offerId: offerOf(req),
      kind: 'icon',
      adId: '',
      color: String(req.params.color),
      clientKey: clientKey(req),
    });
    res.status(204).end();
  });

  router.get('/ads/go/:offerId', limited, async (req, res) => {
    res.setHeader('Cache-Control', 'no-store');
    let destinationUrl: string;
    try {
      ({ destinationUrl } = await ads.followOffer({
        offerId: String(req.params.offerId),
        clientKey: clientKey(req),
      }));
    } catch (error) {
      // An ad's link opens in a tab of its own: a browser gets a page, not the JSON of the API.
      if (error instanceof AppError && error.code === 'NOT_FOUND' && wantsPage(req)) {
        res.status(404).type('html').send(expiredLinkPage(error.message));
        return;
      }
      throw error;
    }
    res.redirect(302, destinationUrl);
  });

  return router;
}

/** Whether the request comes from a browser's address bar or link (HTML before JSON). */
const wantsPage = (req: Request) => req.accepts(['json', 'html']) === 'html';

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The page a browser gets for an ad link that has expired (or never was). */
function expiredLinkPage(message: string): string {
  const text = escapeHtml(message);
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${text} · BallMatch</title>
</head>
<body style="font-family: system-ui, sans-serif; max-width: 36rem; margin: 4rem auto; padding: 0 1rem; line-height: 1.5">
<main>
<h1>${text}</h1>
<p>The ad you followed is no longer on offer: ad links last a while after the ad was shown.</p>
<p><a href="/">Back to BallMatch</a></p>
</main>
</body>
</html>
`;
}

/** The custom ball icons as the API shows them (public list and the admin's). */
export function iconList({ icons }: { icons: adsV1.Icon[] }) {
  return icons.map((i) => ({ color_code: i.colorCode, svg_content: i.svgContent }));
}
