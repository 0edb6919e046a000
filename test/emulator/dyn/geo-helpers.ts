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
export const served = (name: string, countries: string[], rdata: Record<string, unknown[]>) => ({
  name,
  countries,
  rdata: { ...Object.fromEntries(GROUP_RDATA_KEYS.map((k) => [k, []])), ...rdata },
});
export const msgs = (body: { msgs: { INFO: string; ERR_CD: string | null }[] }) =>
  body.msgs.map((m) => `${m.ERR_CD || '-'} ${m.INFO}`);
