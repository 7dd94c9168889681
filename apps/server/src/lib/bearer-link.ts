import { createHash, randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';

const COOKIE = 'bearer_link';
const hashOf = (key: string) => createHash('sha256').update(key).digest('hex');

function cookieValue(request: FastifyRequest, name: string): string | undefined {
  for (const part of (request.headers.cookie ?? '').split(';')) {
    const [k, ...v] = part.trim().split('=');
    if (k === name) return decodeURIComponent(v.join('='));
  }
  return undefined;
}

/**
 * A page that grants access to whoever holds its link (the sandbox's hosted checkout and customer
 * portal) belongs to the first browser that opens it: that request gets a random key in a cookie
 * scoped to the link's path, only its hash is stored, and any other browser is refused. A link that
 * leaks (a forwarded email, a shared screen, browser history on another machine) is worth nothing.
 *
 * `claim` stores the hash only if none is stored yet (a conditional update), so two first visits
 * racing each other leave exactly one owner.
 */
export async function holdsBearerLink(
  request: FastifyRequest,
  reply: FastifyReply,
  link: { path: string; keyHash: string | null; claim(keyHash: string): Promise<boolean> },
): Promise<boolean> {
  const presented = cookieValue(request, COOKIE);
  if (link.keyHash) return presented !== undefined && hashOf(presented) === link.keyHash;
  const key = randomBytes(24).toString('base64url');
  if (!(await link.claim(hashOf(key)))) return false;
  const secure = request.protocol === 'https' ? '; Secure' : '';
  reply.header(
    'set-cookie',
    `${COOKIE}=${key}; Path=${link.path}; HttpOnly; SameSite=Lax; Max-Age=86400${secure}`,
  );
  return true;
}
