/**
 * LOC (RFC 1876) between its presentation text and the numbers its RDATA holds (§2): latitude and longitude in
 * thousandths of an arc second, altitude in centimetres, and size and the two precisions in centimetres, each one
 * digit times a power of ten (`mantissa × 10^exponent`, both 0–9). The canonical text writes every field, as RFC
 * 1876 §3's example and BIND do: `52 22 23.000 N 4 53 32.000 E -2.00m 1m 10000m 10m`.
 */
export interface LocNumbers {
  /** Thousandths of an arc second north of the equator (south: negative). */
  latitude: number;
  /** Thousandths of an arc second east of Greenwich (west: negative). */
  longitude: number;
  /** Centimetres above the WGS 84 reference spheroid. */
  altitude: number;
  /** Centimetres: the diameter of the sphere enclosing the entity, then the horizontal and vertical precision. */
  size: number;
  horizontal: number;
  vertical: number;
}

const ARC_SECOND = 1000;
const DEGREE = 3600 * ARC_SECOND;
/** RFC 1876 §3: the altitude lies in -100000.00 … 42849672.95 m (the 32-bit field from -100 km). */
export const MIN_ALTITUDE = -10_000_000;
export const MAX_ALTITUDE = 4_284_967_295;
/** RFC 1876 §3: size and precisions lie in 0 … 90000000.00 m (9 × 10^9 cm). */
const MAX_SIZE = 9e9;
/** RFC 1876 §3: the defaults of the three optional fields. */
const DEFAULTS = ['1m', '10000m', '10m'];

export type LocRead = { ok: true; numbers: LocNumbers } | { ok: false; problem: string };

/** Presentation text → the numbers, or why it is not a LOC value (RFC 1876 §3). */
export function readLoc(text: string): LocRead {
  const words = text.trim().split(/\s+/);
  const latitude = angle(words, 'NS', 90);
  if (typeof latitude === 'string') return { ok: false, problem: latitude };
  const longitude = angle(words.slice(latitude.used), 'EW', 180);
  if (typeof longitude === 'string') return { ok: false, problem: longitude };
  const rest = words.slice(latitude.used + longitude.used);
  if (rest.length < 1 || rest.length > 4)
    return { ok: false, problem: 'after the longitude come the altitude, then at most size and precisions' };
  const [altitudeText = '', ...sizes] = rest;
  const altitude = centimetres(altitudeText, true);
  if (altitude === undefined || altitude < MIN_ALTITUDE || altitude > MAX_ALTITUDE)
    return { ok: false, problem: `altitude "${altitudeText}" is not metres from -100000.00 to 42849672.95` };
  const measured: number[] = [];
  for (const [index, field] of ['size', 'horizontal precision', 'vertical precision'].entries()) {
    const written = sizes[index] ?? DEFAULTS[index] ?? '';
    const value = centimetres(written, false);
    if (value === undefined || value > MAX_SIZE)
      return { ok: false, problem: `${field} "${written}" is not metres from 0 to 90000000.00` };
    if (powerOfTen(value) === undefined)
      return {
        ok: false,
        problem: `${field} "${written}" cannot be held: LOC stores one digit times a power of ten centimetres (${nearest(value)})`,
      };
    measured.push(value);
  }
  const [size = 0, horizontal = 0, vertical = 0] = measured;
  const numbers = {
    latitude: latitude.value,
    longitude: longitude.value,
    altitude,
    size,
    horizontal,
    vertical,
  };
  return { ok: true, numbers };
}

/** The numbers → canonical text. */
export function locText(n: LocNumbers): string {
  return [
    angleText(n.latitude, 'N', 'S'),
    angleText(n.longitude, 'E', 'W'),
    `${n.altitude < 0 ? '-' : ''}${metres(Math.abs(n.altitude))}`,
    sizeText(n.size),
    sizeText(n.horizontal),
    sizeText(n.vertical),
  ].join(' ');
}

/** `mantissa × 10^exponent` centimetres, or undefined when the value is not one digit times a power of ten. */
export function powerOfTen(value: number): { mantissa: number; exponent: number } | undefined {
  let mantissa = value;
  let exponent = 0;
  while (mantissa >= 10 && mantissa % 10 === 0) {
    mantissa /= 10;
    exponent += 1;
  }
  return mantissa <= 9 && exponent <= 9 ? { mantissa, exponent } : undefined;
}

function nearest(value: number): string {
  const exponent = Math.floor(Math.log10(value));
  const low = Math.floor(value / 10 ** exponent) * 10 ** exponent;
  return `write ${sizeText(low)} or ${sizeText(low + 10 ** exponent)}`;
}

/** `d [m [s]] H`: degrees, minutes 0–59, seconds 0–59.999 and the hemisphere; `used`: how many words it took. */
function angle(
  words: readonly string[],
  hemispheres: string,
  maxDegrees: number,
): { value: number; used: number } | string {
  const at = words.findIndex((word) => hemispheres.includes(word.toUpperCase()) && word.length === 1);
  const what = hemispheres === 'NS' ? 'latitude' : 'longitude';
  if (at < 1 || at > 3)
    return `the ${what} is degrees [minutes [seconds]] then ${[...hemispheres].join(' or ')}`;
  const [degrees = '', minutes = '0', seconds = '0'] = words.slice(0, at);
  if (!/^\d{1,3}$/.test(degrees) || !/^\d{1,2}$/.test(minutes) || !/^\d{1,2}(\.\d{1,3})?$/.test(seconds))
    return `the ${what} "${words.slice(0, at + 1).join(' ')}" is not degrees, minutes and seconds`;
  const value =
    Number(degrees) * DEGREE + Number(minutes) * 60 * ARC_SECOND + Math.round(Number(seconds) * ARC_SECOND);
  if (Number(minutes) > 59 || Number(seconds) >= 60 || value > maxDegrees * DEGREE)
    return `the ${what} "${words.slice(0, at + 1).join(' ')}" is beyond ${maxDegrees} degrees or 59 minutes 59.999 seconds`;
  const south = (words[at] ?? '').toUpperCase() === hemispheres[1];
  return { value: south && value !== 0 ? -value : value, used: at + 1 };
}

function angleText(value: number, positive: string, negative: string): string {
  const abs = Math.abs(value);
  const degrees = Math.floor(abs / DEGREE);
  const minutes = Math.floor((abs % DEGREE) / (60 * ARC_SECOND));
  const thousandths = abs % (60 * ARC_SECOND);
  const seconds = `${Math.floor(thousandths / ARC_SECOND)}.${String(thousandths % ARC_SECOND).padStart(3, '0')}`;
  return `${degrees} ${minutes} ${seconds} ${value < 0 ? negative : positive}`;
}

/** `12.34m` or `12.34` → 1234 cm; at most two decimals; a sign only where `signed`. */
function centimetres(text: string, signed: boolean): number | undefined {
  const match = (signed ? /^(-?)(\d{1,10})(?:\.(\d{1,2}))?m?$/ : /^()(\d{1,10})(?:\.(\d{1,2}))?m?$/).exec(
    text,
  );
  if (!match) return undefined;
  const value = Number(match[2]) * 100 + Number((match[3] ?? '').padEnd(2, '0'));
  return match[1] === '-' ? -value : value;
}

function metres(cm: number): string {
  return `${Math.floor(cm / 100)}.${String(cm % 100).padStart(2, '0')}m`;
}

/** A size or precision: whole metres from 1 m on (they are then a power of ten), else two decimals. */
function sizeText(cm: number): string {
  return cm >= 100 ? `${cm / 100}m` : metres(cm);
}
