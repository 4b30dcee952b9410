import { TEXT } from '@swapyard/contract';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { Button } from '../components/ui/button.tsx';
import { WEB_TEXT } from '../lib/texts.ts';

function describe(error: unknown): string {
  if (isRouteErrorResponse(error)) return `${String(error.status)} ${error.statusText}`.trim();
  if (error instanceof Error && error.message) return error.message;
  return TEXT.errors.internal;
}

/** Shows what failed in one line; a stack trace is for the console, never the screen. */
export function RouteError() {
  const error = useRouteError();
  return (
    <div role="alert" className="flex min-h-[60dvh] flex-col items-center justify-center gap-4 px-4 text-center">
      <h1 className="text-2xl font-bold text-stone-900">{TEXT.errors.unexpected}</h1>
      <p className="max-w-md text-stone-600">{describe(error)}</p>
      <Button variant="secondary" onClick={() => {
          window.location.reload();
        }}>
        {WEB_TEXT.routeError.reload}
      </Button>
    </div>
  );
}
