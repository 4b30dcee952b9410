import type { LoaderFunctionArgs, Params } from 'react-router';

/** What the router hands a route's loader as it navigates to `address`, matched by `pattern`. */
export function loaderArgs(address: string, pattern: string, params: Params = {}): LoaderFunctionArgs {
  const url = new URL(address, window.location.origin);
  return { request: new Request(url), url, pattern, params, context: undefined };
}
