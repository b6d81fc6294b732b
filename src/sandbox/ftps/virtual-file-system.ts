import { randomUUID } from 'node:crypto';
import { posix } from 'node:path';
import type { Writable } from 'node:stream';
import { FileSystem, type FtpConnection } from 'ftp-srv';
import type { IngestMessageType } from '../../contract/ingest-history.js';
import type { SandboxContext } from '../context.js';
import type { DemoClient } from '../identity/demo-clients.js';
import { boundedUpload, Refused } from './bounded-upload.js';
import { ftpsPickupJob, pickupOrderKey } from './ftps-pickup.js';
import { foldersOf, parseFtpsFileName } from './ftps-folders.js';

/** What the FTPS file system uses of the sandbox's context: the signature says what it depends on. */
type FileSystemDeps = Pick<SandboxContext, 'config' | 'jobs' | 'now' | 'store'>;

/** Largest file taken (the HTTPS body limit). */
const MAX_FILE_BYTES = 10 * 1024 * 1024;

/** What LIST and SIZE need of a directory entry (ftp-srv formats it like `ls -l`). */
interface EntryStat {
  name: string;
  size: number;
  mtime: Date;
  mode: number;
  isDirectory(): boolean;
}

const directory = (name: string, mtime: Date): EntryStat => ({ name, size: 0, mtime, mode: 0o755, isDirectory: () => true });
const file = (name: string, size: number, mtime: Date): EntryStat => ({ name, size, mtime, mode: 0o644, isDirectory: () => false });

type Target = { kind: 'root' } | { kind: 'folder'; type: IngestMessageType } | { kind: 'file'; type: IngestMessageType; name: string };

/**
 * One FTPS session's view (ftp-srv's custom FileSystem): `/` holds one folder per message type the
 * client may ingest, each listing the tenant's files waiting for pickup, all of it in the
 * database. Upload only: files are stored (and their pickup scheduled) when the upload ends;
 * downloads, renames and new folders are refused; a client may delete only a waiting file it
 * uploaded itself. Another tenant's files are not visible here at all.
 */
export class VirtualFileSystem extends FileSystem {
  private readonly folders: Map<string, IngestMessageType>;
  private dir = '/';

  constructor(
    connection: FtpConnection,
    private readonly ctx: FileSystemDeps,
    private readonly client: DemoClient,
    types: readonly IngestMessageType[],
  ) {
    super(connection, { root: '/', cwd: '/' });
    this.folders = foldersOf(types);
  }

  private resolve(path = '.'): Target {
    const segments = posix.resolve(this.dir, path).split('/').filter(Boolean);
    const [folder, name, ...rest] = segments;
    if (folder === undefined) return { kind: 'root' };
    const type = this.folders.get(folder);
    if (!type || rest.length) throw new Refused(`No such folder: ${posix.resolve(this.dir, path)}`);
    return name === undefined ? { kind: 'folder', type } : { kind: 'file', type, name };
  }

  override currentDirectory(): string {
    return this.dir;
  }

  override async get(fileName: string): Promise<EntryStat> {
    const target = this.resolve(fileName);
    const now = this.ctx.now();
    if (target.kind !== 'file') return directory(posix.basename(posix.resolve(this.dir, fileName)) || '/', now);
    const found = await this.ctx.store.repos.ftpsFiles.find(this.client.tenantId, target.type, target.name);
    if (!found) throw new Refused(`No such file: ${target.name}`);
    return file(found.fileName, found.size, new Date(found.uploadedAt));
  }

  override async list(path = '.'): Promise<EntryStat[]> {
    const target = this.resolve(path);
    const now = this.ctx.now();
    if (target.kind === 'root') return [...this.folders.keys()].map((name) => directory(name, now));
    if (target.kind === 'file') throw new Refused('Not a folder');
    const files = await this.ctx.store.repos.ftpsFiles.list(this.client.tenantId, target.type);
    return files.map((f) => file(f.fileName, f.size, new Date(f.uploadedAt)));
  }

  override async chdir(path = '.'): Promise<string> {
    const target = this.resolve(path);
    if (target.kind === 'file') throw new Refused('Not a folder');
    this.dir = target.kind === 'root' ? '/' : `/${[...this.folders].find(([, t]) => t === target.type)?.[0] ?? ''}`;
    return this.dir;
  }

  override write(fileName: string): { stream: Writable; clientPath: string } {
    const target = this.resolve(fileName);
    if (target.kind !== 'file')
      throw new Refused('Upload files into a message type folder, e.g. /C4T.CustomsShipment.1.0/{messageId}.json');
    const parsed = parseFtpsFileName(target.name);
    if (!parsed) throw new Refused(`File names are {messageId}.json or {messageId}.xml; ${target.name} is not`);
    const stream = boundedUpload(MAX_FILE_BYTES, (bytes) => this.store(target.type, target.name, parsed.messageId, bytes));
    return { stream, clientPath: `/${posix.join(...posix.resolve(this.dir, fileName).split('/').filter(Boolean))}` };
  }

  private async store(type: IngestMessageType, fileName: string, messageId: string, bytes: Buffer): Promise<void> {
    const { ctx, client } = this;
    const content = bytes.toString('utf8').replace(/^\uFEFF/, '');
    const id = randomUUID();
    await ctx.store.transaction(async (tx) => {
      await tx.ftpsFiles.put({
        id,
        tenantId: client.tenantId,
        clientId: client.clientId,
        messageType: type,
        fileName,
        content,
        size: bytes.length,
        uploadedAt: ctx.now().toISOString(),
      });
      await ctx.jobs.enqueueIn(tx, ftpsPickupJob, { id }, ctx.config.ftpsPickupMs, {
        orderKey: pickupOrderKey(client.tenantId, type, messageId),
      });
    });
  }

  override read(): Promise<never> {
    return Promise.reject(new Refused('Upload only: files cannot be downloaded'));
  }

  override async delete(path: string): Promise<void> {
    const target = this.resolve(path);
    if (target.kind !== 'file') throw new Refused('Folders cannot be deleted');
    const found = await this.ctx.store.repos.ftpsFiles.find(this.client.tenantId, target.type, target.name);
    if (!found) throw new Refused(`No such file: ${target.name}`);
    if (found.clientId !== this.client.clientId) throw new Refused('Permission denied: the file was uploaded by another client');
    await this.ctx.store.repos.ftpsFiles.remove(found.id);
  }

  override mkdir(): Promise<never> {
    return Promise.reject(new Refused('Folders are fixed: one per message type'));
  }

  override rename(): Promise<never> {
    return Promise.reject(new Refused('Files cannot be renamed'));
  }

  override chmod(): Promise<never> {
    return Promise.reject(new Refused('Permissions are fixed'));
  }
}
