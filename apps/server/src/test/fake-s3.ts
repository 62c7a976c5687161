import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';

export type FakeS3 = {
  endpoint: string;
  bucket: string;
  /** Any pair works: s3rver checks the signature's shape, not the keys. */
  accessKeyId: string;
  secretAccessKey: string;
  stop: () => Promise<void>;
};

/**
 * An S3-compatible server (s3rver) in this process, on a free port, with one empty bucket. No real
 * cloud is reachable from the test machines; this speaks the same HTTP API the SDK uses.
 */
export async function startFakeS3(bucket = 'kasuwa-test-uploads'): Promise<FakeS3> {
  const directory = await mkdtemp(path.join(os.tmpdir(), 'kasuwa-s3rver-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  });
  const { port } = await server.run();
  return {
    endpoint: `http://127.0.0.1:${port}`,
    bucket,
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
    stop: async () => {
      // The SDK keeps sockets alive; without this, close() waits for them to time out.
      server.httpServer?.closeAllConnections();
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
