import RotateCw from 'lucide-react/icons/rotate-cw';
import { Button } from '@/components/ui/button';
import { Notice } from '@/components/ui/notice';

/** A load that failed: what happened in plain words, and a way to try again. */
export function LoadError({
  message,
  onRetry,
  retrying,
}: {
  message: string;
  onRetry: () => void;
  retrying: boolean;
}) {
  return (
    <div className="flex flex-col items-start gap-4">
      <Notice tone="error" className="w-full">
        {message}
      </Notice>
      <Button variant="secondary" onClick={onRetry} loading={retrying}>
        {retrying ? null : <RotateCw aria-hidden="true" className="size-4" />}
        Try again
      </Button>
    </div>
  );
}
