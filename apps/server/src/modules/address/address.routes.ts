import {
  ADDRESS_MESSAGES,
  addressIdParams,
  errorResponse,
  messageResponse,
  SAVED_ADDRESS_MESSAGES,
  savedAddressBody,
  savedAddressesResponse,
  savedAddressPatchBody,
  savedAddressSavedResponse,
  shippingAddressBody,
  shippingAddressResponse,
  shippingAddressSavedResponse,
} from '@leafline/contract';
import { ROUTES } from '@leafline/contract/routes';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { AppError } from '../../lib/errors';
import { fastifyPath } from '../../lib/route-path';
import { authenticate, bearerSecurity, requireUser } from '../auth';
import {
  type AddressDeps,
  createAddress,
  editAddress,
  getAddress,
  getAddresses,
  removeAddress,
  saveAddress,
  setDefaultAddress,
} from './address.service';

/**
 * A refused address (SPEC §8: the checkout shows the server's `detail`): 'Please fill in all
 * required fields.' when any required field is missing or blank (SPEC §5), else the first
 * problem; `fields` names every field at fault.
 */
function addressError(body: unknown, schema: z.ZodType = shippingAddressBody): AppError {
  const result = schema.safeParse(body);
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

/**
 * SPEC §7 `GET, POST api/set-shipping-address/`: the user's default address; and the saved
 * addresses, `api/addresses/…` (issue "Account basics"): list, add, edit, delete, make default.
 */
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

  app.get(
    fastifyPath(ROUTES.addresses),
    {
      onRequest: authenticate,
      schema: {
        ...common,
        summary: "The user's saved addresses, the default first",
        response: { 200: savedAddressesResponse, '4xx': errorResponse },
      },
    },
    async (request) => ({ addresses: await getAddresses(deps, requireUser(request).id) }),
  );

  app.post(
    fastifyPath(ROUTES.createAddress),
    {
      onRequest: authenticate,
      attachValidation: true,
      schema: {
        ...common,
        summary: 'Save another address (the first is the default); at most 10',
        body: savedAddressBody,
        response: { 201: savedAddressSavedResponse, '4xx': errorResponse },
      },
    },
    async (request, reply) => {
      if (request.validationError) throw addressError(request.body, savedAddressBody);
      const address = await createAddress(deps, requireUser(request).id, request.body);
      return reply.status(201).send({ message: SAVED_ADDRESS_MESSAGES.saved, ...address });
    },
  );

  app.patch(
    fastifyPath(ROUTES.updateAddress),
    {
      onRequest: authenticate,
      attachValidation: true,
      schema: {
        ...common,
        summary: 'Change fields of one of your addresses',
        params: addressIdParams,
        body: savedAddressPatchBody,
        response: { 200: savedAddressSavedResponse, '4xx': errorResponse },
      },
    },
    async (request) => {
      if (request.validationError) throw addressError(request.body, savedAddressPatchBody);
      const { addressId } = request.params;
      const address = await editAddress(deps, requireUser(request).id, addressId, request.body);
      return { message: SAVED_ADDRESS_MESSAGES.saved, ...address };
    },
  );

  app.delete(
    fastifyPath(ROUTES.deleteAddress),
    {
      onRequest: authenticate,
      schema: {
        ...common,
        summary: 'Delete one of your addresses (the newest left becomes the default)',
        params: addressIdParams,
        response: { 200: messageResponse, '4xx': errorResponse },
      },
    },
    async (request) => {
      await removeAddress(deps, requireUser(request).id, request.params.addressId);
      return { message: SAVED_ADDRESS_MESSAGES.deleted };
    },
  );

  app.post(
    fastifyPath(ROUTES.setDefaultAddress),
    {
      onRequest: authenticate,
      schema: {
        ...common,
        summary: 'Make one of your addresses the default (the one the checkout ships to)',
        params: addressIdParams,
        response: { 200: savedAddressSavedResponse, '4xx': errorResponse },
      },
    },
    async (request) => {
      const { addressId } = request.params;
      const address = await setDefaultAddress(deps, requireUser(request).id, addressId);
      return { message: SAVED_ADDRESS_MESSAGES.defaultSet, ...address };
    },
  );
}
