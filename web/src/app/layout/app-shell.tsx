import { Outlet, useNavigation } from 'react-router';
import { useUnreadCounts } from '../../api/unread-counts.ts';
import { RichText } from '../../components/ui/rich-text.tsx';
import { useUnreadInTitle } from '../../lib/document-title.ts';
import { DESKTOP_QUERY, useMediaQuery } from '../../lib/use-media-query.ts';
import { WEB_TEXT } from '../../lib/texts.ts';
import { useRealtime } from '../use-realtime.ts';
import { MobileBottomBar, MobileTopBar } from './mobile-nav.tsx';
import { Sidebar } from './sidebar.tsx';

export function AppShell() {
  useRealtime();
  // Message notices are notifications too: this count covers messages and proposals alike.
  useUnreadInTitle(useUnreadCounts().notifications);
  // One set of navigation in the DOM at a time, so links and test ids are never duplicated.
  const isDesktop = useMediaQuery(DESKTOP_QUERY);
  const isNavigating = useNavigation().state === 'loading';

  return (
    <div>
      <a
        href="#main"
        className="sr-only rounded-lg bg-white px-4 py-2 font-medium text-emerald-800 shadow focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-50"
      >
        {WEB_TEXT.nav.skipToContent}
      </a>
      {isNavigating && (
        <div aria-hidden="true" className="fixed inset-x-0 top-0 z-50 h-0.5 animate-pulse bg-emerald-500" />
      )}
      {isDesktop ? <Sidebar /> : <MobileTopBar />}
      {/* The rest of the screen at least (below the phone's 3.5rem top bar), so the credits start under
          the fold: a page still loading its content would otherwise show them and then push them down. */}
      <main
        id="main"
        tabIndex={-1}
        className={`outline-none ${isDesktop ? 'min-h-dvh pl-64' : 'min-h-[calc(100dvh-3.5rem)] pb-20'}`}
      >
        <div className="mx-auto w-full max-w-6xl px-4 py-6 md:px-8 md:py-10">
          <Outlet />
        </div>
      </main>
      <footer className={isDesktop ? 'pb-6 pl-64' : 'pb-24'}>
        <p className="mx-auto w-full max-w-6xl px-4 text-xs text-stone-600 md:px-8">
          <RichText
            text={WEB_TEXT.credits.places}
            parts={{
              link: (label) => (
                <a className="underline hover:text-stone-900" href="https://www.geonames.org/">
                  {label}
                </a>
              ),
              licence: (label) => (
                <a className="underline hover:text-stone-900" href="https://creativecommons.org/licenses/by/4.0/">
                  {label}
                </a>
              ),
            }}
          />
        </p>
      </footer>
      {!isDesktop && <MobileBottomBar />}
    </div>
  );
}
