import { type AnyApiRoute, mapPathParams } from '@leafline/contract/routes';

/**
 * A route of the contract's table (`/api/products/{id}/`) as Fastify writes it
 * (`/api/products/:id/`): the server registers each call at the path the web calls it by.
 */
export function fastifyPath(route: AnyApiRoute): string {
  return mapPathParams(route.pattern, (name) => `:${name}`);
}
