import { BRAND_NAME } from '@leafline/contract/constants';
import Leaf from 'lucide-react/icons/leaf';
import { cx } from '@/lib/cx';

export function Wordmark({ className }: { className?: string }) {
  return (
    <span className={cx('inline-flex items-center gap-1.5', className)}>
      <span className="grid size-8 place-items-center rounded-xl bg-forest-900 text-sand-200">
        <Leaf aria-hidden="true" className="size-4.5" />
      </span>
      <span className="font-display text-2xl font-semibold tracking-tight text-forest-900">
        {BRAND_NAME}
      </span>
    </span>
  );
}
