import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { FileStore } from '@tus/file-store';
import { Server, type Upload } from '@tus/server';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '@/db/client.ts';
import type { JobQueue } from '@/jobs/job-queue.ts';
import { taskOf } from '@/jobs/tasks.ts';
import type { Clock } from '@/lib/clock.ts';
import { errorResponses } from '@/lib/error-responses.ts';
import { HttpError } from '@/lib/errors.ts';
import { currentSeller, type RequireSeller } from '@/plugins/auth.ts';
import { requireFeatureAccess } from '@/plugins/feature-gate.ts';
import type { ReceivedFile } from '@/uploads/multipart-files.ts';

/** Where the tus protocol is served: POST here creates an upload, `<prefix>/<id>` is the upload. */
export const RESUMABLE_UPLOADS_PATH = '/api/uploads/tus';
/** How long a partial upload is kept after it was created (issue 20): a day offline is plenty. */
export const DEFAULT_PARTIAL_UPLOAD_TTL_MS = 24 * 60 * 60 * 1000;
const EXPIRE_TASK = 'uploads.expire-resumable';

/**
 * One kind of file a resumable upload may carry (the client names it in the `kind` metadata), and
 * the pipeline it ends in: the same one as the multipart route of that kind, so the answer (and the
 * stored file) is the same whichever way the bytes came.
 */
export type ResumableKind = {
  /** The multipart field of the same upload ("image", "coverImage"): messages name it. */
  field: string;
  maxBytes: number;
  /** 413 message: "<field> is too large: <label> can be at most N MB". */
  label: string;
  finish: (sellerId: string, file: ReceivedFile, fileId: string) => Promise<unknown>;
};

export type ResumableUploadOptions = {
  /** Where the partial uploads are kept (a folder every node reaches, see docs/phone.md). */
  directory: string;
  /** A partial upload is removed this long after it was created (default 24 h). */
  ttlMs?: number;
};

export type ResumableUploadsHandle = {
  readonly directory: string;
};

declare module 'fastify' {
  interface FastifyInstance {
    resumableUploads: ResumableUploadsHandle;
  }
}

const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
/** `<seller id>_<kind>_<file id>`: whose upload it is, of what, and the stored file's id. */
const UPLOAD_ID = new RegExp(`^(${UUID})_([a-z-]+)_(${UUID})$`);
const parseId = (id: string) => {
  const match = UPLOAD_ID.exec(id);
  return match ? { sellerId: match[1] ?? '', kind: match[2] ?? '', fileId: match[3] ?? '' } : null;
};

const megabytes = (bytes: number) => `${Math.round(bytes / (1024 * 1024))} MB`;
/** An error tus sends as it is: the status and our JSON `{ message }`. */
const refusal = (status: number, message: string) => ({
  status_code: status,
  body: JSON.stringify({ message }),
  message,
});

const NOT_FOUND = 'Upload not found';
const OFFSET_CONTENT_TYPE = 'application/offset+octet-stream';

/**
 * Resumable uploads (issue 20) with the tus protocol (@tus/server, partial files by @tus/file-store):
 * a phone that loses its connection half-way through a photo asks where the server stands (HEAD) and
 * sends only the rest (PATCH from that offset). Behind the seller's authentication and feature gate,
 * with the upload write limit, like the multipart routes; an upload's id names its seller, and
 * every request for it by anyone else is a 404, exactly as for an id that does not exist. When the
 * last byte arrives, the upload goes through its kind's pipeline (decode, re-encode as WebP, sizes,
 * storage), whose answer — the same JSON as the multipart route's — is the final PATCH's body;
 * GET on the upload answers it again (for a client whose final answer was lost).
 */
export async function registerResumableUploads(
  app: FastifyInstance,
  deps: {
    requireSeller: RequireSeller;
    clock: Clock;
    /** The job queue the expiry of each upload is queued on, and the database it is added through. */
    jobs: JobQueue;
    db: Database;
    kinds: Readonly<Record<string, ResumableKind>>;
    options: ResumableUploadOptions;
  },
): Promise<ResumableUploadsHandle> {
  const { directory } = deps.options;
  const ttlMs = deps.options.ttlMs ?? DEFAULT_PARTIAL_UPLOAD_TTL_MS;
  await fs.mkdir(directory, { recursive: true, mode: 0o700 });
  const store = new FileStore({ directory });
  const kindNames = Object.keys(deps.kinds);
  /** The seller each request to tus was made by, checked by Fastify before tus sees it. */
  const sellerOf = new WeakMap<Request, string>();

  const receivedFile = (id: string, kind: ResumableKind, size: number): ReceivedFile => ({
    field: kind.field,
    scratchPath: path.join(directory, id),
    originalName: 'upload',
    size,
  });

  /** Runs a finished upload through its kind's pipeline; throws a tus refusal on bad content. */
  const finish = async (id: string, size: number) => {
    const parsed = parseId(id);
    const kind = parsed ? deps.kinds[parsed.kind] : undefined;
    if (!parsed || !kind) throw refusal(404, NOT_FOUND);
    try {
      return await kind.finish(parsed.sellerId, receivedFile(id, kind, size), parsed.fileId);
    } catch (err) {
      if (!(err instanceof HttpError)) throw err;
      // Content that is refused now is refused for good: its bytes go at once (no disk kept for a
      // day, and no second decoding for whoever asks again, who gets the 404 of a gone upload).
      await store.remove(id).catch(() => undefined);
      throw refusal(err.statusCode, err.message);
    }
  };

  const tus = new Server({
    path: RESUMABLE_UPLOADS_PATH,
    datastore: store,
    relativeLocation: true,
    // Same origin only, like the rest of the API: no Access-Control-Allow-Origin (tus's default is *).
    allowedOrigins: [],
    namingFunction: (req, metadata) => {
      const sellerId = sellerOf.get(req);
      const kind = metadata?.kind ?? '';
      if (!sellerId) throw refusal(401, 'Sign in to upload');
      if (!deps.kinds[kind]) {
        throw refusal(400, `Upload-Metadata must name the kind of upload: ${kindNames.join(' or ')}`);
      }
      return `${sellerId}_${kind}_${randomUUID()}`;
    },
    onUploadCreate: async (_req, upload: Upload) => {
      const kind = deps.kinds[parseId(upload.id)?.kind ?? ''];
      if (!kind) throw refusal(400, 'Unknown kind of upload');
      if (upload.size === undefined) throw refusal(400, 'Send Upload-Length: the size must be known');
      if (upload.size === 0) throw refusal(400, `${kind.field} is empty`);
      if (upload.size > kind.maxBytes) {
        throw refusal(
          413,
          `${kind.field} is too large: ${kind.label} can be at most ${megabytes(kind.maxBytes)}`,
        );
      }
      // Our clock, not Node's, dates the upload; its removal is queued for when it expires.
      const now = deps.clock.now();
      upload.creation_date = now.toISOString();
      await deps.jobs.add(
        deps.db,
        EXPIRE_TASK,
        { id: upload.id },
        { runAt: new Date(now.getTime() + ttlMs), jobKey: `resumable-upload:${upload.id}` },
      );
      return {};
    },
    onUploadFinish: async (_req, upload: Upload) => {
      const answer = await finish(upload.id, upload.size ?? 0);
      return {
        status_code: 200,
        headers: { 'Content-Type': 'application/json; charset=utf-8' },
        body: JSON.stringify(answer),
      };
    },
    onResponseError: (_req, err) => {
      // tus's own refusals are plain text; every error of the API is JSON `{ message }`.
      if ('status_code' in err && typeof err.body === 'string') {
        if (err.body.startsWith('{')) return { status_code: err.status_code, body: err.body };
        return refusal(err.status_code, err.body.trim());
      }
      app.log.error({ err }, 'resumable upload failed');
      return refusal(500, 'The upload failed on the server; it will be tried again');
    },
  });

  /** Hands the request to tus as a web Request and sends its answer through Fastify. */
  async function delegate(request: FastifyRequest, reply: FastifyReply, sellerId: string) {
    // Only tus's own bytes are streamed to it; any other body was read (and refused) by Fastify.
    const hasBody =
      (request.method === 'PATCH' || request.method === 'POST') &&
      request.headers['content-type'] === OFFSET_CONTENT_TYPE;
    const web = new Request(`http://localhost${request.url}`, {
      method: request.method,
      headers: request.headers as Record<string, string>,
      ...(hasBody ? { body: Readable.toWeb(request.raw) as ReadableStream, duplex: 'half' } : {}),
    } as RequestInit);
    sellerOf.set(web, sellerId);
    const answer = await tus.handleWeb(web as Parameters<Server['handleWeb']>[0]);
    const headers: Record<string, string> = {};
    answer.headers.forEach((value, name) => {
      if (name !== 'content-length') headers[name] = value;
    });
    if (answer.status >= 400) {
      headers['content-type'] = 'application/json; charset=utf-8';
    }
    reply.code(answer.status).headers(headers);
    // Node leaves out the body of an answer to HEAD; an error's is sent for its schema's sake.
    const body = answer.status === 204 ? '' : await answer.text();
    if (answer.status >= 400 && !body.startsWith('{')) {
      // Some of tus's refusals (a missing Tus-Resumable) skip onResponseError: made JSON here.
      return reply.send({ message: body.trim() || 'The upload was refused' });
    }
    return reply.send(body || null);
  }

  const onRequest = [deps.requireSeller(), requireFeatureAccess];
  const idParams = z.object({ id: z.string() });
  const tags = ['uploads'];
  const security = [{ bearerAuth: [] }];
  const errors = { ...errorResponses(400, 401, 403, 404, 409, 413, 415, 429) };
  /** Another seller's upload, or a made-up id: the same 404. */
  const ownUpload = (request: FastifyRequest) => {
    const parsed = parseId((request.params as { id: string }).id);
    if (!parsed || parsed.sellerId !== currentSeller(request).id) return null;
    return parsed;
  };

  await app.register(async (plain) => {
    const scope = plain.withTypeProvider<ZodTypeProvider>();
    // The bytes are tus's to read, as a stream: Fastify leaves the body alone.
    scope.addContentTypeParser(OFFSET_CONTENT_TYPE, (_request, _payload, done) => done(null));

    scope.post(
      RESUMABLE_UPLOADS_PATH,
      {
        onRequest,
        config: { writeLimit: 'upload' },
        schema: {
          tags,
          security,
          summary:
            'Create a resumable (tus 1.0) upload: Upload-Length, Upload-Metadata kind product-photo or stream-cover',
          response: errors,
        },
      },
      (request, reply) => delegate(request, reply, currentSeller(request).id),
    );

    for (const method of ['HEAD', 'PATCH', 'DELETE'] as const) {
      scope.route({
        method,
        url: `${RESUMABLE_UPLOADS_PATH}/:id`,
        onRequest,
        ...(method === 'HEAD' ? {} : { config: { writeLimit: 'upload' as const } }),
        schema: {
          tags,
          security,
          params: idParams,
          summary: {
            HEAD: 'Where a resumable upload stands (Upload-Offset of Upload-Length)',
            PATCH:
              'Send the bytes of a resumable upload from Upload-Offset; the last ones answer the stored file',
            DELETE: 'Give up a resumable upload',
          }[method],
          response: errors,
        },
        handler: async (request: FastifyRequest, reply: FastifyReply) => {
          const own = ownUpload(request);
          // The bytes of a refused PATCH are not read: plugins/unread-body.ts closes the connection.
          if (!own) return reply.code(404).send({ message: NOT_FOUND });
          return delegate(request, reply, own.sellerId);
        },
      });
    }

    scope.get(
      `${RESUMABLE_UPLOADS_PATH}/:id`,
      {
        onRequest,
        exposeHeadRoute: false,
        schema: {
          tags,
          security,
          params: idParams,
          summary: 'The stored file of a finished resumable upload (the same answer as its final PATCH)',
          response: { 200: z.looseObject({ message: z.string() }), ...errors },
        },
      },
      async (request, reply) => {
        const own = ownUpload(request);
        if (!own) return reply.code(404).send({ message: NOT_FOUND });
        let upload: Upload;
        try {
          upload = await store.getUpload(request.params.id);
        } catch {
          return reply.code(404).send({ message: NOT_FOUND });
        }
        if (upload.size === undefined || upload.offset < upload.size) {
          return reply.code(409).send({
            message: `The upload is not finished: ${upload.offset} of ${upload.size ?? '?'} bytes received`,
          });
        }
        try {
          return reply.code(200).send((await finish(upload.id, upload.size)) as { message: string });
        } catch (err) {
          const refused = err as { status_code?: number; message?: string };
          if (refused.status_code && typeof refused.message === 'string') {
            return reply.code(refused.status_code as 400).send({ message: refused.message });
          }
          throw err;
        }
      },
    );
  });

  // Each upload's removal is a delayed job (graphile-worker), run once by whichever node runs jobs:
  // the partials folder is one every node reaches (docs/operations.md). A finished upload's bytes
  // go too; its stored photo stays. Removing what is gone already does nothing.
  app.jobs.register({
    [EXPIRE_TASK]: taskOf(z.object({ id: z.string() }), async ({ id }) => {
      if (!parseId(id)) return;
      await fs.rm(path.join(directory, id), { force: true });
      await store.configstore.delete(id).catch(() => undefined);
    }),
  });

  const handle: ResumableUploadsHandle = { directory };
  app.decorate('resumableUploads', handle);
  return handle;
}
