import { Button } from '@/components/ui/button';
import { Notice } from '@/components/ui/notice';
import { cx } from '@/lib/cx';

/** A load that failed: the page's text, and a Try again that loads it again. */
export function RetryNotice({
  message,
  onRetry,
  retrying = false,
  className,
}: {
  message: string;
  onRetry: () => void;
  retrying?: boolean;
  className?: string;
}) {
  return (
    <div className={cx('flex flex-col items-start gap-4', className)}>
      <Notice tone="error">{message}</Notice>
      <Button variant="secondary" onClick={onRetry} loading={retrying}>
        Try again
      </Button>
    </div>
  );
}
