import { WEB_TEXT } from '../../lib/texts.ts';
import { Button } from './button.tsx';
import { EmptyState } from './empty-state.tsx';

interface LoadFailedProps {
  message: string;
  onRetry: () => void;
  titleAs?: 'p' | 'h1';
}

/** What stays on screen after a load failure's toast has gone: the reason, and a way to try again. */
export function LoadFailed({ message, onRetry, titleAs = 'p' }: LoadFailedProps) {
  return (
    <EmptyState
      titleAs={titleAs}
      title={message}
      action={
        <Button variant="secondary" onClick={onRetry}>
          {WEB_TEXT.common.retry}
        </Button>
      }
    />
  );
}
