/**
 * The private-files module's face: what other modules and the app may use. Other modules import from here only.
 */

export { PRIVATE_FILES_PURGE_JOB, registerPrivateFiles } from './private-files.module.ts';
export type { PrivateFileReaderRule, PrivateFilesService } from './private-files.service.ts';
