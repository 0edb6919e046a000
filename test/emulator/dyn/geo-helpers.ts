/** Helpers of the geo service tests: the service path, request and answer shapes of a group, msgs as text. */
export const GEO = '/Geo/Global%20Web/';
export const group = (name: string, countries: string[], address: string) => ({
  name,
  countries,
  rdata: { a_rdata: [{ address }] },
});
/** Every `<type>_rdata` key of a group as the service returns it (a live GET /Geo/ sample), `[]` when empty. */
const GROUP_RDATA_KEYS =
  'a aaaa cert cname dhcid dname dnskey ds ipseckey key kx loc mx naptr ns nsap ptr px rp soa spf srv sshfp txt'
    .split(' ')
    .map((t) => `${t}_rdata`);
/** A group as the service returns it: every rdata key, and the option maps, unset unless `options` sets them. */
export const served = (
  name: string,
  countries: string[],
  rdata: Record<string, unknown[]>,
  options: { weight?: object; serve_count?: object; ttl?: object; label?: object } = {},
) => ({
  name,
  countries,
  rdata: { ...Object.fromEntries(GROUP_RDATA_KEYS.map((k) => [k, []])), ...rdata },
  weight: { a_weight: [], aaaa_weight: [], cname_weight: [], ...options.weight },
  serve_count: { a_serve_count: '', aaaa_serve_count: '', ...options.serve_count },
  ttl: { a_ttl: 0, aaaa_ttl: 0, cname_ttl: 0, ...options.ttl },
  label: { a_label: [], aaaa_label: [], cname_label: [], ...options.label },
});
export const msgs = (body: { msgs: { INFO: string; ERR_CD: string | null }[] }) =>
  body.msgs.map((m) => `${m.ERR_CD || '-'} ${m.INFO}`);
