import { CheckCircle2, FlaskConical, Lightbulb, XCircle } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Progress } from '@/components/ui/progress';
import { toast } from '@/components/ui/toast';
import { parseApiError } from '@/lib/api-client';
import { type EscrowTestResult, useRunEscrowTest } from '../api/run-escrow-test';

/** One line per step: "✓ Create transaction: …" or "✗ …". */
export const escrowTestLog = (result: EscrowTestResult) =>
  result.log
    .map((line) => `${line.ok ? '✓' : '✗'} ${line.step}${line.detail ? `: ${line.detail}` : ''}`)
    .join('\n');

/** Progress that creeps towards 90% while the request runs, so a slow provider still shows movement. */
function useCreepingProgress(running: boolean) {
  const [value, setValue] = useState(0);
  useEffect(() => {
    if (!running) return;
    setValue(8);
    const timer = setInterval(() => setValue((v) => Math.min(90, v + (90 - v) * 0.15)), 250);
    return () => clearInterval(timer);
  }, [running]);
  return running ? value : 0;
}

/** Runs create, status and release against the configured escrow provider in test mode and shows the log. */
export function EscrowTestRunner() {
  const run = useRunEscrowTest();
  const progress = useCreepingProgress(run.isPending);

  const start = () => {
    if (run.isPending) return;
    run.mutate(undefined, {
      onSuccess: (result) =>
        result.ok
          ? toast.success('Escrow integration test passed')
          : toast.error('Escrow integration test failed', {
              description: 'See the log and the hints below.',
            }),
      onError: (error) => toast.error(parseApiError(error).message),
    });
  };

  const result = run.data;
  return (
    <div className="grid gap-6">
      <Card>
        <CardHeader>
          <CardTitle className="flex items-center gap-2">
            <FlaskConical className="size-5 text-primary" aria-hidden />
            Integration test
          </CardTitle>
          <CardDescription>
            Creates a test transaction with sample values (a $100.00 deal with $3.00 commission), reads its
            status and releases it, against the escrow provider this server is configured with. No real money
            moves.
          </CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4">
          <div>
            <Button onClick={start} disabled={run.isPending}>
              {run.isPending ? 'Running Test...' : 'Run Integration Test'}
            </Button>
          </div>
          {run.isPending ? (
            <div className="grid gap-2" aria-live="polite">
              <Progress value={progress} aria-label="Escrow integration test progress" />
              <p className="text-sm text-muted-foreground">
                Creating a test transaction, reading its status and releasing it…
              </p>
            </div>
          ) : null}
          {run.isError ? (
            <Alert variant="destructive">
              <AlertTitle>The test could not run</AlertTitle>
              <AlertDescription>{parseApiError(run.error).message}</AlertDescription>
            </Alert>
          ) : null}
        </CardContent>
      </Card>
      {result ? <EscrowTestReport result={result} /> : null}
    </div>
  );
}

function EscrowTestReport({ result }: { result: EscrowTestResult }) {
  return (
    <section aria-labelledby="escrow-test-results" className="grid gap-4">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <h2 id="escrow-test-results" className="text-xl font-semibold tracking-tight">
          Results
        </h2>
        <p
          className={
            result.ok
              ? 'flex items-center gap-1.5 text-sm font-medium text-success-soft-foreground'
              : 'flex items-center gap-1.5 text-sm font-medium text-destructive'
          }
        >
          {result.ok ? (
            <CheckCircle2 className="size-4 text-success" aria-hidden />
          ) : (
            <XCircle className="size-4" aria-hidden />
          )}
          {result.ok ? 'All steps passed' : 'A step failed'} · provider{' '}
          <span className="font-mono">{result.provider}</span>
        </p>
      </div>
      <section
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a long log that scrolls sideways must be scrollable by keyboard
        tabIndex={0}
        aria-label="Test log"
        className="overflow-x-auto rounded-card border bg-slate-950 p-4"
      >
        <pre className="font-mono text-[0.8125rem] leading-relaxed whitespace-pre text-slate-100">
          {escrowTestLog(result)}
        </pre>
      </section>
      <DebugHints hints={result.hints} />
    </section>
  );
}

/** How to read a failed step (document 3's hints by error text), after the hints of this run. */
const READING_GUIDE: [string, string][] = [
  ['"API key"', 'check the ESCROW_API_KEY secret.'],
  ['"email"', 'check the ESCROW_EMAIL secret.'],
  ['401 or "authentication"', 'verify the escrow account credentials.'],
  ['400', 'check the format of the transaction data.'],
  ['422', 'verify the email addresses and amounts.'],
  ['"non-2xx status code"', 'check the server logs for the escrow call.'],
];

function DebugHints({ hints }: { hints: string[] }) {
  return (
    <div className="rounded-card border bg-surface p-4">
      <h3 className="flex items-center gap-2 text-sm font-semibold">
        <Lightbulb className="size-4 text-warning" aria-hidden />
        Debug hints
      </h3>
      {hints.length > 0 ? (
        <ul
          className="mt-2 grid list-disc gap-1.5 pl-6 text-sm text-foreground"
          aria-label="Hints from this run"
        >
          {hints.map((hint) => (
            <li key={hint}>{hint}</li>
          ))}
        </ul>
      ) : null}
      <p className="mt-3 text-sm text-muted-foreground">
        When a step fails, its error text tells you where to look:
      </p>
      <ul className="mt-1.5 grid list-disc gap-1 pl-6 text-sm text-muted-foreground">
        {READING_GUIDE.map(([text, meaning]) => (
          <li key={text}>
            <span className="font-medium text-slate-700">{text}</span>: {meaning}
          </li>
        ))}
      </ul>
    </div>
  );
}
