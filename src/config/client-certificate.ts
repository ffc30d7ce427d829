/**
 * The client certificate for mutual TLS (--cert-file and --key-file, or certFile and keyFile of a
 * profile), read and checked before any request: a missing file, one without PEM, an encrypted key
 * or a key that is not the certificate's is one line naming the flag or the profile key, exit 2.
 */
import { UsageError } from '../exit-codes.js';
import { fileSystemMessage } from '../input/file-errors.js';
import type { ResolvedTarget, Sourced } from './resolve.js';

export interface ClientCertificate {
  cert: string;
  key: string;
}

/** `--cert-file FILE`, or `FILE: profiles.NAME.certFile FILE`. */
function where(sourced: Sourced<string>, flag: string, key: string): string {
  const source = sourced.source;
  return source.kind === 'profile' ? `${source.file}: profiles.${source.profile}.${key} ${sourced.value}` : `${flag} ${sourced.value}`;
}

async function readPem(sourced: Sourced<string>, name: string): Promise<string> {
  try {
    // Loaded here, not at start-up (see readCaFile in src/connection.ts).
    const { readFile } = await import('node:fs/promises');
    return await readFile(sourced.value, 'utf8');
  } catch (error) {
    throw new UsageError(fileSystemMessage(name, error, 'file'));
  }
}

const PRIVATE_KEY = /-----BEGIN (?:[A-Z0-9]+ )*PRIVATE KEY-----/;

export async function readClientCertificate(target: Pick<ResolvedTarget, 'certFile' | 'keyFile'>): Promise<ClientCertificate | undefined> {
  const { certFile, keyFile } = target;
  if (!certFile && !keyFile) return undefined;
  if (!certFile) {
    throw new UsageError(
      `${where(keyFile!, '--key-file', 'keyFile')}: a key without a certificate; give the client certificate with --cert-file (or certFile in the profile)`,
    );
  }
  const certWhere = where(certFile, '--cert-file', 'certFile');
  const cert = await readPem(certFile, certWhere);
  if (!cert.includes('-----BEGIN CERTIFICATE-----')) throw new UsageError(`${certWhere}: no PEM certificate found in the file`);
  // Without a key file, the key may follow the certificate in the same file (as curl's --cert allows).
  const keyWhere = keyFile ? where(keyFile, '--key-file', 'keyFile') : certWhere;
  const key = keyFile ? await readPem(keyFile, keyWhere) : cert;
  if (!PRIVATE_KEY.test(key)) {
    throw new UsageError(
      keyFile
        ? `${keyWhere}: no PEM private key found in the file`
        : `${certWhere}: no private key; give it with --key-file (or keyFile in the profile), or append it to the certificate's file`,
    );
  }
  if (key.includes('-----BEGIN ENCRYPTED PRIVATE KEY-----') || /Proc-Type: *4, *ENCRYPTED/.test(key)) {
    throw new UsageError(
      `${keyWhere}: the private key is encrypted, and camunda-admin reads unencrypted keys only`,
      'decrypt a copy readable by you alone: openssl pkey -in KEY -out PLAIN-KEY',
    );
  }
  const { X509Certificate, createPrivateKey } = await import('node:crypto');
  let privateKey;
  try {
    privateKey = createPrivateKey(key);
  } catch {
    throw new UsageError(`${keyWhere}: the private key cannot be read`);
  }
  let certificate;
  try {
    certificate = new X509Certificate(cert);
  } catch {
    throw new UsageError(`${certWhere}: the certificate cannot be read`);
  }
  if (!certificate.checkPrivateKey(privateKey)) {
    throw new UsageError(`${keyWhere}: the key does not belong to the certificate (${certWhere})`);
  }
  return { cert, key };
}
