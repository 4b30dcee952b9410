import { TEXT } from '@swapyard/contract';
import { LoadingState } from '../components/ui/spinner.tsx';

export function FullPageLoader() {
  return <LoadingState label={TEXT.shell.loading} className="min-h-dvh" />;
}
