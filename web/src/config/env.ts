// Build-time settings from Vite. Kept in this one module so tests can swap it (Jest runs
// CommonJS, where `import.meta` does not exist).
interface WebEnv {
  DEV: boolean;
  VITE_COMMUNITY_CHAT_URL?: string;
  VITE_CONTACT_EMAIL?: string;
  VITE_TWITTER_URL?: string;
  VITE_REDDIT_URL?: string;
}

export const env: WebEnv = import.meta.env as unknown as WebEnv;
