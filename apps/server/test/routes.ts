import type { FastifyInstance } from 'fastify';

export type RegisteredRoute = { method: string; url: string };

/**
 * Every route Fastify serves, read from its route tree, so a route added later cannot be missed by a
 * test that walks them. Each printed line is a path segment under its parent (four characters of
 * indentation per level) followed by its methods.
 */
export function registeredRoutes(app: FastifyInstance): RegisteredRoute[] {
  const routes: RegisteredRoute[] = [];
  const stack: string[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = /^([│├└─\s]*)(\S.*?)(?: \(([A-Z, ]+)\))?$/.exec(line);
    if (!match) continue;
    const depth = Math.floor(match[1].length / 4);
    stack.length = depth;
    const url = (stack[depth - 1] ?? '') + match[2];
    stack[depth] = url;
    for (const method of match[3]?.split(', ') ?? []) routes.push({ method, url });
  }
  return routes;
}
