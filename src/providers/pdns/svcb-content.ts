import { decodeValue } from '../../model/record-types/svcb-text.js';

/**
 * A canonical SVCB or HTTPS value as PowerDNS 4.7 takes it in `content`: PowerDNS compares what it is sent with
 * its own writing of it and refuses any other spelling ("Not in expected format"). It writes `ech` and every
 * `keyNNNNN` value quoted (`key667=""` for an empty one, never a bare key), and does not know `dohpath`, which it
 * takes and writes as `key7`. Inside the quotes `"` and `\` are escaped and octets outside printable ASCII written
 * `\DDD`; a space is itself. PowerDNS's own spelling, read back, is the same canonical value (svcb-value.ts).
 */
export function pdnsSvcbContent(value: string): string {
  const [priority, target, ...params] = value.split(' ');
  return [priority, target, ...params.map(pdnsParam)].join(' ');
}

function pdnsParam(param: string): string {
  const equals = param.indexOf('=');
  const key = equals < 0 ? param : param.slice(0, equals);
  const text = equals < 0 ? '' : param.slice(equals + 1);
  if (key === 'mandatory') return `mandatory=${text.replace(/(^|,)dohpath(?=,|$)/, '$1key7')}`;
  if (key === 'dohpath') return `key7=${quoted(text)}`;
  if (key === 'ech' || /^key\d+$/.test(key)) return `${key}=${quoted(text)}`;
  return param;
}

/** A canonical (bare, escaped) value → quoted as PowerDNS writes it. */
function quoted(text: string): string {
  const decoded = decodeValue(text, { quoted: false });
  const octets = decoded.ok ? decoded.octets : Buffer.from(text);
  let out = '';
  for (const byte of octets) {
    if (byte === 0x22 || byte === 0x5c) out += `\\${String.fromCharCode(byte)}`;
    else if (byte >= 0x20 && byte < 0x7f) out += String.fromCharCode(byte);
    else out += `\\${String(byte).padStart(3, '0')}`;
  }
  return `"${out}"`;
}
