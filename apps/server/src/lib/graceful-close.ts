import type { FastifyInstance } from 'fastify';

/**
 * Kept-alive connections must not hold a shutdown open. Node's server.close() ends the
 * connections idle at that moment only: one busy then (a request in flight) would stay open
 * after its answer until its keep-alive timeout (72 s), past the shutdown guard. So once the
 * app closes, every answer says `Connection: close`, and connections that went idle anyway (an
 * answer whose headers were already out) are ended every half second until the server closed.
 */
export function endConnectionsOnClose(app: FastifyInstance): void {
  let closing = false;
  let sweep: NodeJS.Timeout | undefined;
  app.addHook('preClose', async () => {
    closing = true;
    sweep = setInterval(() => app.server.closeIdleConnections(), 500);
    sweep.unref();
  });
  app.addHook('onClose', async () => clearInterval(sweep));
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (closing) reply.header('connection', 'close');
    done(null, payload);
  });
}
