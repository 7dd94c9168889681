import { describe, expect, it } from 'vitest';
import { findCycles, readModuleGraph } from './module-graph.ts';

describe('the module graph', () => {
  it('has no cycle between server modules or between web features', async () => {
    const graph = await readModuleGraph();
    expect(graph.size).toBeGreaterThan(20);
    expect(findCycles(graph)).toEqual([]);
  });

  it('finds a cycle when there is one', () => {
    const graph = new Map([
      ['server:a', new Set(['server:b'])],
      ['server:b', new Set(['server:c'])],
      ['server:c', new Set(['server:a'])],
      ['server:d', new Set(['server:a'])],
    ]);
    expect(findCycles(graph)).toEqual([['server:a', 'server:b', 'server:c']]);
  });
});
