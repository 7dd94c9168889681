import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';

async function freshModule() {
  vi.resetModules();
  return import('./preloaded-answers');
}

function inline(answers: Record<string, unknown>) {
  const element = document.createElement('script');
  element.type = 'application/json';
  element.id = 'preloaded-answers';
  element.textContent = JSON.stringify(answers).replace(/</g, '\\u003c');
  document.body.prepend(element);
}

describe('the answers a visitor’s page arrived with', () => {
  afterEach(() => {
    document.getElementById('preloaded-answers')?.remove();
    vi.restoreAllMocks();
  });

  it('gives each answer once, to the read of the same path and query, and drops the block', async () => {
    inline({ '/api/listings?page=1&limit=20': { items: [{ title: 'PET </script> bales' }] } });
    const { takePreloadedAnswer } = await freshModule();
    expect(takePreloadedAnswer('/api/listings?limit=20&page=1')).toBeUndefined();
    expect(takePreloadedAnswer('/api/listings?page=1&limit=20')).toEqual({
      body: { items: [{ title: 'PET </script> bales' }] },
    });
    expect(takePreloadedAnswer('/api/listings?page=1&limit=20')).toBeUndefined();
    expect(document.getElementById('preloaded-answers')).toBeNull();
  });

  it('is a query’s data from its start, so the first render has it, and later reads go to the network', async () => {
    inline({ '/api/listings?page=1&limit=20': { items: [{ id: 'l1' }], page: 1 } });
    vi.resetModules();
    const { preloadedData } = await import('./api-client');
    const queryFn = vi.fn(async () => ({ pages: [], pageParams: [] }));
    const client = new QueryClient({ defaultOptions: { queries: { staleTime: 30_000 } } });
    const observer = new QueryObserver(client, {
      queryKey: ['listings'],
      queryFn,
      initialData: preloadedData('/api/listings', {
        query: { page: 1, limit: 20 },
        pick: (page: { items: unknown[] }) => ({ pages: [page], pageParams: [1] }),
      }),
    });
    expect(observer.getCurrentResult()).toMatchObject({
      status: 'success',
      data: { pages: [{ items: [{ id: 'l1' }], page: 1 }], pageParams: [1] },
    });
    const unsubscribe = observer.subscribe(() => undefined);
    expect(queryFn).not.toHaveBeenCalled();
    unsubscribe();
    // Taken: the next query for the same read starts without it.
    expect(preloadedData('/api/listings', { query: { page: 1, limit: 20 } })()).toBeUndefined();
  });

  it('fetches again once the page has been open for a while', async () => {
    inline({ '/api/me': { user: null } });
    vi.spyOn(performance, 'now').mockReturnValue(45_000);
    const { takePreloadedAnswer } = await freshModule();
    expect(takePreloadedAnswer('/api/me')).toBeUndefined();
  });

  it('reads nothing from a page without answers or with a damaged block', async () => {
    expect((await freshModule()).takePreloadedAnswer('/api/me')).toBeUndefined();
    const element = document.createElement('script');
    element.type = 'application/json';
    element.id = 'preloaded-answers';
    element.textContent = '{"/api/me": ';
    document.body.append(element);
    expect((await freshModule()).takePreloadedAnswer('/api/me')).toBeUndefined();
  });
});
