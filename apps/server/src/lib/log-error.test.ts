import { describe, expect, it } from 'vitest';
import { errorLine } from './log-error.ts';

describe('error log lines', () => {
  it("carry a job queue failure's message, stack and fields, not [object Object]", () => {
    // pg-boss reports a worker's failed fetch as a plain copy of the error, with the queue and worker.
    const cause = Object.assign(new Error('terminating connection due to administrator command'), {
      code: '57P01',
    });
    const reported = {
      ...cause,
      message: cause.message,
      stack: cause.stack,
      queue: 'email.send',
      worker: 'w1',
    };
    const line = JSON.parse(errorLine('job queue error', reported));
    expect(line).toMatchObject({
      level: 'error',
      msg: 'job queue error',
      err: {
        message: 'terminating connection due to administrator command',
        code: '57P01',
        queue: 'email.send',
        worker: 'w1',
      },
    });
    expect(line.err.stack).toContain('log-error.test.ts');
  });

  it("leave out object fields such as a pg error's client and its connection parameters, and keep the cause", () => {
    const cause = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
    const err = Object.assign(new Error('Failed query', { cause }), {
      client: { connectionParameters: { password: 's3cret' } },
    });
    const text = errorLine('failed', err);
    expect(text).not.toContain('s3cret');
    expect(JSON.parse(text).err.cause).toMatchObject({ code: 'ECONNREFUSED' });
  });

  it('keep an Error thrown by a handler whole, with its name and fields', () => {
    const err = Object.assign(new TypeError('boom'), { status: 502 });
    const line = JSON.parse(errorLine('failed', err, { dealId: 'deal_1' }));
    expect(line).toMatchObject({
      dealId: 'deal_1',
      err: { name: 'TypeError', message: 'boom', status: 502 },
    });
    expect(line.err.stack).toContain('TypeError: boom');
  });
});
