import { type LocNumbers, locText, powerOfTen, readLoc } from '../model/record-types/loc-text.js';

/**
 * LOC RDATA (RFC 1876 §2): VERSION 0; SIZE, HORIZ PRE and VERT PRE each one octet, the mantissa in the high nibble
 * and the power of ten in the low one (centimetres); LATITUDE and LONGITUDE as 2^31 plus thousandths of an arc
 * second (north and east positive); ALTITUDE as centimetres above -100000 m. 16 octets in all.
 */
const EQUATOR = 2 ** 31;
const ALTITUDE_BASE = 10_000_000;

/** A canonical LOC value → its 16 octets. */
export function encodeLoc(value: string): Buffer {
  const read = readLoc(value);
  if (!read.ok) throw new Error(`"${value}" is not a LOC value: ${read.problem}`);
  const n = read.numbers;
  const out = Buffer.alloc(16);
  out.writeUInt8(0, 0);
  [n.size, n.horizontal, n.vertical].forEach((cm, index) => {
    // Stryker disable next-line ObjectLiteral: equivalent, readLoc has refused a size that is no power of ten
    const { mantissa, exponent } = powerOfTen(cm) ?? { mantissa: 0, exponent: 0 };
    out.writeUInt8((mantissa << 4) | exponent, 1 + index);
  });
  out.writeUInt32BE(EQUATOR + n.latitude, 4);
  out.writeUInt32BE(EQUATOR + n.longitude, 8);
  out.writeUInt32BE(n.altitude + ALTITUDE_BASE, 12);
  return out;
}

/**
 * 16 octets → canonical text; undefined when they are not a version 0 LOC that RFC 1876 allows (a nibble above 9,
 * a latitude beyond 90 degrees, a longitude beyond 180): the caller shows such data as RFC 3597 generic RDATA.
 */
export function decodeLoc(octets: Buffer): string | undefined {
  if (octets.length !== 16 || octets.readUInt8(0) !== 0) return undefined;
  const sizes = [1, 2, 3].map((at) => {
    const octet = octets.readUInt8(at);
    const [mantissa, exponent] = [octet >> 4, octet & 0xf];
    return mantissa > 9 || exponent > 9 ? undefined : mantissa * 10 ** exponent;
  });
  const latitude = octets.readUInt32BE(4) - EQUATOR;
  const longitude = octets.readUInt32BE(8) - EQUATOR;
  const [size, horizontal, vertical] = sizes;
  if (size === undefined || horizontal === undefined || vertical === undefined) return undefined;
  if (Math.abs(latitude) > 90 * 3_600_000 || Math.abs(longitude) > 180 * 3_600_000) return undefined;
  const altitude = octets.readUInt32BE(12) - ALTITUDE_BASE;
  const numbers: LocNumbers = { latitude, longitude, altitude, size, horizontal, vertical };
  return locText(numbers);
}
