import { createHash } from 'node:crypto';

/**
 * The vendor's good-bot catalogue as the emulator serves it when a seed gives none: well-known crawlers, link
 * preview fetchers and monitors ("a predefined list of known legitimate bot providers", OCI WAF good bot
 * allowlist). The vendor owns this list; customers only toggle entries per webapp.
 */
export const DEFAULT_BOT_CATALOGUE: readonly { name: string; description: string }[] = [
  { name: 'Googlebot', description: "Google's web search crawler" },
  { name: 'Googlebot-Image', description: "Google's image search crawler" },
  { name: 'Googlebot-News', description: "Google's news crawler" },
  { name: 'AdsBot-Google', description: 'Google Ads landing-page quality checker' },
  { name: 'Bingbot', description: "Microsoft Bing's web crawler" },
  { name: 'BingPreview', description: 'Microsoft Bing page snapshot generator' },
  { name: 'DuckDuckBot', description: "DuckDuckGo's web crawler" },
  { name: 'Applebot', description: "Apple's crawler for Siri and Spotlight suggestions" },
  { name: 'YandexBot', description: "Yandex's web search crawler" },
  { name: 'Baiduspider', description: "Baidu's web search crawler" },
  { name: 'Yahoo! Slurp', description: "Yahoo's web search crawler" },
  { name: 'Sogou Spider', description: "Sogou's web search crawler" },
  { name: 'Exabot', description: "Exalead's web search crawler" },
  { name: 'PetalBot', description: "Huawei Petal Search's crawler" },
  { name: 'facebookexternalhit', description: 'Facebook link preview fetcher' },
  { name: 'Twitterbot', description: 'X (Twitter) card preview fetcher' },
  { name: 'LinkedInBot', description: 'LinkedIn link preview fetcher' },
  { name: 'Pinterestbot', description: "Pinterest's crawler" },
  { name: 'Slackbot', description: 'Slack link unfurling' },
  { name: 'AhrefsBot', description: 'Ahrefs SEO crawler' },
  { name: 'SemrushBot', description: 'Semrush SEO crawler' },
  { name: 'MJ12bot', description: 'Majestic SEO crawler' },
  { name: 'ia_archiver', description: 'Internet Archive Wayback Machine crawler' },
  { name: 'UptimeRobot', description: 'UptimeRobot availability monitor' },
  { name: 'Pingdom', description: 'Pingdom availability monitor' },
];

/** A stable 32-hex id derived from a name, so seeds may leave ids out and still get the same ids every time. */
export function derivedId(kind: 'bot' | 'webapp', name: string): string {
  return createHash('md5').update(`${kind}:${name}`).digest('hex');
}
