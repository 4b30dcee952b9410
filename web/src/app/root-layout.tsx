import { Outlet, ScrollRestoration } from 'react-router';
import { useCommunityName } from '../api/community.ts';
import { useConnectivity } from '../lib/connectivity.ts';
import { useBrandInTitle } from '../lib/document-title.ts';

export function RootLayout() {
  useConnectivity();
  useBrandInTitle(useCommunityName());
  return (
    <>
      <ScrollRestoration />
      <Outlet />
    </>
  );
}
