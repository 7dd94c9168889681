import { LISTING_LIMITS } from '@app/shared/listings/listings.schemas';
import { PRELOADED_ANSWERS_ELEMENT_ID, type PreloadedAnswers } from '@app/shared/seo/preloaded-answers';

/** What every screen reads first: the platform's switches and who is looking. */
const SHELL_READS = ['/api/settings/platform', '/api/me'];

const segment = (path: string, prefix: string) => {
  if (!path.startsWith(prefix)) return null;
  const rest = path.slice(prefix.length);
  return rest && !rest.includes('/') ? rest : null;
};

/**
 * The API reads a public page makes before it can show anything, exactly as the web app requests
 * them (same path, same query in the same order), so a visitor's first paint needs no round trip.
 * Reads that depend on another answer (a company's listings need its owner) and the ad slots'
 * configuration (not first content) are left to the browser.
 */
export function firstReadsOf(path: string, search: string): string[] {
  if (path === '/') {
    return [...SHELL_READS, '/api/settings/pricing', '/api/market/impact', '/api/listings/featured'];
  }
  // Filters in the address bar change the search; only the plain marketplace is answered ahead.
  if (path === '/marketplace' && !search) {
    const page = `/api/listings?page=1&limit=${LISTING_LIMITS.marketplacePageSize}`;
    return [...SHELL_READS, page];
  }
  if (path === '/market') return [...SHELL_READS, '/api/market/index'];
  const listingId = segment(path, '/listings/');
  if (listingId) return [...SHELL_READS, `/api/listings/${listingId}`];
  const companyId = segment(path, '/companies/');
  if (companyId) {
    return [
      ...SHELL_READS,
      `/api/companies/${companyId}`,
      `/api/companies/${companyId}/impact`,
      '/api/settings/pricing',
    ];
  }
  const slug = segment(path, '/blog/');
  if (slug) return [...SHELL_READS, `/api/blog/posts/${slug}`];
  return [];
}

/**
 * The answers as a JSON data block the browser does not execute. `<` is escaped so no text inside
 * (a listing title holding `</script>`) can end the element.
 */
export function preloadedAnswersElement(answers: PreloadedAnswers): string {
  const json = JSON.stringify(answers).replace(/</g, '\\u003c');
  return `<script type="application/json" id="${PRELOADED_ANSWERS_ELEMENT_ID}">${json}</script>`;
}

/** Puts the data block into the page's body, ahead of the app's root element. */
export function injectPreloadedAnswers(html: string, answers: PreloadedAnswers): string {
  if (Object.keys(answers).length === 0) return html;
  const element = preloadedAnswersElement(answers);
  return html.includes('<body>') ? html.replace('<body>', `<body>\n    ${element}`) : html + element;
}
