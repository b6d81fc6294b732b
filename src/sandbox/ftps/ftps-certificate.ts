import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { generate } from 'selfsigned';

export interface TlsPair {
  cert: string;
  key: string;
}

/**
 * The FTPS server's certificate: the configured PEM files (SANDBOX_FTPS_CERT and SANDBOX_FTPS_KEY),
 * or a self-signed pair for localhost generated once under dataDir (owner-only files).
 */
export async function loadOrCreateFtpsCertificate(config: {
  dataDir: string;
  ftpsCert?: string | undefined;
  ftpsKey?: string | undefined;
}): Promise<TlsPair> {
  if (config.ftpsCert || config.ftpsKey) {
    if (!config.ftpsCert || !config.ftpsKey) throw new Error('SANDBOX_FTPS_CERT and SANDBOX_FTPS_KEY go together: set both or neither');
    return { cert: readFileSync(config.ftpsCert, 'utf8'), key: readFileSync(config.ftpsKey, 'utf8') };
  }
  const certFile = join(config.dataDir, 'ftps-cert.pem');
  const keyFile = join(config.dataDir, 'ftps-key.pem');
  if (existsSync(certFile) && existsSync(keyFile)) return { cert: readFileSync(certFile, 'utf8'), key: readFileSync(keyFile, 'utf8') };
  const notAfterDate = new Date();
  notAfterDate.setFullYear(notAfterDate.getFullYear() + 2);
  const pems = await generate([{ name: 'commonName', value: 'localhost' }], {
    keyType: 'ec',
    curve: 'P-256',
    notAfterDate,
    extensions: [
      {
        name: 'subjectAltName',
        altNames: [
          { type: 2, value: 'localhost' },
          { type: 7, ip: '127.0.0.1' },
        ],
      },
    ],
  });
  mkdirSync(config.dataDir, { recursive: true });
  writeFileSync(keyFile, pems.private, { mode: 0o600 });
  writeFileSync(certFile, pems.cert, { mode: 0o600 });
  return { cert: pems.cert, key: pems.private };
}
