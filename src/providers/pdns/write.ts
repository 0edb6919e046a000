import type { ProviderOp } from '../../model/provider.js';
import type { PdnsClient } from './client.js';
import { pdnsContent } from './content.js';
import { PdnsApiError } from './errors.js';
import { parsePdnsOp } from './op-schema.js';
import type { PdnsDelete, PdnsOp, PdnsReplace } from './ops.js';

/**
 * Executes PowerDNS ops, each one request, each checked against the op schema first (nothing unchecked is sent).
 * A zone's changes are one PATCH (or one POST that creates it), which PowerDNS applies atomically: a failed zone
 * step has changed nothing, so there is nothing to discard.
 *
 * Retries after an ambiguous failure (a timeout, a 502): a PATCH of REPLACE/DELETE rrsets and the PUT/DELETE of a
 * secondary zone set the same end state when repeated, so they are retried; a POST that creates a zone is not (a
 * repeat of one that went through is refused as a conflict).
 */
export class PdnsWriter {
  constructor(private readonly client: PdnsClient) {}

  async execute(raw: ProviderOp): Promise<void> {
    const op = parsePdnsOp(raw);
    await this.send(op);
  }

  private async send(op: PdnsOp): Promise<void> {
    const { client } = this;
    switch (op.kind) {
      case 'create-zone':
        await client.call(
          'POST',
          client.zonesPath(),
          {
            name: `${op.zone}.`,
            kind: op.zoneKind,
            nameservers: op.nameservers,
            soa_edit_api: op.soaEditApi,
            rrsets: op.replace.map(replaceRrset),
          },
          'non-idempotent',
        );
        return;
      case 'patch-zone':
        await client.call(
          'PATCH',
          client.zonesPath(op.zone),
          { rrsets: [...op.delete.map(deleteRrset), ...op.replace.map(replaceRrset)] },
          'idempotent',
        );
        return;
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

/** An rrset REPLACE: every record of the set, enabled, with the set's TTL; `content` the value as PowerDNS takes it. */
function replaceRrset(set: PdnsReplace) {
  return {
    name: `${set.fqdn}.`,
    type: set.type,
    ttl: set.ttl,
    changetype: 'REPLACE',
    records: set.values.map((value) => ({ content: pdnsContent(set.type, value), disabled: false })),
  };
}

function deleteRrset(set: PdnsDelete) {
  return { name: `${set.fqdn}.`, type: set.type, changetype: 'DELETE' };
}
