import { type Logger, silentLogger } from '../../model/logger.js';
import { normaliseName } from '../../model/names.js';
import {
  type CreatedZoneFate,
  type PlannedTarget,
  type ProviderOp,
  ZoneChangedError,
} from '../../model/provider.js';
import type { Target } from '../../model/target.js';
import { type DecisionSink, ignoreDecisions, lostAnswerOutcome } from '../http/decisions.js';
import { DEFAULT_RETRY, type RetryOptions, retryDelayMs } from '../http/retry.js';
import type { Rfc2136Writer } from '../rfc2136/write.js';
import type { PdnsClient } from './client.js';
import { pdnsContent } from './content.js';
import { giveUpError, PdnsApiError, PdnsDnsUpdateOffError } from './errors.js';
import { parsePdnsOp } from './op-schema.js';
import type { PdnsDelete, PdnsOp, PdnsReplace, PdnsZoneOp } from './ops.js';
import {
  checkBeforePatch,
  holdsAsSent,
  lostAnswer,
  MAX_SENDS,
  type PlannedZone,
  settledLine,
  settleLost,
} from './write-zone.js';
import { zoneSets } from './zone-sets.js';

/** What the writer is told: where its log lines and decisions go, and how it waits before sending a write again. */
export interface PdnsWriterOptions {
  logger?: Logger;
  onDecision?: DecisionSink;
  retry?: RetryOptions;
  sleep?: (ms: number) => Promise<void>;
  random?: () => number;
}

/**
 * Executes PowerDNS ops, each one request, each checked against the op schema first (nothing unchecked is sent).
 * A zone's changes are one PATCH (or one POST that creates it), which PowerDNS applies atomically: a failed zone
 * step has changed nothing, so there is nothing to discard. A zone's write is compared before it is sent and a
 * lost answer to it settled by reading (write-zone.ts); one that did not take effect is sent again after the
 * transport's backoff.
 *
 * The PUT and DELETE of a secondary zone set the same end state when repeated, so the transport repeats them after
 * an ambiguous failure (a timeout, a 502).
 *
 * An `update` op (a zone's change when the provider writes by DNS UPDATE) goes to `updates`, the RFC 2136 writer
 * over PowerDNS's DNS port (update-client.ts): each message conditional on the zone's SOA, which PowerDNS checks
 * under its update lock, inside the transaction that applies the message; a chain that fails part-way is rolled
 * back by `discard`. Without `updates` such an op is refused, unsent (PdnsDnsUpdateOffError).
 */
export class PdnsWriter {
  private readonly planned = new Map<string, PlannedZone>();

  private readonly told: Required<PdnsWriterOptions>;

  constructor(
    private readonly client: PdnsClient,
    options: PdnsWriterOptions = {},
    private readonly updates?: Pick<Rfc2136Writer, 'begin' | 'execute' | 'discard'>,
  ) {
    this.told = {
      logger: options.logger ?? silentLogger,
      onDecision: options.onDecision ?? ignoreDecisions,
      retry: options.retry ?? DEFAULT_RETRY,
      sleep: options.sleep ?? ((ms) => new Promise((resolve) => setTimeout(resolve, ms))),
      random: options.random ?? Math.random,
    };
  }

  /** A zone step starts: what the plan read of the zone is checked right before its PATCH, or its first UPDATE. */
  begin(planned: PlannedTarget): void {
    if (planned.target.kind !== 'zone') return;
    const { serial, changes } = planned;
    this.planned.set(normaliseName(planned.target.name), { serial, ...(changes ? { changes } : {}) });
    this.updates?.begin(planned);
  }

  async execute(raw: ProviderOp): Promise<void> {
    const op = parsePdnsOp(raw);
    if (op.kind === 'update') {
      if (!this.updates) throw new PdnsDnsUpdateOffError(op.zone);
      return this.updates.execute(op);
    }
    if (op.kind === 'create-zone' || op.kind === 'patch-zone') return this.writeZone(op);
    await this.send(op);
  }

  /**
   * A failed zone step: the UPDATE messages of its chain that were applied are undone, last first. A PATCH or a
   * POST is applied whole or not at all, so it leaves nothing to undo.
   */
  async discard(target: Target): Promise<CreatedZoneFate | undefined> {
    return this.updates?.discard(target);
  }

  /** The zone's one write: checked first (a PATCH), settled by reading when its answer is lost. */
  private async writeZone(op: PdnsZoneOp): Promise<void> {
    const { client } = this;
    const zone = normaliseName(op.zone);
    const planned = this.planned.get(zone);
    this.planned.delete(zone);
    const creates = op.kind === 'create-zone';
    const sets = zoneSets(creates ? [] : op.delete, op.replace, planned?.changes);
    const path = creates ? client.zonesPath() : client.zonesPath(op.zone);
    const label = client.label(creates ? 'POST' : 'PATCH', path);
    const body = creates ? createBody(op) : patchBody(op);
    // After a send whose answer was lost and that a read showed not applied, that send may still land (a timeout
    // while the server works): a later check or POST that meets it finds the zone as this write sets it.
    const landedLate = async (sent: number) => {
      if (sent === 1 || !(await holdsAsSent(client, zone, sets))) return false;
      this.told.logger.info(
        `pdns: ${label}: an earlier send took effect after the read that settled it: going on`,
      );
      return true;
    };
    for (let sent = 1; ; sent++) {
      let serial: number | undefined;
      try {
        serial = creates ? undefined : await checkBeforePatch(client, zone, planned, sets);
      } catch (error) {
        if (error instanceof ZoneChangedError && (await landedLate(sent))) return;
        throw error;
      }
      try {
        await client.call(creates ? 'POST' : 'PATCH', path, body, 'non-idempotent');
        return;
      } catch (error) {
        if (creates && error instanceof PdnsApiError && error.status === 409) {
          if (await landedLate(sent)) return;
          throw new ZoneChangedError(zone, `the zone the plan creates exists already: ${error.message}`, {
            cause: error,
          });
        }
        const symptom = lostAnswer(error);
        if (symptom === null) throw error;
        const outcome = await settleLost(client, zone, { label, creates, serial, lost: error }, sets);
        const { logger, onDecision, retry, sleep, random } = this.told;
        logger.info(settledLine(label, zone, outcome, sent));
        onDecision({
          symptom,
          decision: lostAnswerOutcome(outcome === 'applied', sent, MAX_SENDS),
          request: label,
        });
        if (outcome === 'applied') return;
        if (sent >= MAX_SENDS) throw giveUpError(label, body, sent, error);
        // A 5xx or a lost connection may be a server that is busy (PowerDNS on sqlite answers 500 to writes that
        // meet another's transaction): wait as the transport waits before a retry, not at once.
        await sleep(retryDelayMs(sent, retry, random, undefined));
      }
    }
  }

  private async send(op: Exclude<PdnsOp, PdnsZoneOp | { kind: 'update' }>): Promise<void> {
    const { client } = this;
    switch (op.kind) {
      case 'create-secondary':
        await client.call(
          'POST',
          client.zonesPath(),
          { name: `${op.zone}.`, kind: 'Slave', masters: op.masters, nameservers: [] },
          'non-idempotent',
        );
        return;
      case 'update-secondary':
        await client.call('PUT', client.zonesPath(op.zone), { masters: op.masters }, 'idempotent');
        return;
      case 'delete-secondary':
        try {
          await client.call('DELETE', client.zonesPath(op.zone), undefined, 'idempotent');
        } catch (error) {
          // Gone already (a repeat of a delete that went through): the end state the op asks for.
          if (!(error instanceof PdnsApiError && error.isNotFound)) throw error;
        }
        return;
    }
  }
}

function createBody(op: Extract<PdnsZoneOp, { kind: 'create-zone' }>) {
  return {
    name: `${op.zone}.`,
    kind: op.zoneKind,
    nameservers: op.nameservers,
    soa_edit_api: op.soaEditApi,
    rrsets: op.replace.map(replaceRrset),
  };
}

/** Deletes first: PowerDNS applies a PATCH's rrsets in order, so a name can change type. */
function patchBody(op: Extract<PdnsZoneOp, { kind: 'patch-zone' }>) {
  return { rrsets: [...op.delete.map(deleteRrset), ...op.replace.map(replaceRrset)] };
}

/** An rrset REPLACE: every record of the set, enabled, with the set's TTL; `content` the value as PowerDNS takes it. */
function replaceRrset(set: PdnsReplace) {
  return {
    name: `${set.fqdn}.`,
    type: set.type,
    ttl: set.ttl,
    changetype: 'REPLACE',
    records: set.values.map((value) => ({
      content: pdnsContent(set.type, value, set.serial),
      disabled: false,
    })),
  };
}

function deleteRrset(set: PdnsDelete) {
  return { name: `${set.fqdn}.`, type: set.type, changetype: 'DELETE' };
}
