import dnsPacket, { type Answer, type OptAnswer, type Question, type RecordClass } from 'dns-packet';
import { EdgeplanError } from '../model/edgeplan-error.js';
import { fromAnswer, packetType, toAnswer, typeName, type WireRecord } from './rdata.js';
import { type HiddenSshfp, hideSshfp } from './sshfp-records.js';

/** RFC 1035 §4.1.1 response codes edgeplan tells apart (RFC 6895 lists the rest; they are shown by number). */
export const RCODES = {
  NOERROR: 0,
  FORMERR: 1,
  SERVFAIL: 2,
  NXDOMAIN: 3,
  NOTIMP: 4,
  REFUSED: 5,
  NOTAUTH: 9,
} as const;

/** A response code's name (`NXDOMAIN`), or `RCODE <n>`. */
export function rcodeName(rcode: number): string {
  const found = Object.entries(RCODES).find(([, code]) => code === rcode);
  return found ? found[0] : `RCODE ${rcode}`;
}

/** The question of a message: a name (as WireRecord names it), a type (`A`, `SOA`, …), and its class. */
export interface WireQuestion {
  name: string;
  type: string;
  /** `CH`, `ANY`, …; absent: IN, the class of every question edgeplan asks. */
  class?: RecordClass;
}

/**
 * A DNS message (RFC 1035 §4.1) with its records in presentation format (rdata.ts). The one shape the client, the
 * emulator's server and the providers that speak DNS share; dns-packet stays behind encodeMessage/decodeMessage.
 */
export interface WireMessage {
  id: number;
  response: boolean;
  /** 0 QUERY, 4 NOTIFY, 5 UPDATE. */
  opcode: number;
  authoritative: boolean;
  truncated: boolean;
  recursionDesired: boolean;
  rcode: number;
  question?: WireQuestion;
  answers: WireRecord[];
  authorities: WireRecord[];
  additionals: WireRecord[];
  /** EDNS(0) (RFC 6891): the largest UDP payload the sender takes; absent: no OPT record, so 512 octets. */
  udpSize?: number;
}

const AA = 1 << 10;
const TC = 1 << 9;
const RD = 1 << 8;

export function encodeMessage(message: WireMessage): Buffer {
  const flags =
    ((message.opcode & 0xf) << 11) |
    (message.authoritative ? AA : 0) |
    (message.truncated ? TC : 0) |
    (message.recursionDesired ? RD : 0) |
    (message.rcode & 0xf);
  const opt: OptAnswer[] =
    message.udpSize === undefined
      ? []
      : [
          {
            ...{ type: 'OPT', name: '.', udpPayloadSize: message.udpSize, extendedRcode: 0, ednsVersion: 0 },
            ...{ flags: 0, flag_do: false, options: [] },
          },
        ];
  return dnsPacket.encode({
    id: message.id,
    type: message.response ? 'response' : 'query',
    flags,
    questions: message.question
      ? [
          {
            name: message.question.name,
            type: packetType(message.question.type),
            class: questionClass(message.question),
          },
        ]
      : [],
    answers: message.answers.map(toAnswer),
    authorities: message.authorities.map(toAnswer),
    additionals: [...message.additionals.map(toAnswer), ...opt],
  });
}

/** Octets → message; throws MalformedMessageError when they are not one DNS message. */
export function decodeMessage(octets: Buffer): WireMessage {
  let packet: ReturnType<typeof dnsPacket.decode>;
  let sshfp: HiddenSshfp['sections'];
  try {
    const hidden = hideSshfp(octets);
    sshfp = hidden.sections;
    packet = dnsPacket.decode(hidden.octets);
  } catch (error) {
    throw new MalformedMessageError(error instanceof Error ? error.message : String(error));
  }
  const flags = octets.readUInt16BE(2);
  const question = packet.questions?.[0];
  // An SSHFP record, read as raw octets (sshfp-records.ts), gets its type back before its RDATA is read.
  const records = (list: Answer[] | undefined, section: ReadonlySet<number>) =>
    (list ?? []).flatMap((a, index) => {
      if (a.type === 'OPT') return [];
      return [fromAnswer(section.has(index) ? ({ ...a, type: packetType('SSHFP') } as Answer) : a)];
    });
  const opt = packet.additionals?.find((a) => a.type === 'OPT');
  return {
    id: packet.id ?? 0,
    response: packet.flag_qr,
    opcode: (flags >> 11) & 0xf,
    authoritative: packet.flag_aa,
    truncated: packet.flag_tc,
    recursionDesired: packet.flag_rd,
    rcode: flags & 0xf,
    ...(question ? { question: decodedQuestion(question) } : {}),
    answers: records(packet.answers, sshfp[0]),
    authorities: records(packet.authorities, sshfp[1]),
    additionals: records(packet.additionals, sshfp[2]),
    ...(opt && 'udpPayloadSize' in opt ? { udpSize: opt.udpPayloadSize } : {}),
  };
}

/** A question as dns-packet decodes it → WireQuestion: the name lower case, the class only when it is not IN. */
function decodedQuestion(question: Question): WireQuestion {
  const name = question.name.toLowerCase();
  const klass = question.class ?? 'IN';
  const type = typeName(question.type);
  return klass === 'IN' ? { name, type } : { name, type, class: klass };
}

/** The class a question is asked in, IN unless it says otherwise. */
export function questionClass(question: WireQuestion): RecordClass {
  return question.class ?? 'IN';
}

/** Octets that are not a DNS message (cut short, a name pointer that loops, …). */
export class MalformedMessageError extends EdgeplanError {
  override readonly code = 'EP2602';
  override readonly name = 'MalformedMessageError';
}
