import type { FastifyInstance } from 'fastify';

/**
 * An answer sent before the request's body was read whole — a 413 from an upload's cap, a 401 or
 * 403 from an upload's auth hook, any error while a multipart body is still arriving — closes the
 * connection (`Connection: close`, then Node ends the socket once the answer is written).
 *
 * Why: once a route has started reading a body, Node no longer discards the rest of it when the
 * answer is sent, so the unread bytes sit in the paused socket and the next request on that
 * keep-alive connection (the browser's next API call) waits 10–70 s for a timeout (issue 18).
 * Reading the rest instead could mean receiving 50 MB nobody wants; closing costs the browser one
 * reconnect, and only after a refused upload.
 */
export function registerCloseOnUnreadBody(app: FastifyInstance) {
  // A callback hook: it runs on every answer, and an async one cost a promise each (issue 19).
  app.addHook('onSend', (request, reply, payload, done) => {
    if (!request.raw.complete) reply.header('connection', 'close');
    done(null, payload);
  });
}
