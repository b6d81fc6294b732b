import { Readable, Writable } from 'node:stream';
import { Client, FTPError } from 'basic-ftp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ftpsFolderOf, ingestHistoryQuerySchema, type IngestHistoryEntry } from '../../contract/ingest-history.js';
import { eventually } from '../../server-kit/test-support/eventually.js';
import { freePort } from '../../server-kit/test-support/free-port.js';
import { declarationsOf, storedEvents, validShipment } from '../flows/test-fixtures.js';
import { startSandbox, type RunningSandbox } from '../test-support/start-sandbox.js';
import { ftpsPassword } from './ftps-credentials.js';

/** A real FTPS client (basic-ftp) against the running sandbox, over explicit (AUTH TLS) or implicit TLS. */
async function ftps(sb: RunningSandbox, mode: 'explicit' | 'implicit', user = 'console-acc', password?: string): Promise<Client> {
  const client = new Client(60_000);
  await client.access({
    host: '127.0.0.1',
    port: mode === 'explicit' ? sb.ctx.config.ftpsPort : sb.ctx.config.ftpsImplicitPort,
    user,
    password: password ?? (await ftpsPassword(sb.ctx.store.repos.secrets, user)),
    secure: mode === 'explicit' ? true : 'implicit',
    // The sandbox's certificate is self-signed.
    secureOptions: { rejectUnauthorized: false },
  });
  return client;
}

const upload = (client: Client, path: string, text: string) => client.uploadFrom(Readable.from([Buffer.from(text)]), path);
const names = async (client: Client, path: string) => (await client.list(path)).map((f) => f.name);

/** Polls until `check` returns a value (the pickup runs in the background). */
const eventuallyDefined = <T>(check: () => Promise<T | undefined>): Promise<T> => eventually(check, (v) => v !== undefined);

const history = async (sb: RunningSandbox, tenantId = 't-acc-001'): Promise<IngestHistoryEntry[]> =>
  (await sb.ctx.store.repos.ingestHistory.list(tenantId, ingestHistoryQuerySchema.parse({ channel: 'ftps', limit: 100 }))).entries;
const settledEntry = (sb: RunningSandbox, messageId: string, outcome?: string) => () =>
  history(sb).then((all) => all.find((e) => e.messageId === messageId && e.outcome !== 'Accepted' && (!outcome || e.outcome === outcome)));

const SHIPMENTS = `/${ftpsFolderOf('CustomsShipment')}`;

async function startWithFtps(ftpsPickupMs: number): Promise<RunningSandbox> {
  return startSandbox({ seed: false, timeScale: 1000, ftpsPort: await freePort(), ftpsImplicitPort: await freePort(), ftpsPickupMs });
}

describe('FTPS ingestion: pickup', () => {
  let sb: RunningSandbox;
  beforeAll(async () => {
    sb = await startWithFtps(100);
  });
  afterAll(async () => sb.close());

  it('picks up a customs shipment uploaded over explicit TLS, removes it, ingests it like HTTPS and records it in the history', async () => {
    const client = await ftps(sb, 'explicit');
    try {
      expect(await names(client, '/')).toEqual(
        expect.arrayContaining(['C4T.CustomsShipment.1.0', 'C4T.Formula.1.0', 'C4T.MovementOrder.1.0', 'C4T.ArticleDataItem.1.0']),
      );
      const shipment = validShipment();
      await upload(client, `${SHIPMENTS}/MSG-EXPLICIT-1.json`, JSON.stringify(shipment));

      const entry = await eventuallyDefined(settledEntry(sb, 'MSG-EXPLICIT-1'));
      expect(await names(client, SHIPMENTS)).not.toContain('MSG-EXPLICIT-1.json');
      expect(entry).toMatchObject({
        channel: 'ftps',
        messageType: 'CustomsShipment',
        fileName: 'MSG-EXPLICIT-1.json',
        format: 'json',
        businessReference: shipment.externalReference,
        outcome: 'Processed',
      });
      expect(entry.referenceId).toEqual(entry.id);
      const declarations = await eventuallyDefined(async () => {
        const found = await declarationsOf(sb, shipment.externalReference);
        return found.length ? found : undefined;
      });
      expect(entry.declarationIds).toEqual(declarations.map((d) => d.declarationId));

      // The same messageId again: recorded as a duplicate, not ingested a second time.
      await upload(client, `${SHIPMENTS}/MSG-EXPLICIT-1.json`, JSON.stringify(validShipment()));
      const duplicate = await eventuallyDefined(settledEntry(sb, 'MSG-EXPLICIT-1', 'Duplicate'));
      expect(duplicate.referenceId).toBeNull();
      expect(duplicate.errors[0]).toContain('MSG-EXPLICIT-1');
      expect(
        (await history(sb))
          .filter((e) => e.messageId === 'MSG-EXPLICIT-1')
          .map((e) => e.outcome)
          .sort(),
      ).toEqual(['Duplicate', 'Processed']);
    } finally {
      client.close();
    }
  });

  it('records the upload time as receivedAt, and the pickup (at least the pickup delay later) as processedAt', async () => {
    const client = await ftps(sb, 'explicit');
    try {
      const started = new Date().toISOString();
      await upload(client, `${SHIPMENTS}/MSG-RECEIVED-1.json`, JSON.stringify(validShipment()));
      const uploaded = new Date().toISOString();
      const entry = await eventuallyDefined(settledEntry(sb, 'MSG-RECEIVED-1'));
      expect(entry.receivedAt >= started && entry.receivedAt <= uploaded).toBe(true);
      const pickedUp = Date.parse(entry.processedAt ?? '');
      expect(pickedUp - Date.parse(entry.receivedAt)).toBeGreaterThanOrEqual(sb.ctx.config.ftpsPickupMs);
    } finally {
      client.close();
    }
  });

  it('ingests an XML file over implicit TLS, and its outcome event carries the referenceId of the history entry', async () => {
    const client = await ftps(sb, 'implicit');
    try {
      const reference = `FTPS-NOFLOW-${Date.now()}`;
      // No customs flow for an Italian office: CreationUnsuccessful.
      const xml = `<customsShipment><externalReference>${reference}</externalReference><direction>IN</direction><singleAdministrativeDocument><declType>IM</declType><declarationOfficeCode>IT223100</declarationOfficeCode></singleAdministrativeDocument></customsShipment>`;
      await upload(client, `${SHIPMENTS}/MSG-IMPLICIT-1.xml`, xml);
      const entry = await eventuallyDefined(settledEntry(sb, 'MSG-IMPLICIT-1'));
      expect(entry).toMatchObject({ format: 'xml', outcome: 'Unsuccessful', outcomeDetail: 'CreationUnsuccessful', declarationIds: [] });
      expect(entry.errors[0]).toContain('IT');
      const events = await storedEvents(sb, 'CustomsShipmentInformation');
      const outcome = events.find((e) =>
        z
          .array(z.string())
          .parse(e.data.ingestionReferences)
          .includes(entry.referenceId ?? ''),
      );
      expect(outcome).toMatchObject({ eventSubType: 'CreationUnsuccessful', data: { businessReference: reference } });
    } finally {
      client.close();
    }
  });

  it('keeps a malformed file: recorded as Rejected with the reasons an HTTPS client would get in its 400', async () => {
    const client = await ftps(sb, 'explicit');
    try {
      await upload(client, `/${ftpsFolderOf('Formula')}/BROKEN-1.json`, '{"itemId": ');
      await upload(client, `/${ftpsFolderOf('Formula')}/INVALID-1.json`, JSON.stringify({ formulaLines: 'none' }));
      const broken = await eventuallyDefined(settledEntry(sb, 'BROKEN-1'));
      expect(broken).toMatchObject({ outcome: 'Rejected', messageType: 'Formula', referenceId: null });
      expect(broken.errors[0]).toBe('The JSON file is malformed.');
      const invalid = await eventuallyDefined(settledEntry(sb, 'INVALID-1'));
      expect(invalid.outcome).toBe('Rejected');
      expect(invalid.errors.join(' ')).toContain('itemId');
      expect(await names(client, `/${ftpsFolderOf('Formula')}`)).toEqual([]);
    } finally {
      client.close();
    }
  });
});

describe('FTPS ingestion: access', () => {
  let sb: RunningSandbox;
  beforeAll(async () => {
    // Files stay in their folders for the length of these tests.
    sb = await startWithFtps(5 * 60_000);
  });
  afterAll(async () => sb.close());

  /** A permanent 55x refusal (550 not available, 551/553 not allowed). */
  const refused = (p: Promise<unknown>) => expect(p).rejects.toSatisfy((e) => e instanceof FTPError && e.code >= 550 && e.code <= 553);

  it('refuses wrong credentials and a login without TLS', async () => {
    await expect(ftps(sb, 'explicit', 'console-acc', 'wrong')).rejects.toSatisfy((e) => e instanceof FTPError && e.code === 530);
    await expect(ftps(sb, 'implicit', 'nobody', 'x')).rejects.toSatisfy((e) => e instanceof FTPError && e.code === 530);
    const plain = new Client(60_000);
    try {
      await expect(
        plain.access({
          host: '127.0.0.1',
          port: sb.ctx.config.ftpsPort,
          user: 'console-acc',
          password: await ftpsPassword(sb.ctx.store.repos.secrets, 'console-acc'),
        }),
      ).rejects.toSatisfy((e) => e instanceof FTPError && e.code === 530);
    } finally {
      plain.close();
    }
  });

  it('lists waiting files; downloads, renames and new folders are refused; only the uploader deletes', async () => {
    const own = await ftps(sb, 'explicit');
    const other = await ftps(sb, 'implicit', 'noclass-acc');
    try {
      await upload(own, `${SHIPMENTS}/WAIT-1.json`, JSON.stringify(validShipment()));
      await upload(other, `${SHIPMENTS}/OTHER-TENANT-1.json`, JSON.stringify(validShipment()));
      expect(await names(own, SHIPMENTS)).toEqual(['WAIT-1.json']);
      expect(await names(other, SHIPMENTS)).toEqual(['OTHER-TENANT-1.json']);

      const sink = new Writable({ write: (_c, _e, done) => done() });
      await refused(own.downloadTo(sink, `${SHIPMENTS}/WAIT-1.json`));
      // Another tenant's file is not there for this client: not listed, not deletable, no other tenant's folder to go to.
      await refused(own.remove(`${SHIPMENTS}/OTHER-TENANT-1.json`));
      await refused(own.cd('/t-acc-002'));
      await refused(own.send('MKD /extra'));
      await refused(own.rename(`${SHIPMENTS}/WAIT-1.json`, `${SHIPMENTS}/WAIT-2.json`));
      await refused(own.uploadFrom(Readable.from([Buffer.from('{}')]), '/not-a-folder/X.json'));
      await refused(own.uploadFrom(Readable.from([Buffer.from('{}')]), `${SHIPMENTS}/no extension`));

      // reader-acc (same tenant, no create scope) sees no folder at all.
      const reader = await ftps(sb, 'explicit', 'reader-acc');
      try {
        expect(await names(reader, '/')).toEqual([]);
        await refused(reader.remove(`${SHIPMENTS}/WAIT-1.json`));
      } finally {
        reader.close();
      }

      await own.remove(`${SHIPMENTS}/WAIT-1.json`);
      expect(await names(own, SHIPMENTS)).toEqual([]);
      expect(await names(other, SHIPMENTS)).toEqual(['OTHER-TENANT-1.json']);
    } finally {
      own.close();
      other.close();
    }
  });
});
