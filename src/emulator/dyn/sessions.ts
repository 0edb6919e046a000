/**
 * Sessions of the DNS API (help.dyn.com, API session log-in): an opaque base64 token per login, an idle timeout
 * refreshed by every authenticated request, and the session's pending changesets, one per zone. A session that ends
 * (logout) or expires takes its unpublished changes with it. Expiry is checked on use and by a periodic sweep, so
 * changes of abandoned sessions are dropped even when no request ever names them again.
 */
import { randomBytes } from 'node:crypto';
import type { Changeset } from './changeset.js';
import { ApiError, error, info } from './envelope.js';

export interface Session {
  token: string;
  lastSeen: number;
  /** Pending changes by zone name; a zone without an entry has none. */
  changesets: Map<string, Changeset>;
}

/** Idle-expired tokens remembered to answer `login: inactivity logout` rather than "bad credentials". */
const MAX_EXPIRED_REMEMBERED = 10_000;
const SWEEP_MAX_INTERVAL_MS = 60_000;

export class SessionStore {
  private readonly sessions = new Map<string, Session>();
  private readonly expired = new Set<string>();
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly idleMs: number,
    private readonly now: () => number,
  ) {}

  get size(): number {
    return this.sessions.size;
  }

  create(): Session {
    const session: Session = {
      token: randomBytes(128).toString('base64'),
      lastSeen: this.now(),
      changesets: new Map(),
    };
    this.sessions.set(session.token, session);
    return session;
  }

  /** The live session of `token`, its idle time refreshed; otherwise throws the service's 400 login failure. */
  authenticate(token: string | undefined): Session {
    if (!token) {
      throw new ApiError(400, [
        error('MISSING_DATA', 'The Auth-Token HTTP header must be set to make this call'),
      ]);
    }
    const session = this.sessions.get(token);
    if (session && this.isIdle(session)) this.expire(session);
    const live = this.sessions.get(token);
    if (!live) {
      const first = this.expired.has(token)
        ? 'login: inactivity logout'
        : 'login: Bad or expired credentials';
      throw new ApiError(400, [
        error('INVALID_DATA', first),
        info('login: There was a problem with your credentials'),
      ]);
    }
    live.lastSeen = this.now();
    return live;
  }

  /** Whether `token` names a live session (idle time not refreshed, expiry not checked). */
  has(token: string): boolean {
    return this.sessions.has(token);
  }

  /** Ends the session of `token` as an idle expiry would (fault injection); false when it was not live. */
  expireToken(token: string): boolean {
    const session = this.sessions.get(token);
    if (session) this.expire(session);
    return session !== undefined;
  }

  /** Unpublished changes held by live sessions, per session and zone (for tests and fault reports). */
  pendingChanges(): { zone: string; changes: number }[] {
    return [...this.sessions.values()].flatMap((s) =>
      [...s.changesets].map(([zone, c]) => ({ zone, changes: c.changes().length })),
    );
  }

  /** Logout: the token stops working and pending changes are discarded. */
  end(session: Session): void {
    this.sessions.delete(session.token);
  }

  /** Ends every idle session; returns how many ended. */
  sweep(): number {
    let ended = 0;
    for (const session of this.sessions.values()) {
      if (this.isIdle(session)) {
        this.expire(session);
        ended++;
      }
    }
    return ended;
  }

  /** Drops every session's pending changes of a zone (the zone was deleted). */
  discardZone(zone: string): void {
    for (const session of this.sessions.values()) session.changesets.delete(zone);
  }

  startSweeper(): void {
    if (this.timer) return;
    this.timer = setInterval(
      () => this.sweep(),
      Math.max(1_000, Math.min(this.idleMs, SWEEP_MAX_INTERVAL_MS)),
    );
    this.timer.unref();
  }

  stopSweeper(): void {
    clearInterval(this.timer);
    this.timer = undefined;
  }

  private isIdle(session: Session): boolean {
    return this.now() - session.lastSeen >= this.idleMs;
  }

  private expire(session: Session): void {
    this.sessions.delete(session.token);
    this.expired.add(session.token);
    if (this.expired.size > MAX_EXPIRED_REMEMBERED) {
      const oldest = this.expired.values().next().value;
      if (oldest !== undefined) this.expired.delete(oldest);
    }
  }
}
