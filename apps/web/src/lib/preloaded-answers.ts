import { PRELOADED_ANSWERS_ELEMENT_ID, type PreloadedAnswers } from '@app/shared/seo/preloaded-answers';

/** Answers older than this are fetched again: the page has been open a while, the data may have moved. */
const FRESH_FOR_MS = 30_000;

let answers: Map<string, unknown> | undefined;

function readAnswers(): Map<string, unknown> {
  if (answers) return answers;
  answers = new Map();
  const element =
    typeof document === 'undefined' ? null : document.getElementById(PRELOADED_ANSWERS_ELEMENT_ID);
  if (!element?.textContent) return answers;
  try {
    for (const [url, body] of Object.entries(JSON.parse(element.textContent) as PreloadedAnswers))
      answers.set(url, body);
  } catch {
    // A damaged block only costs the round trips it was meant to save.
  }
  element.remove();
  return answers;
}

/**
 * The server's answer to `url` inlined in the page a visitor opened (server: modules/seo), taken
 * once: the first read of each uses it, every later read goes to the network.
 */
export function takePreloadedAnswer(url: string): { body: unknown } | undefined {
  const inlined = readAnswers();
  if (!inlined.has(url)) return undefined;
  const body = inlined.get(url);
  inlined.delete(url);
  return performance.now() <= FRESH_FOR_MS ? { body } : undefined;
}
