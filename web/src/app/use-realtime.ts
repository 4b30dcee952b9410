import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { resetSession, setCurrentUserPoints } from '../lib/current-user.ts';
import { connectSocket } from '../lib/socket-client.ts';

/** Keeps the signed-in tab's cache in step with the server's events. */
export function useRealtime(): void {
  const queryClient = useQueryClient();
  const navigate = useNavigate();

  useEffect(
    () =>
      connectSocket({
        // Events sent while the socket was down are lost; refetching what is shown recovers them.
        onReconnect: () => void queryClient.invalidateQueries(),
        onSessionEnded: () => {
          resetSession(queryClient, null);
          void navigate('/login', { replace: true });
        },
        onEvent: (event) => {
          switch (event.type) {
            case 'points.updated':
              setCurrentUserPoints(queryClient, event.data.userId, event.data.points);
              break;
          }
        },
      }),
    [queryClient, navigate],
  );
}
