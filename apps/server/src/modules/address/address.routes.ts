import {
  ADDRESS_MESSAGES,
  errorResponse,
  shippingAddressBody,
  shippingAddressResponse,
  shippingAddressSavedResponse,
} from '@leafline/contract';
import { ROUTES } from '@leafline/contract/routes';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/errors';
import { fastifyPath } from '../../lib/route-path';
import { authenticate, bearerSecurity, requireUser } from '../auth';
import { type AddressDeps, getAddress, saveAddress } from './address.service';

/**
 * A refused address (SPEC §8: the checkout shows the server's `detail`): 'Please fill in all
 * required fields.' when any required field is missing or blank (SPEC §5), else the first
 * problem; `fields` names every field at fault.
 */
function addressError(body: unknown): AppError {
  const result = shippingAddressBody.safeParse(body);
  if (result.success) return new AppError(400, ADDRESS_MESSAGES.requiredFields);
  const fields: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const key = issue.path.map(String).join('.') || 'body';
    fields[key] ??= issue.message;
  }
  const messages = Object.values(fields);
  const error = messages.includes(ADDRESS_MESSAGES.requiredFields)
    ? ADDRESS_MESSAGES.requiredFields
    : (messages[0] ?? ADDRESS_MESSAGES.requiredFields);
  return new AppError(400, error, { detail: error, fields });
}

/** SPEC §7 `GET, POST api/set-shipping-address/`: the user's one saved address. */
export async function addressRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const deps: AddressDeps = { db: app.deps.db };
  const common = { tags: ['address'], security: bearerSecurity };

  app.get(
    fastifyPath(ROUTES.shippingAddress),
    {
      onRequest: authenticate,
      schema: {
        ...common,
        summary: "The user's saved shipping address (404 when none is saved)",
        response: { 200: shippingAddressResponse, '4xx': errorResponse },
      },
    },
    async (request) => getAddress(deps, requireUser(request).id),
  );

  app.post(
    fastifyPath(ROUTES.saveShippingAddress),
    {
      onRequest: authenticate,
      // Validation problems are answered here, with the `detail` the checkout page shows.
      attachValidation: true,
      schema: {
        ...common,
        summary: 'Save (create or replace) the shipping address; US only',
        body: shippingAddressBody,
        response: { 200: shippingAddressSavedResponse, '4xx': errorResponse },
      },
    },
    async (request) => {
      if (request.validationError) throw addressError(request.body);
      const address = await saveAddress(deps, requireUser(request).id, request.body);
      return { message: ADDRESS_MESSAGES.saved, ...address };
    },
  );
}
