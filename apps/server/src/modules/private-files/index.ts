/**
 * The private-files module's face: what other modules and the app may use. Other modules import from here only.
 */

export { registerPrivateFiles } from './private-files.module.ts';
export type { PrivateFilesService } from './private-files.service.ts';
