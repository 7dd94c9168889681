import * as z from '../zod.ts';
import { PRIVATE_FILE_PURPOSES } from './private-files.ts';

export * from './private-files.ts';

/** A stored private file as its owner and those admitted see it (PrivateFileView). */
export const PrivateFileViewSchema = z.object({
  id: z.string(),
  purpose: z.enum(PRIVATE_FILE_PURPOSES),
  fileName: z.string(),
  contentType: z.string(),
  byteSize: z.number().int(),
  url: z.string(),
  createdAt: z.string(),
});
