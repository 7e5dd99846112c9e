import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import type { S3Client } from '@aws-sdk/client-s3';
import type { Config, S3Config } from '../../config.ts';

/** Where uploaded files live: the server's disk, or object storage that every server shares. */
export interface UploadStorage {
  /** Stores the bytes under `name` (names are content hashes, so an existing file is left alone). */
  save(name: string, data: Buffer, contentType: string): Promise<void>;
  /** The stored file, or null when there is none. */
  open(name: string): Promise<{ stream: Readable; size: number } | null>;
  close(): void;
}

/** Files in one directory (`DATA_DIR/uploads` by default); names are checked by the caller. */
export class DiskStorage implements UploadStorage {
  constructor(private readonly dir: string) {}

  async save(name: string, data: Buffer): Promise<void> {
    await fs.promises.mkdir(this.dir, { recursive: true });
    const target = path.join(this.dir, name);
    if (fs.existsSync(target)) return;
    // Write then rename, so a reader never sees half a file.
    const temporary = `${target}.${process.pid}.${Date.now()}.tmp`;
    await fs.promises.writeFile(temporary, data);
    await fs.promises.rename(temporary, target);
  }

  async open(name: string) {
    const file = path.join(this.dir, name);
    try {
      const stat = await fs.promises.stat(file);
      if (!stat.isFile()) return null;
      return { stream: fs.createReadStream(file), size: stat.size };
    } catch {
      return null;
    }
  }

  close() {}
}

// The SDK is a large share of a start to load: it is loaded with the first file stored or read.
const sdk = () => import('@aws-sdk/client-s3');

/** Objects under `uploads/` in an S3-compatible bucket; any server can read what another stored. */
export class S3Storage implements UploadStorage {
  private client: Promise<S3Client> | undefined;

  constructor(private readonly s3: S3Config) {}

  private connect(): Promise<S3Client> {
    const s3 = this.s3;
    this.client ??= sdk().then(
      ({ S3Client }) =>
        new S3Client({
          endpoint: s3.endpoint,
          region: s3.region,
          forcePathStyle: s3.forcePathStyle,
          // The SDK's default checksums are refused by several S3-compatible services; ask only when required.
          requestChecksumCalculation: 'WHEN_REQUIRED',
          responseChecksumValidation: 'WHEN_REQUIRED',
          ...(s3.accessKeyId && s3.secretAccessKey
            ? { credentials: { accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey } }
            : {}),
        }),
    );
    return this.client;
  }

  async save(name: string, data: Buffer, contentType: string): Promise<void> {
    const { PutObjectCommand } = await sdk();
    await (await this.connect()).send(
      new PutObjectCommand({
        Bucket: this.s3.bucket,
        Key: `uploads/${name}`,
        Body: data,
        ContentType: contentType,
      }),
    );
  }

  async open(name: string) {
    const { GetObjectCommand, S3ServiceException } = await sdk();
    try {
      const object = await (await this.connect()).send(
        new GetObjectCommand({ Bucket: this.s3.bucket, Key: `uploads/${name}` }),
      );
      if (!(object.Body instanceof Readable) || object.ContentLength === undefined) return null;
      return { stream: object.Body, size: object.ContentLength };
    } catch (error) {
      if (error instanceof S3ServiceException && error.$metadata.httpStatusCode === 404) return null;
      throw error;
    }
  }

  close() {
    void this.client?.then((client) => client.destroy());
  }
}

export const createStorage = (config: Config): UploadStorage =>
  config.s3 ? new S3Storage(config.s3) : new DiskStorage(config.uploadDir);
