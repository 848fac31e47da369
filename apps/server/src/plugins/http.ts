import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
} from 'fastify-type-provider-zod';
import { compressJsonAnswers } from '../lib/compression';
import { registerErrorHandling } from '../lib/error-handler';
import { endConnectionsOnClose } from '../lib/graceful-close';
import { MAX_FORM_FILE_BYTES, MAX_FORM_FILES } from '../lib/multipart-form';
import { addSecurityHeaders } from '../lib/security-headers';
import { refuseNulCharacters } from '../lib/text-input';
import { recordRequestDurations } from '../modules/metrics';

/**
 * The HTTP surface every route shares: zod validation and serialisation, the error format,
 * NUL refusal, request metrics, graceful close, JSON answers compressed, the security headers (CSP), rate limiting,
 * multipart limits and the OpenAPI document at /docs.
 */
export const httpPlugin = fp(
  async (app) => {
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    registerErrorHandling(app);
    refuseNulCharacters(app);
    recordRequestDurations(app);
    endConnectionsOnClose(app);
    logRequestsAtDebug(app);
    compressJsonAnswers(app);
    addSecurityHeaders(app, {
      contentSecurityPolicy: { directives: CSP_DIRECTIVES },
      crossOriginEmbedderPolicy: false,
      strictTransportSecurity: app.config.env === 'production',
    });
    await app.register(rateLimit, { global: false });
    await app.register(multipart, {
      limits: {
        fileSize: MAX_FORM_FILE_BYTES,
        files: MAX_FORM_FILES,
        fields: 400,
        fieldSize: 100 * 1024,
      },
    });
    await app.register(swagger, {
      openapi: {
        info: {
          title: 'Leafline API',
          description: 'The marketplace API: the calls of SPEC §7, at the paths written there.',
          version: '1.0.0',
        },
        components: {
          securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
        },
      },
      transform: jsonSchemaTransform,
    });
    await app.register(swaggerUi, { routePrefix: '/docs', staticCSP: true });
  },
  { name: 'http', dependencies: ['deps'] },
);

const CSP_DIRECTIVES = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'"],
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", 'data:', 'blob:'],
  fontSrc: ["'self'"],
  connectSrc: ["'self'"],
  formAction: ["'self'"],
  frameAncestors: ["'none'"],
  objectSrc: ["'none'"],
  baseUri: ["'self'"],
  upgradeInsecureRequests: null,
};

/** A line per request at debug level only; no hook at all (no work per request) otherwise. */
function logRequestsAtDebug(app: FastifyInstance): void {
  if (app.log.level !== 'debug' && app.log.level !== 'trace') return;
  app.addHook('onResponse', async (request, reply) => {
    request.log.debug(
      {
        method: request.method,
        url: request.url,
        status: reply.statusCode,
        ms: reply.elapsedTime,
      },
      'request',
    );
  });
}
