/** `/REST/Session/`: login, is-alive, keep-alive and logout (help.dyn.com, API session log-in). */
import type { AuthedRequest, Ctx, Handler, PublicRequest } from './context.js';
import { ApiError, error, info, ok, requireFields } from './envelope.js';

/** The API version the emulator reports in `data.version` (the one seen in recorded live traffic). */
export const API_VERSION = '3.7.9';

/** POST: all three fields required (one MISSING_DATA msg each); wrong ones → 400 with the two login msgs. */
export const login: Handler<PublicRequest> = (req, ctx: Ctx) => {
  requireFields(req.args, ['customer_name', 'user_name', 'password']);
  const { customer_name, user_name, password } = ctx.account.credentials;
  const a = req.args;
  if (a.customer_name !== customer_name || a.user_name !== user_name || a.password !== password) {
    throw new ApiError(400, [
      error(
        'INVALID_DATA',
        'login: Credentials you entered did not match those in our database. Please try again',
      ),
      info('login: Login failed'),
    ]);
  }
  const session = ctx.sessions.create();
  return ok({ token: session.token, version: API_VERSION }, info('login: Login successful'));
};

/** GET: reaching the handler means the token authenticated. */
export const isAlive: Handler<AuthedRequest> = () => ok({}, info('isalive: User session is still active'));

/** PUT: keep-alive; authentication already refreshed the idle time. Wording is ours (the docs show none). */
export const keepAlive: Handler<AuthedRequest> = () => ok({}, info('keepalive: User session extended'));

/** DELETE: logout; the session's pending changes are discarded with it. */
export const logout: Handler<AuthedRequest> = (req, ctx) => {
  ctx.sessions.end(req.session);
  return ok({}, info('logout: Logout successful'));
};
