import { compareStrings } from '../../model/compare.js';
import { DEFAULT_BOT_CATALOGUE, derivedId } from './catalogue.js';
import type { FixedWindow } from './rate-limit.js';
import { type ParsedWafSeed, type WafSeed, WafSeedSchema } from './seed.js';

export interface Bot {
  id: string;
  name: string;
  description: string;
}

export interface Webapp {
  id: string;
  name: string;
  domain: string;
  environment: 'production' | 'staging';
  status: 'active' | 'pending' | 'disabled';
  created_at: string;
  updated_at: string;
  /** Ids of the catalogue bots enabled for this webapp. */
  enabled: Set<string>;
  /** The API client may not access it (seed.ts). */
  forbidden: boolean;
}

export interface ClientCredentials {
  client_id: string;
  client_secret: string;
}

export const DEMO_CLIENT: ClientCredentials = { client_id: 'demo', client_secret: 'demo' };

/**
 * The WAF side of the emulated account: the API application's credentials, the vendor's bot catalogue and the
 * webapps with the bots each has enabled. This is the published state (what GET shows and the state file keeps);
 * changes in flight live in changes.ts.
 */
export class WafAccount {
  client: ClientCredentials = DEMO_CLIENT;
  readonly bots: Bot[] = [];
  readonly webapps = new Map<string, Webapp>();
  /** The cache-purge bucket's window (purge.ts); undefined before the first purge. */
  purgeWindow: FixedWindow | undefined;

  /** Throws an error naming every cross-reference problem (unknown bot, duplicate id or name). */
  static fromSeed(seed: WafSeed | undefined, nowIso: string): WafAccount {
    const parsed: ParsedWafSeed = WafSeedSchema.parse(seed ?? {});
    const account = new WafAccount();
    const problems: string[] = [];
    account.client = parsed.client ?? DEMO_CLIENT;
    const bucket = parsed.purge_bucket;
    if (bucket) account.purgeWindow = { startMs: Date.parse(bucket.window_started_at), used: bucket.used };
    const catalogue: { id?: string; name: string; description?: string }[] = parsed.bots ?? [
      ...DEFAULT_BOT_CATALOGUE,
    ];
    for (const [i, bot] of catalogue.entries()) {
      const id = bot.id ?? derivedId('bot', bot.name);
      if (account.bots.some((b) => b.id === id || b.name === bot.name))
        problems.push(`waf.bots[${i}]: bot ${bot.name} (${id}) listed twice`);
      account.bots.push({ id, name: bot.name, description: bot.description ?? '' });
    }
    for (const [i, app] of (parsed.webapps ?? []).entries()) {
      const id = app.id ?? derivedId('webapp', app.name);
      if (account.webapps.has(id) || account.findByName(app.name))
        problems.push(`waf.webapps[${i}]: webapp ${app.name} (${id}) listed twice`);
      const enabled = new Set<string>();
      for (const ref of app.enabled_bots ?? []) {
        const bot = account.bots.find((b) => b.id === ref || b.name === ref);
        if (bot) enabled.add(bot.id);
        else problems.push(`waf.webapps[${i}].enabled_bots: ${ref} is not in the bot catalogue`);
      }
      account.webapps.set(id, {
        id,
        name: app.name,
        domain: app.domain ?? `${app.name}.example.com`,
        environment: app.environment ?? 'production',
        status: app.status ?? 'active',
        created_at: app.created_at ?? nowIso,
        updated_at: app.updated_at ?? nowIso,
        enabled,
        forbidden: app.forbidden ?? false,
      });
    }
    if (problems.length > 0)
      throw new Error(`Invalid emulator seed:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    return account;
  }

  findByName(name: string): Webapp | undefined {
    return [...this.webapps.values()].find((w) => w.name === name);
  }

  /** Webapps in listing order: by creation time, then id (stable pages). */
  listed(): Webapp[] {
    return [...this.webapps.values()].sort(
      (a, b) => compareStrings(a.created_at, b.created_at) || compareStrings(a.id, b.id),
    );
  }

  /** The good-bot objects of a webapp as the API shows them, in catalogue order. */
  goodBots(webapp: Webapp): { id: string; name: string; enabled: boolean; description: string }[] {
    return this.bots.map((b) => ({
      id: b.id,
      name: b.name,
      enabled: webapp.enabled.has(b.id),
      description: b.description,
    }));
  }

  /** The seed form, ids and the purge bucket included, so a state file reloads to the same account. */
  toSeed(): WafSeed {
    return {
      client: { ...this.client },
      bots: this.bots.map((b) => ({ ...b })),
      webapps: this.listed().map((w) => ({
        id: w.id,
        name: w.name,
        domain: w.domain,
        environment: w.environment,
        status: w.status,
        created_at: w.created_at,
        updated_at: w.updated_at,
        enabled_bots: this.bots.filter((b) => w.enabled.has(b.id)).map((b) => b.name),
        ...(w.forbidden ? { forbidden: true } : {}),
      })),
      ...(this.purgeWindow
        ? {
            purge_bucket: {
              window_started_at: new Date(this.purgeWindow.startMs).toISOString(),
              used: this.purgeWindow.used,
            },
          }
        : {}),
    };
  }
}
