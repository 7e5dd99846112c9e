import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
// @ts-expect-error s3rver ships no types
import S3rver from 's3rver';
import type { S3Config } from '../src/config.ts';

/** An in-process S3-compatible server with one empty bucket, for storage tests. */
export async function startS3(): Promise<{ s3: S3Config; close(): Promise<void> }> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'cool-s3-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: 'uploads' }],
  });
  const { port } = await server.run();
  return {
    s3: {
      endpoint: `http://127.0.0.1:${port}`,
      bucket: 'uploads',
      region: 'us-east-1',
      accessKeyId: 'S3RVER',
      secretAccessKey: 'S3RVER',
      forcePathStyle: true,
    },
    async close() {
      await server.close();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}
