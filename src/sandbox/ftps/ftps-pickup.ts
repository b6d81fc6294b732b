import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import type { IngestMessageType } from '../../contract/ingest-history.js';
import type { SandboxContext } from '../context.js';
import { fileMessage, refusalReasons } from '../ingestion/message-ingesters.js';
import { parseFtpsFileName } from './ftps-folders.js';
import { defineJob } from '../worker/job-definition.js';

/** What the FTPS pickup uses of the sandbox's context: the signature says what it depends on. */
type FtpsPickupDeps = Pick<SandboxContext, 'ingesters' | 'now' | 'store'>;

/** One job per uploaded file, due `ftpsPickupMs` after the upload: the poller of the specification. */
export const ftpsPickupJob = defineJob('ftps.pickup', z.object({ id: z.string() }));

/** Files of one messageId are picked up one at a time, so a duplicate is seen as one. */
export const pickupOrderKey = (tenantId: string, type: IngestMessageType, messageId: string): string =>
  JSON.stringify(['ftps', tenantId, type, messageId]);

/**
 * Takes the file out of its folder and ingests it through its message type's ingester (the one
 * the HTTPS endpoint calls), in one transaction: a crash leaves the file in its folder, never lost
 * nor ingested twice. A messageId already ingested is recorded as Duplicate; a file the HTTPS
 * endpoint would answer 400 is recorded as Rejected with the reasons.
 */
export async function pickUpFtpsFile(ctx: FtpsPickupDeps, { id }: { id: string }): Promise<void> {
  await ctx.store.transaction(async (tx) => {
    const file = await tx.ftpsFiles.take(id);
    const name = file && parseFtpsFileName(file.fileName);
    if (!file || !name) return; // replaced by a newer upload of the same name, or deleted by its uploader
    const { tenantId, messageType, fileName, uploadedAt } = file;
    const { messageId, format } = name;
    const refused = async (outcome: 'Duplicate' | 'Rejected', errors: string[]): Promise<void> => {
      await tx.ingestHistory.record({
        id: randomUUID(),
        referenceId: null,
        tenantId,
        channel: 'ftps',
        messageType,
        messageId,
        fileName,
        format,
        receivedAt: uploadedAt,
        processedAt: ctx.now().toISOString(),
        outcome,
        errors,
      });
    };
    if (await tx.ingestHistory.hasAccepted(tenantId, messageType, messageId)) {
      return refused('Duplicate', [`messageId ${messageId} was already ingested; this file was not ingested again.`]);
    }
    const ingester = ctx.ingesters.get(messageType);
    if (!ingester) return refused('Rejected', [`${messageType} messages are not ingested by this sandbox.`]);
    try {
      const value = fileMessage(file.content, format, ingester.xml);
      await ingester.accept({ tenantId, format, value, source: { channel: 'ftps', messageId, fileName, receivedAt: uploadedAt }, tx });
    } catch (err) {
      const reasons = refusalReasons(err);
      if (!reasons) throw err;
      await refused('Rejected', reasons);
    }
  });
}
