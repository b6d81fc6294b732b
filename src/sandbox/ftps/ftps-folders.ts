import { ftpsFolderOf, type IngestMessageType } from '../../contract/ingest-history.js';
import type { Scope } from '../../contract/scopes.js';

/** The scope a message type's HTTPS endpoint requires; an FTPS user sees the folders its client may ingest into. */
export const scopeOfType = (type: IngestMessageType): Scope => (type === 'MovementOrder' ? 'create:wms' : 'create:messages');

/** Files are named `{messageId}.{xml|json}` (specification, FTPS ingestion); messageId: letters, digits, `.`, `_`, `-` (sandbox default). */
const FILE_NAME = /^([A-Za-z0-9][A-Za-z0-9._-]{0,127})\.(json|xml)$/i;

export interface FtpsFileName {
  messageId: string;
  format: 'json' | 'xml';
}

export function parseFtpsFileName(fileName: string): FtpsFileName | undefined {
  const match = FILE_NAME.exec(fileName);
  if (!match?.[1] || !match[2]) return undefined;
  return { messageId: match[1], format: match[2].toLowerCase() === 'xml' ? 'xml' : 'json' };
}

/** Folder name → message type, for the types given. */
export const foldersOf = (types: readonly IngestMessageType[]): Map<string, IngestMessageType> =>
  new Map(types.map((t) => [ftpsFolderOf(t), t]));
