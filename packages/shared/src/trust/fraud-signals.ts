import { ISO_COUNTRY_CODES } from '../catalog/countries.ts';

/**
 * Fraud signals in what traders write: bank-account details in a message (IBAN, SWIFT/BIC, account,
 * routing and sort-code numbers) and requests to pay outside the platform. Pure and zod-free, so the
 * server flags the conversation and the recipient's screen highlights the same spans. The detectors
 * prefer missing an odd phrasing to flagging phone numbers, order numbers, prices or quantities:
 * checksums (IBAN mod 97, ABA routing) and a keyword before a bare number decide.
 */

/** What the recipient reads above a message with a signal. */
export const OFF_PLATFORM_WARNING =
  'Never pay outside escrow. Recytrade holds your payment until the goods arrive as agreed, but money sent straight to someone’s bank account cannot be got back, and asking for it is a common sign of fraud.';

export const FRAUD_SIGNAL_KINDS = [
  'iban',
  'bic',
  'account_number',
  'routing_number',
  'off_platform_payment',
] as const;
export type FraudSignalKind = (typeof FRAUD_SIGNAL_KINDS)[number];

/** One finding: its kind and where it is in the text (UTF-16 offsets, `end` exclusive), for highlighting. */
export type FraudSignal = { kind: FraudSignalKind; start: number; end: number; text: string };

/** IBAN lengths by country (SWIFT's IBAN registry): a candidate of another length is not an IBAN. */
const IBAN_LENGTHS: Record<string, number> = Object.fromEntries(
  (
    'AD24 AE23 AL28 AT20 AZ28 BA20 BE16 BG22 BH22 BR29 BY28 CH21 CR22 CY28 CZ24 DE22 DK18 DO28 EE20 EG29 ' +
    'ES24 FI18 FO18 FR27 GB22 GE22 GI23 GL18 GR27 GT28 HR21 HU28 IE22 IL23 IQ23 IS26 IT27 JO30 KW30 KZ20 ' +
    'LB28 LC32 LI21 LT20 LU20 LV21 MC27 MD24 ME22 MK19 MR27 MT31 MU30 NL18 NO15 PK24 PL28 PS29 PT25 QA29 ' +
    'RO24 RS22 SA24 SC31 SE24 SI19 SK24 SM27 ST25 SV28 TL23 TN24 TR26 UA29 VA22 VG24 XK20'
  )
    .split(' ')
    .map((entry) => [entry.slice(0, 2), Number(entry.slice(2))]),
);

/** ISO 3166-1 alpha-2 codes, and Kosovo's XK, which SWIFT uses: the country part of a BIC (characters 5 and 6) must be one. */
const COUNTRY_CODES = new Set([...ISO_COUNTRY_CODES, 'XK']);

/** The remainder mod 97 of a string of digits and letters (A = 10 … Z = 35), a piece at a time. */
export function mod97(alphanumeric: string): number {
  let remainder = 0;
  for (const char of alphanumeric.toUpperCase()) {
    const value = Number.parseInt(char, 36);
    if (Number.isNaN(value)) return -1;
    remainder = (remainder * (value < 10 ? 10 : 100) + value) % 97;
  }
  return remainder;
}

/** Whether a compact IBAN (no spaces) has its country's length and passes the mod-97 check. */
export function isValidIban(iban: string): boolean {
  const compact = iban.replace(/[\s-]/g, '').toUpperCase();
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]+$/.test(compact)) return false;
  if (IBAN_LENGTHS[compact.slice(0, 2)] !== compact.length) return false;
  return mod97(compact.slice(4) + compact.slice(0, 4)) === 1;
}

/** Whether nine digits pass the ABA routing-number checksum (weights 3, 7, 1). */
export function isValidAbaRoutingNumber(digits: string): boolean {
  if (!/^\d{9}$/.test(digits)) return false;
  const d = [...digits].map(Number);
  const sum = 3 * (d[0] + d[3] + d[6]) + 7 * (d[1] + d[4] + d[7]) + (d[2] + d[5] + d[8]);
  return sum % 10 === 0 && digits !== '000000000';
}

/** The signal a whole regular-expression match stands for. */
const signalAt = (kind: FraudSignalKind, match: RegExpExecArray): FraudSignal => ({
  kind,
  start: match.index,
  end: match.index + match[0].length,
  text: match[0],
});

const isAlphanumeric = (char: string | undefined) => char !== undefined && /[A-Za-z0-9]/.test(char);

/**
 * IBANs written compact, in groups of four, or with hyphens: from a country code and two check digits,
 * the country's number of characters is read across single spaces or hyphens, then must end there.
 */
function findIbans(text: string): FraudSignal[] {
  const found: FraudSignal[] = [];
  for (const match of text.matchAll(/\b[A-Za-z]{2}\d{2}/g)) {
    const start = match.index;
    const length = IBAN_LENGTHS[match[0].slice(0, 2).toUpperCase()];
    if (!length) continue;
    let compact = '';
    let end = start;
    while (end < text.length && compact.length < length) {
      const char = text[end];
      if (isAlphanumeric(char)) compact += char;
      else if (!((char === ' ' || char === '-') && isAlphanumeric(text[end + 1]) && compact.length > 0))
        break;
      end += 1;
    }
    if (compact.length === length && !isAlphanumeric(text[end]) && isValidIban(compact))
      found.push({ kind: 'iban', start, end, text: text.slice(start, end) });
  }
  return found;
}

/**
 * SWIFT/BIC codes: 8 or 11 capitals and digits (bank, country, location, branch) with a real country.
 * Capital words look the same ("DELIVERY" reads as a bank in Venezuela), so a code counts only after
 * "SWIFT", "BIC" or "bank" within a few words, or when its location code holds a digit (BOFAUS3N).
 */
function findBics(text: string): FraudSignal[] {
  const found: FraudSignal[] = [];
  for (const match of text.matchAll(/\b[A-Z]{4}([A-Z]{2})([A-Z0-9]{2})([A-Z0-9]{3})?\b/g)) {
    const [code, country, location] = match;
    if (!COUNTRY_CODES.has(country)) continue;
    const before = text.slice(Math.max(0, match.index - 40), match.index);
    const named = /\b(swift|bic|bank)\b/i.test(before);
    if (named || /\d/.test(location))
      found.push({ kind: 'bic', start: match.index, end: match.index + code.length, text: code });
  }
  return found;
}

const NUMBER_WORD = String.raw`(?:\s*(?:number|num|no\.?|#))?\s*[:#.]?\s*`;

/**
 * Account, routing and sort-code numbers after their keyword: "account number 123456789",
 * "acct #12345678", "routing 021000021" (ABA checksum), "sort code 12-34-56". Digits without a keyword
 * (phone numbers, order numbers, prices) are never read as bank details.
 */
function findAccountNumbers(text: string): FraudSignal[] {
  const found: FraudSignal[] = [];
  const keyword = String.raw`(?:(?:bank\s+)?account\s+(?:number|num|no\.?|#)|account\s*[:#]|acc\.?\s*no\.?|acct\.?|a\/c)`;
  const account = new RegExp(String.raw`\b${keyword}${NUMBER_WORD}\d(?:[\s-]?\d){5,16}(?![\d-])`, 'gi');
  for (const match of text.matchAll(account)) found.push(signalAt('account_number', match));
  const routing = new RegExp(String.raw`\b(?:routing|aba|rtn)${NUMBER_WORD}(\d{9})(?!\d)`, 'gi');
  for (const match of text.matchAll(routing))
    if (isValidAbaRoutingNumber(match[1])) found.push(signalAt('routing_number', match));
  for (const match of text.matchAll(/\bsort\s*code\s*[:#]?\s*\d{2}[-\s]?\d{2}[-\s]?\d{2}(?![\d-])/gi))
    found.push(signalAt('routing_number', match));
  return found;
}

/** Words that move money, and what may stand between them and "directly", "instead" or "to my account". */
const PAY = '(?:pay|paid|paying|send|sending|transfer|transferring|wire|wiring|remit|deposit)';
const OBJECT = String.raw`(?:\s+(?:it|me|us|them|the|a|money|payment|funds|balance|amount|deposit|cash|full|rest|total|price|to|in|into|over)){0,4}`;

/** Requests to pay outside the platform, in the phrasings seen. */
const OFF_PLATFORM_PATTERNS: RegExp[] = [
  // "send the money directly", "pay me direct" (not "pay directly through escrow").
  new RegExp(
    String.raw`\b${PAY}${OBJECT}\s+direct(?:ly)?\b(?!\s+(?:through|via|into|in|to|on|with)\s+(?:the\s+)?(?:escrow|platform|recytrade))`,
    'gi',
  ),
  // "pay to my account", "transfer the funds into our bank account".
  new RegExp(
    String.raw`\b${PAY}${OBJECT}\s+(?:to|into|in|on)\s+(?:my|our)\s+(?:own\s+|personal\s+|private\s+|company\s+|business\s+)?(?:bank\s+)?account\b`,
    'gi',
  ),
  // "wire it to us instead", "pay us instead" (not "pay by card instead").
  new RegExp(String.raw`\b${PAY}${OBJECT}\s+instead\b`, 'gi'),
  // "skip the escrow", "outside the platform", "instead of escrow", "off-platform".
  /\b(?:skip|skipping|avoid|avoiding|bypass|bypassing|circumvent|outside(?:\s+of)?|off|instead\s+of|rather\s+than)[\s-]+(?:the\s+|using\s+(?:the\s+)?)?(?:escrow|platform|recytrade)\b/gi,
  // "no need for escrow", "we don't need the escrow".
  /\b(?:no|don[’']?t|do\s+not)\s+need\s+(?:for\s+|to\s+use\s+|)(?:the\s+|an\s+)?escrow\b/gi,
];

/** A warning is not a request: "never pay outside escrow", "please don't send money directly". */
const NEGATION_BEFORE =
  /\b(?:never|not|don[’']?t|do\s+not|won[’']?t|will\s+not|can[’']?t|cannot|shouldn[’']?t|should\s+not)\s+(?:\w+\s+){0,2}$/i;

function findOffPlatformRequests(text: string): FraudSignal[] {
  const found: FraudSignal[] = [];
  for (const pattern of OFF_PLATFORM_PATTERNS)
    for (const match of text.matchAll(pattern)) {
      if (NEGATION_BEFORE.test(text.slice(Math.max(0, match.index - 30), match.index))) continue;
      found.push(signalAt('off_platform_payment', match));
    }
  return found;
}

/**
 * Every signal in a message, in text order. A finding inside a larger one is dropped, and overlapping
 * findings of one kind are joined ("transfer instead of escrow"), so each stretch is highlighted once.
 */
export function findFraudSignals(text: string): FraudSignal[] {
  const all = [
    ...findIbans(text),
    ...findBics(text),
    ...findAccountNumbers(text),
    ...findOffPlatformRequests(text),
  ].sort((a, b) => a.start - b.start || b.end - a.end);
  const kept: FraudSignal[] = [];
  for (const signal of all) {
    const last = kept.at(-1);
    if (last && signal.start >= last.start && signal.end <= last.end) continue;
    if (last && last.kind === signal.kind && signal.start < last.end) {
      last.end = signal.end;
      last.text = text.slice(last.start, last.end);
    } else kept.push({ ...signal });
  }
  return kept;
}

/** The kinds of signal in a message, each once, in FRAUD_SIGNAL_KINDS order. */
export function fraudSignalKinds(text: string): FraudSignalKind[] {
  const kinds = new Set(findFraudSignals(text).map((s) => s.kind));
  return FRAUD_SIGNAL_KINDS.filter((kind) => kinds.has(kind));
}
