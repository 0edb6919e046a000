/**
 * The bad fixtures (`test/fixtures/config/bad/corpus/<name>.yaml`) that the JSON Schema in schemas/ accepts although `edgeplan
 * validate` refuses them, each with why JSON Schema cannot say it. test/config/schema/json-schema-corpus.test.ts keeps this
 * list true: it fails when a fixture listed here becomes rejected by the schema, and when one not listed is accepted.
 */
const NUMBER_AS_WRITTEN =
  'the YAML source text of a number (hex, octal, exponent, leading zero): JSON Schema sees the integer it denotes';

export const SCHEMA_CANNOT_REJECT: Readonly<Record<string, string>> = {
  'absent-refused.yaml':
    'an `absent:` entry is free text the validator reads (a name inside the zone, a registered type, `manage: ' +
    "declared` beside it): the zone's name is a key of the parent, and the schema leaves the words of a string alone",
  'zone-name-single-label.yaml':
    'a one-label zone is valid on a provider that holds them (PowerDNS, zone files): whether it is depends on the ' +
    "zone's providers, which the schema of a zone name cannot see",
  'ds-without-ns.yaml':
    "a type required beside another across the items of a name's list (DS in one TTL's map, NS in another): " +
    'dependentRequired sees one map',
  'geo-apex-node-cname.yaml':
    "across sections: whether a node is its zone's apex compares the node's fqdn with its zone, two values",
  'geo-country-repeated.yaml':
    'uniqueness across the items of an array (a country in two groups of one service): uniqueItems compares whole items',
  'geo-group-cname-relative.yaml':
    'a geo group takes the CNAME schema of the registry, where one relative label is valid (in a zone); absoluteness ' +
    'in geo groups is a rule of the geo section, not of the type',
  'geo-group-name-twice.yaml': 'uniqueness of one property across the items of an array (group names)',
  'geo-node-has-a-records.yaml':
    'across sections: a node named in geo_services must carry no plain records under zones (names in values vs keys)',
  'geo-node-has-cname.yaml':
    'across sections: a node named in geo_services must carry no plain records under zones (names in values vs keys)',
  'geo-node-out-of-zone.yaml': 'a value (the fqdn) compared with another value (its zone)',
  'mx-repeated-after-canonical.yaml':
    'values equal only once canonical (mail and MAIL.example.com. relative to the zone): uniqueItems compares as written',
  'mx-null-beside-others.yaml':
    'a rule a type declares between the canonical values of one set (the null MX stands alone): the schema ' +
    "describes each value's format, not rules between values",
  'record-name-out-of-zone.yaml':
    'an absolute record name compared with the zone it is under, a key of the parent',
  'glue-not-named.yaml':
    'a record name compared with the values of another name (the name servers its delegation names)',
  'ns-without-glue.yaml':
    'a value (a name server inside the delegated name) compared with the record names of the zone',
  'record-name-ends-in-zone.yaml':
    'a relative record name or unmanaged glob compared with the zone it is under, a key of the parent',
  'record-in-sub-zone.yaml':
    'a record name of one zone compared with the names of other zones (suffixes across map keys)',
  'secondary-also-primary.yaml':
    'keys of one section compared with keys of another (zones and secondary_zones)',
  'too-many-addresses.yaml':
    "a limit of the DNS provider (Dyn's 13 A records per name), checked with its capabilities; the schema describes " +
    'the format, for any provider',
  'unmanaged-overlap.yaml':
    'record names matched against the globs of unmanaged: glob semantics are not patterns',
  'waf-bot-twice.yaml': 'names equal ignoring case (Googlebot, googlebot): uniqueItems is case-sensitive',
  'waf-webapp-twice.yaml':
    'keys equal ignoring case (Shop, shop): a JSON object has distinct keys, case-sensitively',
  // Issue 15: what the validator reads from the YAML source, before any value exists.
  'caa-flags-octal.yaml': NUMBER_AS_WRITTEN,
  'mx-preference-hex.yaml': NUMBER_AS_WRITTEN,
  'srv-port-exponent.yaml': NUMBER_AS_WRITTEN,
  'ttl-exponent.yaml': NUMBER_AS_WRITTEN,
  'ttl-hex.yaml': NUMBER_AS_WRITTEN,
  'ttl-leading-zero.yaml': NUMBER_AS_WRITTEN,
  'ttl-octal.yaml': NUMBER_AS_WRITTEN,
  'yaml-1-1-directive.yaml':
    'a %YAML 1.1 directive, which changes how numbers are read (1:30 is 90): JSON Schema sees the values, not the directive',
};
