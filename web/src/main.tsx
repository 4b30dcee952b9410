import { Fragment, StrictMode, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { AppProviders } from './app/providers.tsx';
import { router } from './app/router.tsx';
import { currentUserQuery } from './lib/current-user.ts';
import { prepareFormatters } from './lib/intl.ts';
import { followAccountLanguage, startLanguage, useLanguage } from './lib/language.ts';
import { followSignedInMember } from './lib/offline-session.ts';
import { queryClient } from './lib/query-client.ts';
import { registerServiceWorker } from './lib/service-worker.ts';
import './index.css';

followSignedInMember(queryClient);
followAccountLanguage(queryClient);
registerServiceWorker();

// Every first screen needs the session; ask for it while the route's chunk downloads.
// Failures need no handling here: the route guard's own query retries and reports them.
queryClient.query(currentUserQuery).catch(() => undefined);

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

/**
 * Another language draws every part again, in it. The cache, the session and the address stay:
 * they live outside, so a switch is not a reload.
 */
function InLanguage({ children }: { children: ReactNode }) {
  return <Fragment key={useLanguage()}>{children}</Fragment>;
}

// A first visit that lost the connection before any catalogue arrived still opens, rather than staying blank.
void startLanguage()
  .catch(() => undefined)
  .finally(() =>
    createRoot(root).render(
      <StrictMode>
        <AppProviders>
          <InLanguage>
            <RouterProvider router={router} />
          </InLanguage>
        </AppProviders>
      </StrictMode>,
    ),
  );
prepareFormatters();
