import { createHash, randomBytes, randomUUID } from 'node:crypto';
import {
  ADMIN_API_KEYS_PAGE_SIZE,
  type AdminApiKeyPage,
  API_KEY_LIMITS,
  API_KEY_SECRET_PREFIX,
  API_MESSAGES,
  API_TOKEN_SECRET_PREFIX,
  API_TOKEN_TTL_SECONDS,
  type ApiKey,
  type ApiKeyList,
  type CreateApiKeyBody,
  type CreatedApiKey,
  type TokenResponse,
  type VerifyResponse,
} from '@app/shared/public-api/public-api.schemas';
import { type Db, inTransaction } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import type { ApiPrincipal } from '../../plugins/bearer-auth.ts';
import { type AuditActor, type AuditRecorder, noAudit } from '../access/index.ts';
import type { SessionUser } from '../accounts/index.ts';
import {
  type ApiKeyRow,
  countActiveKeys,
  deleteExpiredTokens,
  findKeyById,
  findTokenPrincipal,
  findUsableKeyByHash,
  findUserKey,
  insertKey,
  insertToken,
  listAllKeys,
  listKeys,
  lockUserKeys,
  revokeKey,
  touchKey,
} from './public-api.repository.ts';

/** last_used_at is a hint for the owner, not an audit trail: one write per key per minute at most. */
const LAST_USED_RESOLUTION_MS = 60_000;
/** 32 random bytes in base64url are 43 characters; anything much longer is not ours. */
const MAX_SECRET_LENGTH = 100;

/** Who a bearer request speaks for (set on request.apiUser by the v1 bearer hook). */
export type { ApiPrincipal };

export type PublicApiService = ReturnType<typeof createPublicApiService>;

/**
 * Secrets are 256 random bits, so a fast SHA-256 is enough to store them: a slow password hash
 * protects guessable secrets, and these are not guessable (docs/DECISIONS.md).
 */
export const hashSecret = (secret: string) => createHash('sha256').update(secret).digest('hex');

const newSecret = (prefix: string) => `${prefix}${randomBytes(32).toString('base64url')}`;

const looksLike = (secret: string, prefix: string) =>
  secret.startsWith(prefix) && secret.length <= MAX_SECRET_LENGTH;

/** The public REST API's credentials: API keys, the bearer tokens they are exchanged for, and their check. */
export function createPublicApiService(deps: { db: Db; clock: Clock; audit?: AuditRecorder }) {
  const { db, clock } = deps;
  const audit = deps.audit ?? noAudit;

  /** Creates a key and returns its secret, the only time it is shown; at most 10 active keys per user. */
  async function createKey(user: SessionUser, body: CreateApiKeyBody): Promise<CreatedApiKey> {
    const secret = newSecret(API_KEY_SECRET_PREFIX);
    const row = await db.transaction(async (tx) => {
      await lockUserKeys(tx, user.id);
      if ((await countActiveKeys(tx, user.id)) >= API_KEY_LIMITS.maxActiveKeysPerUser)
        throw new AppError('CONFLICT', API_MESSAGES.tooManyKeys);
      return insertKey(tx, {
        id: randomUUID(),
        userId: user.id,
        name: body.name,
        prefix: secret.slice(0, API_KEY_LIMITS.prefixLength),
        secretHash: hashSecret(secret),
        createdAt: clock.now(),
      });
    });
    return { ...toApiKey(row), secret };
  }

  /** The user's keys, newest first, revoked ones included. */
  async function listUserKeys(userId: string): Promise<ApiKeyList> {
    return { items: (await listKeys(db, userId)).map(toApiKey) };
  }

  /** Revokes one of the user's keys (again is a no-op); someone else's key is a 404 like an unknown one. */
  async function revokeUserKey(userId: string, keyId: string): Promise<void> {
    const key = await findUserKey(db, userId, keyId);
    if (!key) throw new AppError('NOT_FOUND', API_MESSAGES.keyNotFound);
    await revokeKey(db, key.id, clock.now());
  }

  /** /admin/security: every user's keys, unrevoked and recently used first. */
  async function adminListKeys(page: number): Promise<AdminApiKeyPage> {
    const { rows, total, active } = await listAllKeys(db, page, ADMIN_API_KEYS_PAGE_SIZE);
    return {
      items: rows.map((r) => ({ ...toApiKey(r.key), owner: r.owner })),
      activeCount: active,
      total,
      page,
      pageSize: ADMIN_API_KEYS_PAGE_SIZE,
    };
  }

  /**
   * An administrator revokes someone's key (a leaked secret, abuse): its tokens stop working at once,
   * and the audit row commits with the revocation.
   */
  async function adminRevokeKey(actor: AuditActor, keyId: string): Promise<void> {
    await inTransaction(db, async (tx) => {
      const key = await findKeyById(tx, keyId);
      if (!key) throw new AppError('NOT_FOUND', API_MESSAGES.keyNotFound);
      if (key.revokedAt) throw new AppError('CONFLICT', API_MESSAGES.keyAlreadyRevoked);
      await revokeKey(tx, key.id, clock.now());
      await audit(
        {
          actor,
          action: 'api_key.revoke',
          targetType: 'api_key',
          targetId: key.id,
          details: { name: key.name, prefix: key.prefix, ownerUserId: key.userId },
        },
        tx,
      );
    });
  }

  /** Exchanges an API key for a bearer token valid for API_TOKEN_TTL_SECONDS. */
  async function exchangeToken(apiKey: string): Promise<TokenResponse> {
    if (!looksLike(apiKey, API_KEY_SECRET_PREFIX))
      throw new AppError('UNAUTHENTICATED', API_MESSAGES.invalidKey);
    const key = await findUsableKeyByHash(db, hashSecret(apiKey));
    if (!key) throw new AppError('UNAUTHENTICATED', API_MESSAGES.invalidKey);
    const now = clock.now();
    const token = newSecret(API_TOKEN_SECRET_PREFIX);
    const expiresAt = new Date(now.getTime() + API_TOKEN_TTL_SECONDS * 1000);
    await insertToken(db, {
      id: randomUUID(),
      apiKeyId: key.id,
      tokenHash: hashSecret(token),
      createdAt: now,
      expiresAt,
    });
    await recordUse(key.id, key.lastUsedAt, now);
    return {
      accessToken: token,
      tokenType: 'Bearer',
      expiresIn: API_TOKEN_TTL_SECONDS,
      expiresAt: expiresAt.toISOString(),
    };
  }

  /**
   * The principal of a bearer token, or 401. The token must be unexpired, its key unrevoked and its
   * user not suspended, all checked on every request, so revocation and suspension apply at once.
   */
  async function authenticate(token: string): Promise<ApiPrincipal> {
    if (!looksLike(token, API_TOKEN_SECRET_PREFIX))
      throw new AppError('UNAUTHENTICATED', API_MESSAGES.invalidToken);
    const now = clock.now();
    const found = await findTokenPrincipal(db, hashSecret(token), now);
    if (!found) throw new AppError('UNAUTHENTICATED', API_MESSAGES.invalidToken);
    await recordUse(found.key.id, found.key.lastUsedAt, now);
    const { lastUsedAt: _, ...key } = found.key;
    return { user: found.user, key, expiresAt: found.expiresAt };
  }

  async function recordUse(keyId: string, lastUsedAt: Date | null, now: Date): Promise<void> {
    const staleBefore = new Date(now.getTime() - LAST_USED_RESOLUTION_MS);
    // Most requests skip the write: the row just read says the key was used within the minute.
    if (lastUsedAt && lastUsedAt >= staleBefore) return;
    await touchKey(db, keyId, now, staleBefore);
  }

  /** GET /api/v1/auth/verify: the token's owner and key. */
  function describe(principal: ApiPrincipal): VerifyResponse {
    return {
      valid: true,
      user: principal.user,
      apiKey: principal.key,
      expiresAt: principal.expiresAt.toISOString(),
    };
  }

  /** Deletes expired token rows (they no longer authenticate anyway); run by a schedule. */
  async function purgeExpiredTokens(): Promise<number> {
    return deleteExpiredTokens(db, clock.now());
  }

  return {
    createKey,
    listUserKeys,
    revokeUserKey,
    adminListKeys,
    adminRevokeKey,
    exchangeToken,
    authenticate,
    describe,
    purgeExpiredTokens,
  };
}

function toApiKey(row: ApiKeyRow): ApiKey {
  return {
    id: row.id,
    name: row.name,
    prefix: row.prefix,
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
    revokedAt: row.revokedAt?.toISOString() ?? null,
  };
}
