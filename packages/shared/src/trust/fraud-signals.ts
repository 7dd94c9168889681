import { getCountrySpecifications, isValidIBAN } from 'ibantools';
import { ISO_COUNTRY_CODES } from '../catalog/countries.ts';

/**
 * Fraud signals in what traders write: bank-account details in a message (IBAN, SWIFT/BIC, account,
 * routing and sort-code numbers) and requests to pay outside the platform. Pure and zod-free, so the
 * server flags the conversation and the recipient's screen highlights the same spans. The detectors
 * prefer missing an odd phrasing to flagging phone numbers, order numbers, prices or quantities:
 * checksums (IBAN format and mod 97, ABA routing) and a keyword before a bare number decide. Text is
 * read folded (NFKC, invisible characters dropped) and together with the sender's previous few
 * messages, as bank details are typed to slip past a plain pattern.
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

/**
 * What a new message is read with: the sender's previous text messages in the same conversation, at
 * most 4, sent within the 10 minutes before it. Bank details split over messages come seconds apart;
 * a longer reach would pair an old line with a new one.
 */
export const SENDER_CONTEXT = { previousMessages: 4, withinMs: 10 * 60_000 } as const;

/** One finding: its kind and where it is in the text (UTF-16 offsets, `end` exclusive), for highlighting. */
export type FraudSignal = { kind: FraudSignalKind; start: number; end: number; text: string };

/**
 * The IBAN format of each country (SWIFT's registry, as ibantools holds it): its length, and what each
 * character of the account part is ('d' a digit, 'a' a letter, 'x' either), so a candidate that cannot
 * be one is dropped at its first wrong character rather than at the end.
 */
const IBAN_FORMATS: ReadonlyMap<string, { length: number; bban: string }> = new Map(
  Object.entries(getCountrySpecifications()).flatMap(([country, spec]) =>
    spec.chars
      ? [[country, { length: spec.chars, bban: bbanClasses(spec.bban_regexp, spec.chars - 4) }]]
      : [],
  ),
);

/** "^[A-Z]{4}[0-9]{14}$" as "aaaadddddddddddddd"; a form not understood allows anything (the final check decides). */
function bbanClasses(pattern: string | null | undefined, length: number): string {
  let classes = '';
  for (const [, set, count] of (pattern ?? '').matchAll(/\[([^\]]+)\]\{(\d+)\}/g))
    classes += (set === '0-9' ? 'd' : set === 'A-Z' ? 'a' : 'x').repeat(Number(count));
  return classes.length === length ? classes : 'x'.repeat(length);
}

/** ISO 3166-1 alpha-2 codes, and Kosovo's XK, which SWIFT uses: the country part of a BIC (characters 5 and 6) must be one. */
const COUNTRY_CODES = new Set([...ISO_COUNTRY_CODES, 'XK']);

/**
 * Whether an IBAN (spaces and hyphens allowed) is one: its country's length and account format, and
 * the mod-97 check of ISO 13616 (ibantools).
 */
export function isValidIban(iban: string): boolean {
  return isValidIBAN(iban.replace(/[\s-]/g, '').toUpperCase());
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

/** 'd' for an ASCII digit, 'a' for an ASCII letter (upper case), '' for anything else. */
function asciiClass(code: number): 'd' | 'a' | '' {
  if (code >= 48 && code <= 57) return 'd';
  if ((code >= 65 && code <= 90) || (code >= 97 && code <= 122)) return 'a';
  return '';
}

/**
 * What may stand between the characters of an IBAN: spaces of any kind, line breaks, dots, slashes,
 * underscores and dashes, at most three in a row ("DE89 / 3704", "\r\n").
 */
const isIbanSeparator = (char: string) => /[\s./_\p{Pd}]/u.test(char);
const MAX_SEPARATOR_RUN = 3;

/** Where an IBAN may start: a country code and two check digits, each character maybe set apart. */
const IBAN_START =
  /(?<![A-Za-z0-9])[A-Za-z](?=[\s./_\p{Pd}]{0,3}[A-Za-z][\s./_\p{Pd}]{0,3}\d[\s./_\p{Pd}]{0,3}\d)/gu;

/**
 * IBANs however they are set out: compact, in groups, with dots, slashes, hyphens, several spaces or
 * line breaks, or a space between every character. From a country code and two check digits, the
 * country's number of letters and digits is read across short runs of separators, each where the
 * country's format allows it; the next character must not carry on the number, and the whole must
 * pass the country's format and mod 97.
 */
function findIbans(text: string): FraudSignal[] {
  const found: FraudSignal[] = [];
  IBAN_START.lastIndex = 0;
  for (let match = IBAN_START.exec(text); match; match = IBAN_START.exec(text)) {
    const start = match.index;
    // Candidates may overlap ("A DE89…" tries "A D" first), so the search resumes one character on.
    IBAN_START.lastIndex = start + 1;
    if (start < (found.at(-1)?.end ?? 0)) continue;
    let compact = '';
    let format: { length: number; bban: string } | undefined;
    let end = start;
    let separators = 0;
    while (end < text.length && compact.length < (format?.length ?? 4)) {
      const char = text[end];
      const kind = asciiClass(char.charCodeAt(0));
      if (kind) {
        const expected =
          compact.length < 4 ? (compact.length < 2 ? 'a' : 'd') : format?.bban[compact.length - 4];
        if (expected !== 'x' && expected !== kind) break;
        compact += char.toUpperCase();
        separators = 0;
        if (compact.length === 2) format = IBAN_FORMATS.get(compact);
        if (compact.length === 2 && !format) break;
      } else if (separators < MAX_SEPARATOR_RUN && isIbanSeparator(char)) separators += 1;
      else break;
      end += 1;
    }
    if (!format || compact.length !== format.length || isAlphanumeric(text[end]) || !isValidIBAN(compact))
      continue;
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

/**
 * Words that move money. "Send" moves documents and trucks as often, so it counts only with a word
 * for money after it; "wire" is copper wire and wire rope as often, so it counts only with an object.
 */
const AMOUNT = String.raw`(?:[$€£]?\d[\d.,]*(?:%|k)?|usd|eur|gbp)`;
const OBJECT_WORD = `(?:it|me|us|them|the|a|an|this|that|money|payment|funds|balance|amount|deposit|cash|full|rest|total|price|invoice|sum|advance|remaining|to|in|into|over|${AMOUNT})`;
const MONEY_WORD = `(?:money|payment|payments|funds|balance|amount|deposit|cash|price|invoice|sum|advance|remainder)`;
const OBJECT = String.raw`(?:\s+${OBJECT_WORD}){0,4}`;
const MOVE_MONEY = String.raw`(?:(?:pay|paid|paying|transfer|transferring|remit|remitting|deposit|depositing)${OBJECT}|(?:wire|wiring)(?:\s+${OBJECT_WORD}){1,4}|(?:send|sending)(?:\s+${OBJECT_WORD}){0,3}?\s+${MONEY_WORD}(?:\s+(?:over|to|me|us)){0,3})`;
/** "Directly" or "straight", but not "straight away" or "direct debit". */
const DIRECTLY = String.raw`(?:direct(?:ly)?|straight)\b(?!\s*(?:away|debit))`;
/** The platform's own ways to pay: "directly through escrow" is not a request to leave it. */
const THROUGH_PLATFORM = String.raw`(?!\s+(?:through|via|into|in|to|on|with|using)\s+(?:the\s+)?(?:escrow|platform|recytrade|checkout))`;
/** Those whose own charges are paid directly as a matter of course: "freight paid directly to the line". */
const THIRD_PARTY = String.raw`(?!\s+(?:to|by)\s+(?:the\s+)?(?:carrier|shipping\s+line|line|forwarder|freight\s+forwarder|port|customs|terminal|haulier|insurer|surveyor|inspector|inspection\s+company|lab))`;
/** "my account", "our bank", "the following acct", "this a/c". */
const OWN_ACCOUNT = String.raw`(?:my|our|this|the\s+following|the\s+below)\s+(?:own\s+|personal\s+|private\s+|company\s+|business\s+|new\s+|other\s+)?(?:(?:bank\s+)?(?:accounts?|acct|acc|a\/c)|bank)\b`;
const PLATFORM = '(?:escrow|platform|recytrade|marketplace)';

/** Requests to pay outside the platform, in the phrasings seen (the table in fraud-signals.test.ts). */
const OFF_PLATFORM_PATTERNS: RegExp[] = [
  // "send the money directly", "pay me direct", "wire it straight" (not "pay directly through escrow").
  new RegExp(String.raw`\b${MOVE_MONEY}\s+${DIRECTLY}${THROUGH_PLATFORM}${THIRD_PARTY}`, 'gi'),
  // "pay to my account", "pay straight to our bank", "wire it to my acct", "bank transfer to our account".
  new RegExp(String.raw`\b${MOVE_MONEY}\s+(?:${DIRECTLY}\s+)?(?:to|into|in|on)\s+${OWN_ACCOUNT}`, 'gi'),
  // "wire it to us instead", "pay us instead" (not "pay by card instead").
  new RegExp(String.raw`\b${MOVE_MONEY}\s+instead\b`, 'gi'),
  // "a direct bank transfer", "direct payment" (not "direct payment through escrow").
  new RegExp(String.raw`\bdirect\s+(?:bank\s+)?(?:payment|transfer|wire|deposit)\b${THROUGH_PLATFORM}`, 'gi'),
  // "skip the escrow", "outside the platform", "instead of escrow", "off-platform", "around Recytrade".
  new RegExp(
    String.raw`\b(?:skip|skipping|avoid|avoiding|bypass|bypassing|circumvent|circumventing|(?:go|get|going|getting)\s+around|outside(?:\s+of)?|off|instead\s+of|rather\s+than)[\s-]+(?:the\s+|using\s+(?:the\s+)?)?${PLATFORM}\b`,
    'gi',
  ),
  // "no need for escrow", "we don't need the escrow", "forget the escrow".
  /\b(?:no|don[’']?t|do\s+not)\s+need\s+(?:for\s+|to\s+use\s+|)(?:the\s+|an\s+)?escrow\b/gi,
  /\bforget\s+(?:about\s+)?(?:the\s+)?escrow\b/gi,
  // "our bank details", "my new banking details" (an invoice's changed account is a known fraud).
  /\b(?:my|our)\s+(?:new\s+|updated\s+|company\s+)?(?:bank|banking|wire)\s+(?:details|info|information|coordinates|instructions)\b/gi,
  // Channels money cannot be got back from.
  /\b(?:western\s+union|moneygram)\b/gi,
  new RegExp(
    String.raw`\b(?:pay|paid|paying|payment|send|transfer|wire)\b(?:\s+${OBJECT_WORD}){0,3}\s+(?:via|by|through|with|using|in|over)\s+(?:bitcoin|btc|usdt|tether|crypto(?:currency)?|paypal|zelle|venmo|cash\s*app|gift\s+cards?)\b`,
    'gi',
  ),
];

/** A warning is not a request: "never pay outside escrow", "please don't send money directly". */
const NEGATION_BEFORE =
  /\b(?:never|not|don[’']?t|do\s+not|doesn[’']?t|does\s+not|won[’']?t|will\s+not|can[’']?t|cannot|shouldn[’']?t|should\s+not|avoid|refuse)\s+(?:\w+\s+){0,2}$/i;

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
 * A message as the detectors read it, and where each of its characters came from. Unicode NFKC folds
 * full-width and other compatibility forms ("ＤＥ８９" is "DE89", a no-break space is a space); format
 * characters (zero-width spaces and joiners, soft hyphens, direction marks) are dropped. `from[i]` and
 * `to[i]` are the original offsets of character i, so findings are highlighted where the trader typed them.
 */
function readable(text: string): { text: string; from: number[]; to: number[] } | null {
  // Plain ASCII, most messages, is read as it is.
  if (!/[^\p{ASCII}]/u.test(text)) return null;
  let out = '';
  const from: number[] = [];
  const to: number[] = [];
  let at = 0;
  for (const char of text) {
    const next = at + char.length;
    const folded = char.charCodeAt(0) < 0x80 ? char : /\p{Cf}/u.test(char) ? '' : char.normalize('NFKC');
    for (let i = 0; i < folded.length; i += 1) {
      from.push(at);
      to.push(next);
    }
    out += folded;
    at = next;
  }
  return { text: out, from, to };
}

/** The findings of one text, each kind's overlapping spans joined, a span inside a larger one dropped. */
function detect(text: string): FraudSignal[] {
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
    if (last && last.kind === signal.kind && signal.start < last.end) last.end = signal.end;
    else kept.push({ ...signal });
  }
  return kept;
}

/**
 * Every signal in a message, in text order, with its span in the message as written. `earlier`: the
 * sender's previous messages just before it, oldest first, read together with it, so bank details
 * split over two messages are found; only findings that reach into this message count, clipped to it
 * (one wholly in an earlier message was that message's).
 */
export function findFraudSignals(text: string, earlier: readonly string[] = []): FraudSignal[] {
  const joined = [...earlier, text].join('\n');
  const offset = joined.length - text.length;
  const read = readable(joined);
  const signals = detect(read?.text ?? joined).map((signal) =>
    read ? { ...signal, start: read.from[signal.start], end: read.to[signal.end - 1] } : signal,
  );
  return signals
    .filter((signal) => signal.end > offset)
    .map((signal) => {
      const start = Math.max(signal.start, offset) - offset;
      const end = signal.end - offset;
      return { kind: signal.kind, start, end, text: text.slice(start, end) };
    });
}

/** The kinds of signal in a message (read with the sender's `earlier` messages), each once, in FRAUD_SIGNAL_KINDS order. */
export function fraudSignalKinds(text: string, earlier: readonly string[] = []): FraudSignalKind[] {
  const kinds = new Set(findFraudSignals(text, earlier).map((s) => s.kind));
  return FRAUD_SIGNAL_KINDS.filter((kind) => kinds.has(kind));
}
