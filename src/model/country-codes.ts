/**
 * The codes a geo group's `countries` may hold (help.dyn.com, Create Geo Traffic Manager API): ISO 3166-1 alpha-2 country codes in upper case,
 * US states and Canadian provinces as lower-case two-letter codes, the service's predefined regions as numeric
 * strings, and its special codes. `EU`/`AP` are refused: they are not ISO countries, and the service's meaning
 * of them is ambiguous (a region group versus a country-level code inside one).
 */

const ISO_3166_1_ALPHA_2 =
  'AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ BR BS BT BV BW BY ' +
  'BZ CA CC CD CF CG CH CI CK CL CM CN CO CR CU CV CW CX CY CZ DE DJ DK DM DO DZ EC EE EG EH ER ES ET FI FJ FK ' +
  'FM FO FR GA GB GD GE GF GG GH GI GL GM GN GP GQ GR GS GT GU GW GY HK HM HN HR HT HU ID IE IL IM IN IO IQ IR ' +
  'IS IT JE JM JO JP KE KG KH KI KM KN KP KR KW KY KZ LA LB LC LI LK LR LS LT LU LV LY MA MC MD ME MF MG MH MK ' +
  'ML MM MN MO MP MQ MR MS MT MU MV MW MX MY MZ NA NC NE NF NG NI NL NO NP NR NU NZ OM PA PE PF PG PH PK PL PM ' +
  'PN PR PS PT PW PY QA RE RO RS RU RW SA SB SC SD SE SG SH SI SJ SK SL SM SN SO SR SS ST SV SX SY SZ TC TD TF ' +
  'TG TH TJ TK TL TM TN TO TR TT TV TW TZ UA UG UM US UY UZ VA VC VE VG VI VN VU WF WS YE YT ZA ZM ZW';

const US_STATES =
  'al ak az ar ca co ct de dc fl ga hi id il in ia ks ky la me md ma mi mn ms mo mt ne nv nh nj nm ny nc nd oh ' +
  'ok or pa ri sc sd tn tx ut vt va wa wv wi wy';

const CA_PROVINCES = 'ab bc mb nb nl ns nt nu on pe qc sk yt';

/** Predefined region groups: 11 North America … 17 Antarctica. */
export const REGION_CODES: Readonly<Record<string, string>> = {
  '11': 'North America',
  '12': 'South America',
  '13': 'Europe',
  '14': 'Africa',
  '15': 'Asia',
  '16': 'Oceania',
  '17': 'Antarctica',
};

/** `@@` fallback (every country not in another group), `@!` unknown IP, anonymous proxy, satellite, other. */
export const SPECIAL_CODES = ['@@', '@!', 'A1', 'A2', 'O1'] as const;

const VALID = new Set([
  ...ISO_3166_1_ALPHA_2.split(' '),
  ...US_STATES.split(' '),
  ...CA_PROVINCES.split(' '),
  ...Object.keys(REGION_CODES),
  ...SPECIAL_CODES,
]);

/** Every code `countries` may hold, as listed above (the JSON Schema's `enum`). */
export const GEO_COUNTRY_CODES: readonly string[] = [...VALID];

export function isGeoCountryCode(code: string): boolean {
  return VALID.has(code);
}

/** Why `code` is refused, with a hint for the usual mistakes. */
export function countryCodeProblem(code: string): string {
  const upper = code.toUpperCase();
  if (code !== upper && VALID.has(upper)) {
    return `"${code}" is not a country code; countries are upper case ("${upper}"), lower case is for US states and Canadian provinces`;
  }
  return (
    `"${code}" is not a country code: use ISO 3166-1 alpha-2 (DE), a US state or Canadian province in lower ` +
    'case (ny), a region 11-17 or one of @@, @!, A1, A2, O1'
  );
}
