import { describe, expect, it } from 'vitest';
import {
  type FraudSignalKind,
  findFraudSignals,
  fraudSignalKinds,
  isValidAbaRoutingNumber,
  isValidIban,
  OFF_PLATFORM_WARNING,
} from './fraud-signals.ts';

/** Valid IBANs of twelve countries (the registry's examples), compact. */
const VALID_IBANS = [
  'DE89370400440532013000',
  'GB82WEST12345698765432',
  'FR1420041010050500013M02606',
  'NL91ABNA0417164300',
  'ES9121000418450200051332',
  'IT60X0542811101000000123456',
  'BE68539007547034',
  'CH9300762011623852957',
  'PL61109010140000071219812874',
  'AT611904300234573201',
  'NO9386011117947',
  'SE4550000000058398257466',
];

/** The same numbers with the check digits changed: each fails mod 97. */
const WRONG_CHECK_DIGITS = VALID_IBANS.map((iban) => {
  const check = Number(iban.slice(2, 4));
  return `${iban.slice(0, 2)}${String((check + 1) % 100).padStart(2, '0')}${iban.slice(4)}`;
});

const grouped = (iban: string) => iban.replace(/(.{4})(?=.)/g, '$1 ');

describe('IBANs', () => {
  it.each(VALID_IBANS)('finds %s, compact and in groups of four', (iban) => {
    expect(isValidIban(iban)).toBe(true);
    expect(findFraudSignals(`IBAN: ${iban}`)).toEqual([
      { kind: 'iban', start: 6, end: 6 + iban.length, text: iban },
    ]);
    const spaced = grouped(iban);
    expect(findFraudSignals(`Pay to ${spaced}, thanks`)).toEqual([
      { kind: 'iban', start: 7, end: 7 + spaced.length, text: spaced },
    ]);
  });

  it.each(WRONG_CHECK_DIGITS)('does not flag %s, whose check digits are wrong', (iban) => {
    expect(isValidIban(iban)).toBe(false);
    expect(fraudSignalKinds(`IBAN ${iban}`)).not.toContain('iban');
    expect(fraudSignalKinds(`IBAN ${grouped(iban)}`)).not.toContain('iban');
  });

  it('reads an IBAN typed in lower case or with hyphens', () => {
    expect(fraudSignalKinds('de89 3704 0044 0532 0130 00')).toEqual(['iban']);
    expect(fraudSignalKinds('GB82-WEST-1234-5698-7654-32')).toEqual(['iban']);
  });

  it('does not read an IBAN that runs on into more characters or has the wrong length', () => {
    expect(fraudSignalKinds('DE8937040044053201300012')).toEqual([]);
    expect(fraudSignalKinds('DE89 3704 0044 0532 0130')).toEqual([]);
    // A country without IBANs.
    expect(fraudSignalKinds('US64 SVBK US6S 3300 9673 8637')).toEqual([]);
  });
});

describe('SWIFT/BIC codes', () => {
  it.each([
    ['SWIFT: DEUTDEFF', 'DEUTDEFF'],
    ['our BIC is NWBKGB2L', 'NWBKGB2L'],
    ['Bank: BNP Paribas, BNPAFRPPXXX', 'BNPAFRPPXXX'],
    ['use CHASUS33 for the transfer', 'CHASUS33'],
    ['BOFAUS3N', 'BOFAUS3N'],
  ])('finds the code in "%s"', (text, code) => {
    expect(findFraudSignals(text)).toEqual([
      { kind: 'bic', start: text.indexOf(code), end: text.indexOf(code) + code.length, text: code },
    ]);
  });

  it.each([
    'DELIVERY on MONDAY as agreed',
    'SHIPMENT CONFIRMED',
    'HMS1 and HMS2 80/20, ISRI 200-206',
    'Container MSCU1234567',
    'swift delivery please: deutdeff',
    'ABCDXX12',
  ])('does not flag "%s"', (text) => {
    expect(fraudSignalKinds(text)).toEqual([]);
  });
});

describe('account, routing and sort-code numbers', () => {
  it('finds the account and routing numbers of the phrase', () => {
    const text = 'account number 123456789 routing 021000021';
    expect(findFraudSignals(text)).toEqual([
      { kind: 'account_number', start: 0, end: 24, text: 'account number 123456789' },
      { kind: 'routing_number', start: 25, end: 42, text: 'routing 021000021' },
    ]);
  });

  it.each<[string, FraudSignalKind[]]>([
    ['Acct #12345678', ['account_number']],
    ['A/C No: 0123456789', ['account_number']],
    ['account: 98765432', ['account_number']],
    ['Bank account no. 1234 5678 9012', ['account_number']],
    ['acc no 55667788', ['account_number']],
    ['ABA 011000015', ['routing_number']],
    ['Routing number: 121000358', ['routing_number']],
    ['sort code 20-00-00, account number 55779911', ['account_number', 'routing_number']],
  ])('finds "%s"', (text, kinds) => {
    expect(fraudSignalKinds(text)).toEqual(kinds);
  });

  it('checks a routing number with the ABA checksum', () => {
    expect(isValidAbaRoutingNumber('021000021')).toBe(true);
    expect(isValidAbaRoutingNumber('123456789')).toBe(false);
    expect(isValidAbaRoutingNumber('000000000')).toBe(false);
    expect(fraudSignalKinds('routing 123456789')).toEqual([]);
  });
});

describe('numbers that are not bank details', () => {
  it.each([
    // Phone numbers.
    'Call me on +1 (555) 123-4567',
    '+49 30 12345678',
    'WhatsApp 0044 7911 123456',
    '+91 98765 43210',
    'phone: 021000021',
    // Order, invoice and container numbers.
    'order number 123456789',
    'PO 4500012345, invoice INV-2026-00123',
    'Ref: DE12345 / booking 987654321',
    // Prices and quantities.
    '$1,234,567.89 for the lot',
    'USD 250000 total, 25 tonnes at $4,500 per tonne',
    '1234567 lbs of HMS 1&2',
    'account manager: Jane, 555 0100',
    'account number 1234',
  ])('does not flag "%s"', (text) => {
    expect(findFraudSignals(text)).toEqual([]);
  });
});

describe('requests to pay outside the platform', () => {
  it.each([
    ['Please pay to my account', 'pay to my account'],
    ['Send the money directly to me and we ship today', 'Send the money directly'],
    ["Let's skip the escrow, it is slow", 'skip the escrow'],
    ['Wire it to us instead.', 'Wire it to us instead'],
    ['Can you transfer the funds into our bank account?', 'transfer the funds into our bank account'],
    ['We can do this off-platform', 'off-platform'],
    ['pay outside the platform and save the fees', 'outside the platform'],
    ['No need for escrow, we trust you', 'No need for escrow'],
    ["Pay me directly and I'll give you 5% off", 'Pay me directly'],
    ['deposit the balance in my personal account', 'deposit the balance in my personal account'],
    ['Pay via bank transfer instead of escrow', 'transfer instead of escrow'],
    ["We don't need the escrow for this one", "don't need the escrow"],
  ])('flags "%s"', (text, span) => {
    const signals = findFraudSignals(text);
    expect(signals.map((s) => s.kind)).toEqual(['off_platform_payment']);
    expect(signals[0]?.text).toBe(span);
    expect(text.slice(signals[0]?.start, signals[0]?.end)).toBe(span);
  });

  it.each([
    'I paid into escrow this morning',
    'Please fund the escrow so we can ship',
    OFF_PLATFORM_WARNING,
    "Don't send money directly to anyone",
    'Send the documents directly to our office',
    'We ship directly to the mill',
    'You can pay directly through escrow',
    'Pay by card instead of wire',
    'Pay with Klarna instead',
    'Send us the weighbridge slip instead',
    'The escrow releases to your account after delivery',
    'Log in to my account to see the invoice',
    'The platform fee is 3%',
  ])('does not flag "%s"', (text) => {
    expect(findFraudSignals(text)).toEqual([]);
  });
});

describe('a whole message', () => {
  it('lists each kind once, with every span in text order', () => {
    const text =
      'Skip the escrow and wire it to us instead: IBAN DE89 3704 0044 0532 0130 00, SWIFT DEUTDEFF. Pay to my account.';
    expect(fraudSignalKinds(text)).toEqual(['iban', 'bic', 'off_platform_payment']);
    expect(findFraudSignals(text).map((s) => s.text)).toEqual([
      'Skip the escrow',
      'wire it to us instead',
      'DE89 3704 0044 0532 0130 00',
      'DEUTDEFF',
      'Pay to my account',
    ]);
  });

  it('finds nothing in an ordinary trade message', () => {
    expect(
      fraudSignalKinds(
        'Hi, we can load 2 x 40ft containers of ISRI 211 copper next week, 42,000 lbs each, $3.85/lb FOB Rotterdam. Order 4500012345.',
      ),
    ).toEqual([]);
  });

  it('starts the warning with the words the issue asks for', () => {
    expect(OFF_PLATFORM_WARNING.startsWith('Never pay outside escrow.')).toBe(true);
  });
});
