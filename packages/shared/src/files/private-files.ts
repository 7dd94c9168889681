/**
 * Private files (claim evidence, business-registration documents): what may be uploaded, how the
 * server describes a stored file, and what a refused upload says. No zod: the deal card and the
 * company form import it on their own screens.
 */
import { LISTING_LIMITS } from '../listings/listing-rules.ts';

export const PRIVATE_FILE_PURPOSES = ['claim-evidence', 'company-document'] as const;
export type PrivateFilePurpose = (typeof PRIVATE_FILE_PURPOSES)[number];

/** Photos and PDFs, within the listing photos' byte limit. */
export const PRIVATE_FILE_LIMITS = {
  maxBytes: LISTING_LIMITS.maxImageBytes,
  contentTypes: ['image/jpeg', 'image/png', 'image/webp', 'application/pdf'],
  /** The `accept` attribute of the file inputs. */
  accept: 'image/jpeg,image/png,image/webp,application/pdf,.pdf',
  fileNameMax: 200,
} as const;

export const PRIVATE_FILE_MESSAGES = {
  wrongType: 'Please upload a photo (JPEG, PNG or WebP) or a PDF.',
  tooLarge: `Files can be at most ${LISTING_LIMITS.maxImageBytes / 1024 / 1024} MB.`,
  oneFile: 'Please upload one file at a time.',
  notFound: 'File not found',
  notYours: 'Some files could not be found. Please upload them again.',
  signIn: 'Please sign in to upload files.',
  rateLimited: 'Too many uploads. Please wait a minute and try again.',
} as const;

/** A stored private file as the owner and those admitted see it; never its storage key. */
export type PrivateFileView = {
  id: string;
  purpose: PrivateFilePurpose;
  fileName: string;
  contentType: string;
  byteSize: number;
  /** Served only to the owner, administrators and those the purpose admits, as an attachment. */
  url: string;
  createdAt: string;
};

export const privateFileUrl = (id: string): string => `/api/files/${id}`;
