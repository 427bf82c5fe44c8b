/** @jest-environment jsdom */
import { defineForm, field } from '../../../server/forms';
import { agreedMessage } from './support/both';

const form = defineForm('identifiers', {
  Card: field.text().creditcard(),
  Iban: field.text().iban(),
  Bic: field.text().bic(),
  Ipv4: field.text().ipv4(),
  Ipv6: field.text().ipv6(),
  Mask: field.text().netmask(),
});

function check(name: string, message: string, valid: string[], invalid: string[]): void {
  describe(name, () => {
    it.each(valid)('accepts %s', (value) => expect(agreedMessage(form, { [name]: value }, name)).toBeUndefined());
    it.each(invalid)('refuses %s', (value) => expect(agreedMessage(form, { [name]: value }, name)).toBe(message));
  });
}

// Card schemes' published test numbers (13 to 19 digits); the same with a broken check digit is refused.
check(
  'Card',
  'Please enter a valid credit card number.',
  ['4111111111111111', '4111 1111 1111 1111', '4111-1111-1111-1111', '5555555555554444', '378282246310005', '30569309025904', '4222222222222', '6011111111111117', '4000000000000000006'],
  ['4111111111111112', '411111111111', '41111111111111111111', '4111a11111111111', '0000000000000'.slice(0, 12)],
);

// IBAN examples of the SWIFT registry and the banks' documentation.
check(
  'Iban',
  'Please specify a valid IBAN.',
  ['DE89370400440532013000', 'DE89 3704 0044 0532 0130 00', 'GB82WEST12345698765432', 'NL91ABNA0417164300', 'nl91abna0417164300', 'FR1420041010050500013M02606', 'BE68539007547034', 'ES9121000418450200051332', 'IT60X0542811101000000123456', 'PL61109010140000071219812874', 'PT50000201231234567890154', 'BR1800360305000010009795493C1'],
  ['DE89370400440532013001', 'NL91ABNA041716430', 'NL91ABNA04171643000', 'XX89370400440532013000', 'DE8937040044053201300!', '1234'],
);

check(
  'Bic',
  'Please specify a valid BIC code.',
  ['DEUTDEFF', 'DEUTDEFF500', 'NEDSZAJJXXX', 'ABNANL2A', 'ingbnl2a', 'BNPAFRPPXXX'],
  ['DEUTDEF', 'DEU1DEFF', 'ABNANL2AXX', 'DEUTDEFFX', 'DEUTDE1F', 'DEUTDEFFXXXX'],
);

check('Ipv4', 'Please enter a valid IP v4 address.', ['192.168.0.1', '0.0.0.0', '255.255.255.255', '8.8.8.8'], ['256.1.1.1', '1.2.3', '1.2.3.4.5', '01.2.3.4', 'a.b.c.d', '1.2.3.-4']);

check(
  'Ipv6',
  'Please enter a valid IP v6 address.',
  ['2001:0db8:85a3:0000:0000:8a2e:0370:7334', '2001:db8:85a3::8a2e:370:7334', '::1', '::', 'fe80::', '::ffff:192.0.2.128', '2001:DB8::1'],
  ['2001:db8::85a3::1', '2001:db8:85a3:0:0:8a2e:370:7334:1', '12345::', 'gggg::1', '1:2:3:4:5:6:7', '::ffff:192.0.2.256', ':1::'],
);

check(
  'Mask',
  'Please enter a valid netmask.',
  ['255.255.255.0', '255.255.0.0', '255.0.0.0', '255.255.255.252', '128.0.0.0', '255.255.254.0'],
  ['255.255.255.255', '0.0.0.0', '255.0.255.0', '255.255.255.1', '192.168.1.1', '255.255.256.0'],
);
