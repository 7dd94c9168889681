import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseSync } from '@swc/core';
import { describe, expect, it } from 'vitest';

// A use case is a function a reader can hold in mind: none in the server's modules runs over 150
// lines. A closure that grew into a module of its own (a service factory of many use cases) is split
// into files that each name what they need. Functions still over the limit are listed below, with their
// length today; the list may only shrink, and a listed function may not grow.

const MODULES = path.join(path.dirname(fileURLToPath(import.meta.url)), '../apps/server/src/modules');
const MAX_LINES = 150;

/** Functions over the limit today: `file:name` → lines. Split them; never add to this list. */
const KNOWN_LONG_FUNCTIONS: Record<string, number> = {
  'accounts/accounts.service.ts:createAccountsService': 269,
  'billing/billing.service.ts:createBillingService': 352,
  'blog/blog.service.ts:createBlogService': 257,
  'campaigns/campaigns.service.ts:createCampaignsService': 327,
  'companies/companies.service.ts:createCompaniesService': 276,
  'listings/listing-editing.ts:createListingEditing': 206,
  'listings/listing-search.ts:createListingSearch': 158,
  'market/impact.service.ts:createImpactService': 165,
  'market/matching.service.ts:createMatchingService': 227,
  'market/price-index.service.ts:createPriceIndexService': 187,
  'messaging/messaging-contact-fee.ts:createMessagingContactFee': 214,
  'messaging/messaging-messages.ts:createMessagingMessages': 156,
  'notifications/notifications.service.ts:createNotificationsService': 165,
  'notifications/push.service.ts:createPushService': 266,
  'realtime/realtime.service.ts:createRealtimeService': 176,
  'reviews/reviews.service.ts:createReviewsService': 370,
  'seo/seo.service.ts:createSeoService': 175,
  'system/backups.service.ts:createBackupsService': 166,
  'trust/trust.service.ts:createTrustService': 281,
  'payments/providers/sandbox/sandbox.provider.ts:createSandboxProvider': 158,
  'payments/providers/stripe/stripe.provider.ts:createStripeProvider': 221,
};

type Span = { start: number; end: number };
type Node = { type?: string; span?: Span; [key: string]: unknown };

/** Every function of a source file with its name (or the variable it is assigned to) and its lines. */
function functionLengths(source: string): Array<{ name: string; lines: number }> {
  const ast = parseSync(source, { syntax: 'typescript', tsx: false }) as unknown as Node;
  const base = (ast.span as Span).start;
  const lineStarts = [0];
  for (let i = 0; i < source.length; i++) if (source[i] === '\n') lineStarts.push(i + 1);
  // swc counts bytes from an offset shared by every parse; positions are made relative to this file.
  const bytes = Buffer.from(source);
  const lineOf = (pos: number) => {
    const offset = bytes.subarray(0, pos - base).toString().length;
    let lo = 0;
    let hi = lineStarts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (lineStarts[mid] <= offset) lo = mid;
      else hi = mid - 1;
    }
    return lo + 1;
  };
  const found: Array<{ name: string; lines: number }> = [];
  const visit = (node: unknown, name: string) => {
    if (!node || typeof node !== 'object') return;
    if (Array.isArray(node)) {
      for (const child of node) visit(child, name);
      return;
    }
    const n = node as Node;
    let own = name;
    if (
      n.type === 'FunctionDeclaration' ||
      n.type === 'FunctionExpression' ||
      n.type === 'ArrowFunctionExpression'
    ) {
      const id = (n.identifier as { value?: string } | undefined)?.value;
      own = id ?? name;
      const span = n.span as Span;
      found.push({ name: own || '(anonymous)', lines: lineOf(span.end) - lineOf(span.start) + 1 });
    } else if (n.type === 'VariableDeclarator') {
      own = ((n.id as { value?: string } | undefined)?.value ?? name) as string;
    } else if (n.type === 'KeyValueProperty' || n.type === 'MethodProperty') {
      own = ((n.key as { value?: string } | undefined)?.value ?? name) as string;
    }
    for (const [key, value] of Object.entries(n)) if (key !== 'span') visit(value, own);
  };
  visit(ast, '');
  return found;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && e.name.endsWith('.ts') && !e.name.endsWith('.test.ts'))
    .map((e) => path.join(e.parentPath, e.name));
}

describe('function size', () => {
  it('measures a function by its lines, named by its declaration or variable', () => {
    const body = Array.from({ length: 3 }, (_, i) => `  const v${i} = ${i};`).join('\n');
    expect(functionLengths(`export function one() {\n${body}\n}\nconst two = () => 1;\n`)).toEqual([
      { name: 'one', lines: 5 },
      { name: 'two', lines: 1 },
    ]);
  });

  it(`keeps every function of the server's modules within ${MAX_LINES} lines, but the known ones, which only shrink`, () => {
    const long: Record<string, number> = {};
    for (const file of sourceFiles(MODULES))
      for (const fn of functionLengths(readFileSync(file, 'utf8')))
        if (fn.lines > MAX_LINES) long[`${path.relative(MODULES, file)}:${fn.name}`] = fn.lines;
    const problems = [
      ...Object.entries(long)
        .filter(([key, lines]) => !(key in KNOWN_LONG_FUNCTIONS) || lines > KNOWN_LONG_FUNCTIONS[key])
        .map(([key, lines]) =>
          key in KNOWN_LONG_FUNCTIONS
            ? `${key} grew to ${lines} lines (listed at ${KNOWN_LONG_FUNCTIONS[key]}): split it`
            : `${key} has ${lines} lines (at most ${MAX_LINES}): split it into use cases`,
        ),
      ...Object.keys(KNOWN_LONG_FUNCTIONS)
        .filter((key) => !(key in long))
        .map((key) => `${key} is within ${MAX_LINES} lines now: remove it from KNOWN_LONG_FUNCTIONS`),
    ];
    expect(problems).toEqual([]);
  });
});
