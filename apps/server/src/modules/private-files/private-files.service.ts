import { randomUUID } from 'node:crypto';
import {
  PRIVATE_FILE_LIMITS,
  PRIVATE_FILE_MESSAGES,
  type PrivateFilePurpose,
  type PrivateFileView,
  privateFileUrl,
} from '@app/shared/files/private-files';
import { LISTING_LIMITS } from '@app/shared/listings/listing-rules';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import { loadSharp } from '../../lib/images.ts';
import type { Storage } from '../../lib/storage.ts';
import type { SessionUser } from '../accounts/index.ts';
import {
  attachFiles,
  deleteUnattachedBefore,
  findPrivateFile,
  findPrivateFiles,
  insertPrivateFile,
  listAttachedFiles,
  type PrivateFileRow,
} from './private-files.repository.ts';

const UNATTACHED_RETENTION_MS = 86_400_000;
const IMAGE_TYPES: Record<string, string> = { jpeg: 'image/jpeg', png: 'image/png', webp: 'image/webp' };
const EXTENSIONS: Record<string, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
  'application/pdf': 'pdf',
};

/** Decides whether someone other than the owner or an administrator may read a file attached to `attachedTo`. */
export type PrivateFileReaderRule = (user: SessionUser, attachedTo: string) => Promise<boolean>;

/**
 * The content type, decided from the bytes, never from the browser's word: a PDF by its header, a
 * photo by sharp's reading of its header (which decodes nothing). The file is kept as uploaded, since
 * evidence must stay what the uploader sent; it is only ever served as an attachment.
 */
export async function detectPrivateFileType(bytes: Buffer): Promise<string | null> {
  if (bytes.subarray(0, 5).toString('latin1') === '%PDF-') return 'application/pdf';
  const sharp = await loadSharp();
  try {
    const meta = await sharp(bytes).metadata();
    const type = meta.format ? IMAGE_TYPES[meta.format] : undefined;
    if (!type || !meta.width || !meta.height) return null;
    return meta.width * meta.height <= LISTING_LIMITS.maxImagePixels ? type : null;
  } catch {
    return null;
  }
}

/** A name safe to show and to put in Content-Disposition: no paths, no control characters, bounded. */
export function cleanFileName(name: string | undefined, contentType: string): string {
  const base = (name ?? '')
    .split(/[\\/]/)
    .pop()
    ?.replace(/[\p{Cc}\p{Cf}"]/gu, '')
    .trim()
    .slice(0, PRIVATE_FILE_LIMITS.fileNameMax);
  return base || `document.${EXTENSIONS[contentType] ?? 'bin'}`;
}

export function toPrivateFileView(row: PrivateFileRow): PrivateFileView {
  return {
    id: row.id,
    purpose: row.purpose,
    fileName: row.fileName,
    contentType: row.contentType,
    byteSize: row.byteSize,
    url: privateFileUrl(row.id),
    createdAt: row.createdAt.toISOString(),
  };
}

/**
 * Private files: uploaded by a signed-in user for one purpose, attached by the step that names them
 * (a claim, a company's verification), and read only by their owner, administrators and those the
 * purpose's rule admits (the parties of the claim's deal, say). Everyone else gets the same 404.
 */
export function createPrivateFilesService(deps: {
  db: Db;
  clock: Clock;
  storage: Storage;
  isAdmin: (userId: string) => Promise<boolean>;
}) {
  const { db, clock, storage, isAdmin } = deps;
  const readerRules = new Map<PrivateFilePurpose, PrivateFileReaderRule>();

  async function upload(
    userId: string,
    purpose: PrivateFilePurpose,
    file: { bytes: Buffer; fileName?: string },
  ): Promise<PrivateFileView> {
    if (file.bytes.length > PRIVATE_FILE_LIMITS.maxBytes)
      throw new AppError('PAYLOAD_TOO_LARGE', PRIVATE_FILE_MESSAGES.tooLarge);
    const contentType = await detectPrivateFileType(file.bytes);
    if (!contentType) throw new AppError('VALIDATION_FAILED', PRIVATE_FILE_MESSAGES.wrongType);
    const id = randomUUID();
    const storageKey = `private/${purpose}/${id}.${EXTENSIONS[contentType]}`;
    await storage.put(storageKey, file.bytes, contentType);
    const row = await insertPrivateFile(db, {
      id,
      ownerUserId: userId,
      purpose,
      fileName: cleanFileName(file.fileName, contentType),
      contentType,
      byteSize: file.bytes.length,
      storageKey,
      createdAt: clock.now(),
    });
    return toPrivateFileView(row);
  }

  /**
   * Attaches the user's own uploads of `purpose` to `attachedTo` (inside the caller's transaction);
   * refuses the whole step when any id is not the user's, not of that purpose, or attached elsewhere.
   */
  async function attach(
    tx: Db,
    input: { userId: string; purpose: PrivateFilePurpose; ids: readonly string[]; attachedTo: string },
  ): Promise<PrivateFileView[]> {
    const ids = [...new Set(input.ids)];
    const rows = await attachFiles(tx, {
      ownerUserId: input.userId,
      purpose: input.purpose,
      ids,
      attachedTo: input.attachedTo,
      at: clock.now(),
    });
    if (rows.length !== ids.length) throw new AppError('VALIDATION_FAILED', PRIVATE_FILE_MESSAGES.notYours);
    const byId = new Map(rows.map((r) => [r.id, r]));
    return ids.map((id) => toPrivateFileView(byId.get(id) as PrivateFileRow));
  }

  /** Descriptions of the given files, in the given order (unknown ids are left out). */
  async function describe(ids: readonly string[], tx: Db = db): Promise<PrivateFileView[]> {
    const byId = new Map((await findPrivateFiles(tx, ids)).map((r) => [r.id, r]));
    return ids.flatMap((id) => {
      const row = byId.get(id);
      return row ? [toPrivateFileView(row)] : [];
    });
  }

  /** The files of `purpose` attached to any of `attachedTo`, each with what it is attached to. */
  async function listAttached(
    purpose: PrivateFilePurpose,
    attachedTo: readonly string[],
    tx: Db = db,
  ): Promise<Array<PrivateFileView & { attachedTo: string }>> {
    return (await listAttachedFiles(tx, purpose, attachedTo)).map((row) => ({
      ...toPrivateFileView(row),
      attachedTo: row.attachedTo as string,
    }));
  }

  /** The purpose's rule on who else may read an attached file; set once by the module that owns the purpose. */
  function allowReaders(purpose: PrivateFilePurpose, rule: PrivateFileReaderRule) {
    if (readerRules.has(purpose)) throw new Error(`Readers of ${purpose} files are already set`);
    readerRules.set(purpose, rule);
  }

  async function mayRead(user: SessionUser, row: PrivateFileRow): Promise<boolean> {
    if (row.ownerUserId === user.id) return true;
    if (await isAdmin(user.id)) return true;
    const rule = readerRules.get(row.purpose);
    return row.attachedTo !== null && rule !== undefined && (await rule(user, row.attachedTo));
  }

  /** The file's bytes for a reader it admits; a 404 for anyone else, as for a file that does not exist. */
  async function read(user: SessionUser, id: string) {
    const row = await findPrivateFile(db, id);
    if (!row || !(await mayRead(user, row))) throw new AppError('NOT_FOUND', PRIVATE_FILE_MESSAGES.notFound);
    const object = await storage.get(row.storageKey);
    if (!object) throw new AppError('NOT_FOUND', PRIVATE_FILE_MESSAGES.notFound);
    return { file: toPrivateFileView(row), body: object.body };
  }

  /** Removes uploads no step attached within a day, with their stored bytes. */
  async function purgeUnattached(): Promise<number> {
    const removed = await deleteUnattachedBefore(
      db,
      new Date(clock.now().getTime() - UNATTACHED_RETENTION_MS),
    );
    await Promise.all(removed.map((r) => storage.delete(r.storageKey).catch(() => {})));
    return removed.length;
  }

  return { upload, attach, describe, listAttached, allowReaders, read, purgeUnattached };
}

export type PrivateFilesService = ReturnType<typeof createPrivateFilesService>;
