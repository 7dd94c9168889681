import { describe, expect, it } from 'vitest';
import {
  type FraudSignalKind,
  findFraudSignals,
  fraudSignalKinds,
  isValidAbaRoutingNumber,
  isValidIban,
  OFF_PLATFORM_WARNING,
} from './fraud-signals.ts';
import { ORDINARY_TRADE_MESSAGES } from './ordinary-trade-messages.test-data.ts';

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

/** Ways traders have been seen to write one IBAN so that a plain pattern misses it. */
const IBAN_VARIANTS: Array<[string, string, string[]?]> = [
  ['compact', 'IBAN DE89370400440532013000'],
  ['in groups of four', 'IBAN DE89 3704 0044 0532 0130 00'],
  ['with hyphens', 'IBAN DE89-3704-0044-0532-0130-00'],
  ['with dots', 'IBAN DE89.3704.0044.0532.0130.00'],
  ['with slashes', 'IBAN DE89/3704/0044/0532/0130/00'],
  ['with two spaces', 'IBAN DE89  3704  0044  0532  0130  00'],
  ['with no-break spaces', 'IBAN DE89\u00a03704\u00a00044\u00a00532\u00a00130\u00a000'],
  ['with zero-width spaces', 'IBAN DE89\u200b3704\u200b0044\u200b0532\u200b0130\u200b00'],
  ['with a space between every character', 'IBAN D E 8 9 3 7 0 4 0 0 4 4 0 5 3 2 0 1 3 0 0 0'],
  ['over line breaks', 'IBAN:\nDE89\n3704\n0044\n0532\n0130\n00'],
  ['in full-width characters', 'IBAN ＤＥ８９３７０４００４４０５３２０１３０００'],
  ['with the check digits apart', 'IBAN DE 89 3704 0044 0532 0130 00'],
  ['split over two messages', '0532 0130 00', ['Our IBAN is DE89 3704 0044']],
];

describe('an IBAN however it is written', () => {
  it.each(IBAN_VARIANTS)('finds it %s', (_, text, earlier) => {
    expect(fraudSignalKinds(text, earlier)).toEqual(['iban']);
  });

  it.each([
    ['pay straight to our bank', 'Please pay straight to our bank, we ship the same day'],
    ['wire it to my acct', 'Just wire it to my acct and I load tomorrow'],
  ])('finds the request "%s"', (_, text) => {
    expect(fraudSignalKinds(text)).toEqual(['off_platform_payment']);
  });

  it('marks the IBAN where it was typed, invisible characters and all', () => {
    const text = 'IBAN: ＤＥ８９\u200b3704\u00a00044.0532/0130  00, thanks';
    const [signal] = findFraudSignals(text);
    expect(signal).toEqual({
      kind: 'iban',
      start: 6,
      end: text.indexOf(','),
      text: text.slice(6, text.indexOf(',')),
    });
  });

  it('marks the part of an IBAN split over messages that is in the newest', () => {
    expect(findFraudSignals('0532 0130 00 thanks', ['IBAN DE89 3704', '0044'])).toEqual([
      { kind: 'iban', start: 0, end: 12, text: '0532 0130 00' },
    ]);
  });

  it('does not count again what an earlier message held whole', () => {
    expect(fraudSignalKinds('Thanks, loading on Monday', ['IBAN DE89 3704 0044 0532 0130 00'])).toEqual([]);
  });

  it('does not read an IBAN across a run of separators or into a longer number', () => {
    expect(fraudSignalKinds('DE89 3704 0044    0532 0130 00')).toEqual([]);
    expect(fraudSignalKinds('DE89.3704.0044.0532.0130.001')).toEqual([]);
    expect(fraudSignalKinds('D E 8 9 3 7 0 4 0 0 4 4 0 5 3 2 0 1 3 0 0 1')).toEqual([]);
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

/** Requests to pay outside the platform, each with the words the recipient sees marked. */
const OFF_PLATFORM_REQUESTS: Array<[string, string]> = [
  ['Please pay straight to our bank, we ship the same day', 'pay straight to our bank'],
  ['Just wire it to my acct and I load tomorrow', 'wire it to my acct'],
  ['Send the money directly and we load today', 'Send the money directly'],
  ["Let's skip the escrow, it takes too long", 'skip the escrow'],
  ['Better to pay outside the platform and save the fees', 'outside the platform'],
  ['Bank transfer to our account please, 2% off', 'transfer to our account'],
  ['Wire the funds straight to our account', 'Wire the funds straight to our account'],
  ['Transfer the deposit to our company account', 'Transfer the deposit to our company account'],
  ['You can pay the balance into our bank account', 'pay the balance into our bank account'],
  ['Please remit the payment to the following account:', 'remit the payment to the following account'],
  ['Send the payment to our bank directly', 'Send the payment to our bank'],
  ['Deposit the 30% advance in my personal account', 'Deposit the 30% advance in my personal account'],
  ['Transfer USD 5,000 directly and the truck leaves', 'Transfer USD 5,000 directly'],
  ['We prefer a direct bank transfer for this lot', 'direct bank transfer'],
  ['Direct payment is cheaper for both of us', 'Direct payment'],
  ['We can go around the escrow this time', 'go around the escrow'],
  ['Forget the escrow, we know each other', 'Forget the escrow'],
  ['Our bank details have changed, see the new invoice', 'Our bank details'],
  ['Here are my new banking details for the advance', 'my new banking details'],
  ['Pay via Western Union to our agent in Lagos', 'Western Union'],
  ['We accept payment in USDT only', 'payment in USDT'],
  ['Pay us with bitcoin and we load today', 'Pay us with bitcoin'],
  ['Send the advance over to us instead', 'Send the advance over to us instead'],
  ['Pay me direct, no fees', 'Pay me direct'],
  ['Can we do it outside Recytrade?', 'outside Recytrade'],
];

/** Ordinary phrases close to those requests, which must not be flagged. */
const NOT_OFF_PLATFORM = [
  'We are closed for the bank holiday on Monday',
  'We ship straight to your yard',
  'The coils come directly from the mill',
  '8 t of used wire rope, greased',
  'Copper wire scrap, insulated, 12 t',
  'Your account manager will call you tomorrow',
  'Insulated wire directly from the cable plant',
  'Please send the documents to our bank for the LC',
  'Send it straight to the weighbridge',
  'We wired the funds to the escrow account',
  'Direct payment through escrow is the only option',
  'We pay straight away once the escrow is funded',
  'The freight is paid directly to the shipping line',
  'Update your bank details in Settings to receive payouts',
  'Never send money directly to a bank account',
  'Recytrade does not allow direct payment between traders',
  'Send the samples directly to our lab',
];

describe('the table of off-platform requests', () => {
  it.each(OFF_PLATFORM_REQUESTS)('flags "%s"', (text, marked) => {
    const signals = findFraudSignals(text);
    expect(signals.map((s) => s.kind)).toEqual(['off_platform_payment']);
    expect(signals[0]?.text).toBe(marked);
  });

  it.each(NOT_OFF_PLATFORM)('does not flag "%s"', (text) => {
    expect(findFraudSignals(text)).toEqual([]);
  });
});

describe('ordinary trade messages', () => {
  it('has a corpus of at least 200 messages', () => {
    expect(ORDINARY_TRADE_MESSAGES.length).toBeGreaterThanOrEqual(200);
  });

  it('finds nothing in any of them, one by one', () => {
    const flagged = ORDINARY_TRADE_MESSAGES.filter((text) => findFraudSignals(text).length > 0);
    expect(flagged).toEqual([]);
  });

  it('finds nothing when each is read with the four before it from the same sender', () => {
    const flagged = ORDINARY_TRADE_MESSAGES.filter(
      (text, i) => findFraudSignals(text, ORDINARY_TRADE_MESSAGES.slice(Math.max(0, i - 4), i)).length > 0,
    );
    expect(flagged).toEqual([]);
  });

  it('checks a 5,000-character message in well under a few milliseconds', () => {
    const long = [
      ORDINARY_TRADE_MESSAGES.join(' ').slice(0, 5000),
      'D E 8 9 '.repeat(625),
      'pay the money to the '.repeat(240).slice(0, 5000),
      `${'1 '.repeat(2499)}x`,
      `IBAN ${'DE89 '.repeat(999)}`,
    ];
    for (const text of long) {
      findFraudSignals(text);
      const started = performance.now();
      for (let i = 0; i < 20; i += 1) findFraudSignals(text);
      // A generous bound: the machine running the tests is shared.
      expect((performance.now() - started) / 20).toBeLessThan(5);
    }
  });
});
