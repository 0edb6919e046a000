import dnsPacket from 'dns-packet';

/**
 * SSHFP's RDATA (RFC 4255 §3.1) is an algorithm octet, a fingerprint type octet, and the fingerprint: the rest of
 * the RDATA, of any length. dns-packet 5.6 reads and writes only fingerprints of SHA-1's or SHA-256's length (types
 * 1 and 2): it refuses to write any other, and reading one it loses its place in the message, so a zone transfer
 * holding a single such record (a type the server knows and dns-packet does not yet, a fingerprint of the wrong
 * length) cannot be read at all. `useWholeSshfp` gives its SSHFP codec the fingerprint as the whole rest of the
 * RDATA, both ways; message.ts calls it once, before any message is read or written.
 */
interface SshfpData {
  algorithm: number;
  hash: number;
  fingerprint: string;
}

type Decode = ((buf: Buffer, offset?: number) => SshfpData) & { bytes: number };
/** dns-packet always hands its codecs the message's buffer, sized by `encodingLength`, and the offset. */
type Encode = ((data: SshfpData, buf: Buffer, offset?: number) => Buffer) & { bytes: number };

/** The fixed part: RDLENGTH, then the algorithm and the fingerprint type. */
const HEAD = 4;

const decode: Decode = Object.assign(
  (buf: Buffer, offset = 0): SshfpData => {
    const length = buf.readUInt16BE(offset);
    const end = offset + 2 + length;
    if (length < 2 || end > buf.length)
      throw new Error(`an SSHFP record of ${length} octets: it needs at least 2, within the message`);
    decode.bytes = 2 + length;
    return {
      algorithm: buf.readUInt8(offset + 2),
      hash: buf.readUInt8(offset + 3),
      // In any case: rdata.ts writes it lower case.
      fingerprint: buf.subarray(offset + HEAD, end).toString('hex'),
    };
  },
  // Stryker disable next-line ObjectLiteral: set by each decode before dns-packet reads it.
  { bytes: 0 },
);

const encode: Encode = Object.assign(
  (data: SshfpData, buf: Buffer, offset = 0): Buffer => {
    const fingerprint = Buffer.from(data.fingerprint, 'hex');
    buf.writeUInt16BE(2 + fingerprint.length, offset);
    buf.writeUInt8(data.algorithm, offset + 2);
    buf.writeUInt8(data.hash, offset + 3);
    fingerprint.copy(buf, offset + HEAD);
    encode.bytes = HEAD + fingerprint.length;
    return buf;
  },
  // Stryker disable next-line ObjectLiteral: set by each encode before dns-packet reads it.
  { bytes: 0 },
);

/** Gives dns-packet's SSHFP codec (the object its messages use for type 44) whole fingerprints of any length. */
export function useWholeSshfp(): void {
  // Stryker disable all: runs once, as message.ts is imported, before any test can see it; dns-packet 5.6 has the codec.
  const codec: unknown = Reflect.get(dnsPacket, 'sshfp');
  if (typeof codec !== 'object' || codec === null) throw new Error('dns-packet has no SSHFP codec to amend');
  Object.assign(codec, {
    decode,
    encode,
    // Stryker restore all
    encodingLength: (data: SshfpData) => HEAD + Buffer.from(data.fingerprint, 'hex').length,
  });
}
