// Internet addresses: IPv4, IPv6 (RFC 4291 text forms, with an embedded IPv4 tail) and netmasks.
import type { Rule } from './types';

const OCTET = '(25[0-5]|2[0-4]\\d|1\\d\\d|[1-9]?\\d)';
const IPV4 = new RegExp(`^${OCTET}(\\.${OCTET}){3}$`);

export function isIpv4(value: string): boolean {
  return IPV4.test(value);
}

export function isIpv6(value: string): boolean {
  let groups = value;
  const lastColon = groups.lastIndexOf(':');
  if (groups.includes('.')) {
    if (!isIpv4(groups.slice(lastColon + 1))) return false;
    groups = `${groups.slice(0, lastColon + 1)}0:0`;
  }
  const halves = groups.split('::');
  if (halves.length > 2) return false;
  const parts = halves.map((half) => (half === '' ? [] : half.split(':')));
  if (!parts.flat().every((part) => /^[0-9a-f]{1,4}$/i.test(part))) return false;
  const count = parts.flat().length;
  return halves.length === 2 ? count <= 7 : count === 8;
}

// A mask is ones then zeros; like jquery-validation's rule, 0.0.0.0 and 255.255.255.255 are refused.
export function isNetmask(value: string): boolean {
  if (!isIpv4(value)) return false;
  const bits = value.split('.').reduce((mask, octet) => mask * 256 + Number(octet), 0);
  const inverted = 0xffffffff - bits;
  return bits !== 0 && inverted !== 0 && (inverted & (inverted + 1)) === 0;
}

export const ipv4: Rule = {
  name: 'ipv4',
  specificationText: 'Please enter a valid IP v4 address.',
  key: 'Validation.Ipv4',
  params: [],
  test: ({ value }) => isIpv4(value.trim()),
};

export const ipv6: Rule = {
  name: 'ipv6',
  specificationText: 'Please enter a valid IP v6 address.',
  key: 'Validation.Ipv6',
  params: [],
  test: ({ value }) => isIpv6(value.trim()),
};

export const netmask: Rule = {
  name: 'netmask',
  specificationText: 'Please enter a valid netmask.',
  key: 'Validation.Netmask',
  params: [],
  test: ({ value }) => isNetmask(value.trim()),
};
