/** @jest-environment jsdom */
import { COUNTRIES, type Country } from '../../../common/validation-rules';
import { defineForm, field } from '../../../server/forms';
import { agreedMessage } from './support/both';

const formFor = (country: Country) =>
  defineForm(`national-${country}`, {
    Phone: field.tel().phone(country),
    PostalCode: field.text().postalcode(country),
    TaxId: field.text().taxid(country),
  });
const forms = Object.fromEntries(COUNTRIES.map((country) => [country, formFor(country)])) as Record<Country, ReturnType<typeof formFor>>;

const MESSAGES = { Phone: 'Please specify a valid phone number.', PostalCode: 'Please specify a valid postal code.', TaxId: 'Please specify a valid tax ID.' };

type Cases = Record<Country, [valid: string[], invalid: string[]]>;

const phones: Cases = {
  NL: [['0201234567', '+31201234567', '+31 (0)20 123 4567', '06-12345678', '0031 6 12345678'], ['020123456', '+32201234567', '0012345678']],
  UK: [['020 7946 0958', '+44 7700 900123', '01632 960 001', '(0131) 496 0000'], ['0900 123 4567', '07600 123456', '12345']],
  US: [['(212) 555-0123', '212-555-0123', '1-212-555-0123', '+1 212 555 0123'], ['111-555-0123', '212-123-4567', '555-0123']],
  CA: [['416-555-0199', '+1 604 555 0188'], ['016-555-0199', '416-055-0199']],
  ES: [['612 345 678', '+34 912 345 678', '0034 912345678'], ['512 345 678', '61234567', '+33 612345678']],
  BR: [['(11) 91234-5678', '+55 21 2345-6789', '11 3456-7890'], ['(11) 81234-5678', '(01) 2345-6789', '12345']],
  PL: [['123 456 789', '+48 512 345 678', '(+48) 221234567'], ['112345678', '12345678', '+49 512345678']],
  IT: [['06 1234 5678', '+39 347 123 4567', '02 12345678'], ['547 123 4567', '0123', '+39 3471']],
  RU: [['+7 (495) 123-45-67', '8 912 345 67 89', '74951234567'], ['+7 495 123 45 6', '9123456789', '+1 495 123 45 67']],
};

const postalCodes: Cases = {
  NL: [['1012 AB', '1012AB', '9999zz'], ['0123 AB', '1012 A', '10123 AB']],
  UK: [['SW1A 1AA', 'EC1A 1BB', 'W1A 0AX', 'M1 1AE', 'B33 8TH', 'CR2 6XH', 'DN55 1PT', 'GIR 0AA'], ['QA1 1AA', 'SW1A 1CA', '12345']],
  US: [['90210', '90210-1234'], ['9021', '90210-12', 'ABCDE']],
  ES: [['28013', '08001', '52001'], ['53001', '00123', '2801']],
  BR: [['01310-100', '01310100', '01.310-100'], ['0131-0100', '1310-100']],
  PL: [['00-950', '31-042'], ['00950', '0-950', '00-95']],
  IT: [['00184', '20121'], ['2012', '201210', 'I-20121']],
  CA: [['K1A 0B1', 'M5V 3L9', 'm5v3l9'], ['D1A 0B1', 'K1A 0B', 'W1A 0B1']],
  RU: [['101000', '190000'], ['10100', '1010000']],
};

// Personal and business numbers with their check digits (published examples of each scheme).
const taxIds: Cases = {
  NL: [['111222333', '123456782', 'NL000099998B57', 'NL123456782B01'], ['111222334', '12345678', 'NL111222334B01']],
  UK: [['GB980780684', '980 7806 84'], ['GB980780685', 'GB12345678']],
  US: [['12-3456789', '123-45-6789', '123456789'], ['00-1234567', '000-12-3456', '666-12-3456', '123-00-4567']],
  ES: [['12345678Z', 'X1234567L', 'A58818501', 'B12345674', 'Q2826000H'], ['12345678A', 'X1234567A', 'A58818502', 'Q2826000I']],
  BR: [['529.982.247-25', '52998224725', '11.222.333/0001-81'], ['529.982.247-26', '111.111.111-11', '11.222.333/0001-82']],
  PL: [['123-456-32-18', '5260250274', 'PL1234563218'], ['1234563219', '123456321']],
  IT: [['RSSMRA85T10A562S', '07643520567', 'IT07643520567'], ['RSSMRA85T10A562T', '07643520568', 'RSSMRA85T10A56']],
  CA: [['046 454 286', '123456782RT0001'], ['046 454 287', '12345678']],
  RU: [['7707083893', '500100732259'], ['7707083894', '500100732258', '12345']],
};

describe.each(Object.entries({ Phone: phones, PostalCode: postalCodes, TaxId: taxIds }))('%s', (name, cases) => {
  describe.each(COUNTRIES)('%s', (country) => {
    const [valid, invalid] = cases[country];
    const form = forms[country];
    it.each(valid)('accepts %p', (value) => expect(agreedMessage(form, { [name]: value }, name)).toBeUndefined());
    it.each(invalid)('refuses %p', (value) => expect(agreedMessage(form, { [name]: value }, name)).toBe(MESSAGES[name as keyof typeof MESSAGES]));
  });
});
