import { Outlet, ScrollRestoration } from 'react-router';
import { useConnectivity } from '../lib/connectivity.ts';

export function RootLayout() {
  useConnectivity();
  return (
    <>
      <ScrollRestoration />
      <Outlet />
    </>
  );
}
