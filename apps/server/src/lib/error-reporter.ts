/** The structured record of an error, as the specification lists its fields. */
export type ErrorReport = {
  context: string;
  code: string;
  message: string;
  timestamp: string;
  details?: unknown;
};

export type ErrorReporter = { report(report: ErrorReport): void };

/** Posts error reports to ERROR_REPORTER_URL when set; never throws and never blocks a request. */
export function createErrorReporter(url: string | undefined): ErrorReporter {
  if (!url) return { report: () => {} };
  return {
    report(report) {
      fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(report),
      }).catch(() => {});
    },
  };
}

export function toErrorReport(context: string, err: unknown): ErrorReport {
  const e = err as { code?: unknown; message?: unknown } | undefined;
  return {
    context,
    code: typeof e?.code === 'string' && e.code ? e.code : 'UNKNOWN',
    message: typeof e?.message === 'string' && e.message ? e.message : 'Unknown error',
    timestamp: new Date().toISOString(),
  };
}
