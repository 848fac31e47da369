/**
 * The route table's parts (issue 25, point 4): a route's type, its path parameters, and the
 * path builders. The table itself is `ROUTES` (`routes.ts`).
 */

import type { z } from 'zod';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** The names in a pattern's braces: `/a/{uid}/{token}/` → `'uid' | 'token'`. */
export type PathParamName<P extends string> = P extends `${string}{${infer Name}}${infer Rest}`
  ? Name | PathParamName<Rest>
  : never;

/** The values of a pattern's path parameters, each percent-encoded into the path. */
export type PathParams<P extends string> = { readonly [K in PathParamName<P>]: string | number };

/** A query string's fields as the client sends them (undefined, null and '' are left out). */
export type QueryFields<T> = { [K in keyof T]?: string | number | boolean | null | undefined };

/** An answer's type: what the server's schema gives. */
export type Out<T extends z.ZodType> = z.infer<T>;
/** A body's type as the client writes it (before the server's defaults and transforms). */
export type In<T extends z.ZodType> = z.input<T>;
/** A query string's fields, by the server's schema. */
export type Query<T extends z.ZodType> = QueryFields<z.input<T>>;

/** What a call sends and answers; types only. */
export interface RouteShapes {
  response: unknown;
  /** A JSON body. */
  json?: unknown;
  /** A multipart body (fields and files). */
  form?: true;
  /** The query string's fields. */
  query?: unknown;
}

type PathArgs<P extends string> = [PathParamName<P>] extends [never] ? [] : [params: PathParams<P>];

export interface ApiRoute<
  M extends HttpMethod = HttpMethod,
  P extends string = string,
  S extends RouteShapes = RouteShapes,
> {
  readonly method: M;
  /** The path with `{name}` for each parameter, as SPEC §7 writes it. */
  readonly pattern: P;
  /** The path with the parameters filled in, each percent-encoded. */
  path(...params: PathArgs<P>): string;
  /** Never set: carries the shapes' types. */
  readonly shapes?: S;
}

/** Any route of the table, whatever its method, path and shapes. */
// biome-ignore lint/suspicious/noExplicitAny: the shapes of every route, for constraints only
export type AnyApiRoute = ApiRoute<HttpMethod, string, any>;

export type RouteShapesOf<R extends AnyApiRoute> = NonNullable<R['shapes']>;
export type RouteResponse<R extends AnyApiRoute> = RouteShapesOf<R>['response'];

const PARAM = /\{(\w+)\}/g;

/** `pattern` with each `{name}` replaced by `fill(name)`. */
export function mapPathParams(pattern: string, fill: (name: string) => string): string {
  return pattern.replace(PARAM, (_whole, name: string) => fill(name));
}

/** The names of a route's path parameters, in the order of its path. */
export function pathParamNames<P extends string>(route: { pattern: P }): PathParamName<P>[] {
  return [...route.pattern.matchAll(PARAM)].map((m) => m[1] as PathParamName<P>);
}

/** `pattern` with its parameters filled in, percent-encoded; a missing one is an error. */
export function fillPath(pattern: string, params: Readonly<Record<string, string | number>>) {
  return mapPathParams(pattern, (name) => {
    const value = params[name];
    if (value === undefined) throw new Error(`${pattern} needs its ${name}.`);
    return encodeURIComponent(String(value));
  });
}

/** The route at `method` and `pattern`. */
function makeRoute(method: HttpMethod, pattern: string) {
  return {
    method,
    pattern,
    path: (params?: Readonly<Record<string, string | number>>) => fillPath(pattern, params ?? {}),
  };
}

/** A route whose shapes are `S`: `route<{ response: X }>()('GET', '/api/x/{id}/')`. */
export function route<S extends RouteShapes>() {
  return makeRoute as unknown as <const M extends HttpMethod, const P extends `/${string}`>(
    method: M,
    pattern: P,
  ) => ApiRoute<M, P, S>;
}
