/**
 * `PUT /REST/Zone/<zone>/` (help.dyn.com, Update zone and Publish zone API): exactly one of `freeze`, `thaw` and
 * `publish`; `notes` only with `publish`, kept in the zone's notes (zone-notes.ts).
 *
 * - publish (`true`, `1`, `"1"` or `"true"`): applies this session's pending changes. Nothing pending is still a
 *   success, without a serial bump or a note.
 * - freeze / thaw: a frozen zone refuses every record write and publish until thawed (views.ts `requireZone`);
 *   `data` is `{}` and the messages are fog-dynect's mock wording (inferred). The state is not shown by `GET`.
 * - On a secondary zone, a PUT without any of the three answers the zone object: the vendor's SDK reads a secondary
 *   zone's serial that way (dyninc/dyn-python `SecondaryZone.serial`: `PUT /Zone/<zone>/` with `{}`). Publishing,
 *   freezing or thawing it is refused (its data comes from its masters).
 */
import type { AuthedRequest, Handler } from './context.js';
import { badRequest, error, info, ok } from './envelope.js';
import { applyChangeset } from './publish.js';
import { secondaryZoneObject } from './secondary-handlers.js';
import { requireZone, secondaryRefusal, zoneObject } from './views.js';
import { addPublishNote, publishNoteText } from './zone-notes.js';

const ACTIONS = ['freeze', 'thaw', 'publish'] as const;

export const updateZone: Handler<AuthedRequest> = async (req, ctx) => {
  const name = req.segments[0] ?? '';
  const actions = ACTIONS.filter((action) => req.args[action] !== undefined);
  const secondary = ctx.account.secondaries.get(name);
  if (secondary && actions.length === 0)
    return ok(secondaryZoneObject(secondary), info(`get: Your zone, ${secondary.zone}`));
  if (secondary) throw secondaryRefusal(secondary.zone);
  const [action] = actions;
  if (action === undefined || !isTrue(req.args[action])) {
    throw badRequest(error('MISSING_DATA', `${action ?? 'publish'}: required field missing`, 'API-A'));
  }
  if (actions.length > 1)
    throw badRequest(error('INVALID_DATA', 'zone: Send exactly one of freeze, thaw and publish', 'DYN'));
  if (action !== 'publish' && req.args.notes !== undefined)
    throw badRequest(error('INVALID_DATA', 'notes: Only sent with publish', 'DYN'));
  if (action === 'thaw') {
    const zone = requireZone(ctx, name, 'read');
    zone.frozen = false;
    await ctx.persist();
    return ok({}, info('thaw: Your zone is now thawed, you may edit normally'));
  }
  const zone = requireZone(ctx, name, 'write');
  if (action === 'freeze') {
    zone.frozen = true;
    await ctx.persist();
    return ok({}, info('freeze: Your zone is now frozen'));
  }
  const note = publishNoteText(req.args.notes);
  const changeset = req.session.changesets.get(zone.zone);
  if (!changeset || changeset.isEmpty()) {
    return ok(
      zoneObject(zone),
      info('changeset: No changes to apply.'),
      info(`publish: Could not publish ${zone.zone}. No changes to apply.`),
    );
  }
  applyChangeset(ctx.account, zone, changeset, ctx.now());
  addPublishNote(zone, note, ctx.account.credentials.user_name, ctx.now());
  ctx.publishes.record(zone, ctx.now());
  req.session.changesets.delete(zone.zone);
  await ctx.persist();
  return ok(
    { ...zoneObject(zone), task_id: ctx.tasks.ended('PublishZone', zone.zone) },
    info(`publish: ${zone.zone} published`),
  );
};

function isTrue(value: unknown): boolean {
  return (
    value === true ||
    value === 1 ||
    value === '1' ||
    (typeof value === 'string' && value.toLowerCase() === 'true')
  );
}
