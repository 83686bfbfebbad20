// Outside links of the site. They can be set at build time (VITE_* variables) so a deployment
// points at its own community; the defaults are the project's public channels.
import { env } from '@/config/env';

export const site = {
  name: 'BallMatch',
  tagline: 'Match colourful balls, set high scores and show off your skills.',
  communityChatUrl: env.VITE_COMMUNITY_CHAT_URL || 'https://discord.gg/ballmatch',
  contactEmail: env.VITE_CONTACT_EMAIL || 'hello@ballmatch.game',
  social: [
    { label: 'Discord', href: env.VITE_COMMUNITY_CHAT_URL || 'https://discord.gg/ballmatch' },
    { label: 'X (Twitter)', href: env.VITE_TWITTER_URL || 'https://x.com/ballmatchgame' },
    { label: 'Reddit', href: env.VITE_REDDIT_URL || 'https://www.reddit.com/r/ballmatch' },
  ],
} as const;
