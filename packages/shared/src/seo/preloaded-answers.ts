/**
 * A public page's first API answers, inlined by the server into the HTML it sends a visitor (a data
 * block: `<script type="application/json" id="preloaded-answers">`), keyed by the request's path and
 * query exactly as the web app builds it. The web app takes each answer once instead of fetching it.
 */
export const PRELOADED_ANSWERS_ELEMENT_ID = 'preloaded-answers';

export type PreloadedAnswers = Record<string, unknown>;
