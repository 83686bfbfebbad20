import helmet from 'helmet';

/**
 * The web app ships no inline scripts and loads nothing from other origins; it talks to this
 * origin only, its WebSocket included.
 */
export const securityHeaders = helmet({
  contentSecurityPolicy: {
    useDefaults: false,
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
      // 'self' covers the page's own /ws too (CSP Level 3 matches ws: and wss: of this host).
      connectSrc: ["'self'"],
      fontSrc: ["'self'", 'data:'],
      mediaSrc: ["'self'", 'data:', 'blob:'],
      objectSrc: ["'none'"],
      frameAncestors: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
    },
  },
  crossOriginEmbedderPolicy: false,
});
