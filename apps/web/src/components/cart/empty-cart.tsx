import ShoppingBag from 'lucide-react/icons/shopping-bag';
import { Link } from 'react-router';
import { buttonClasses } from '@/components/ui/button';

/** An empty cart, on the cart and the checkout page: the page's words, and the way to the shop. */
export function EmptyCart({
  title,
  text,
  action,
}: {
  title: string;
  text: string;
  action: string;
}) {
  return (
    <div className="mt-8 flex flex-col items-center rounded-card border border-sand-300 bg-sand-100 px-6 py-14 text-center">
      <ShoppingBag aria-hidden="true" className="size-10 text-sage-700" />
      <h2 className="mt-4 text-2xl font-semibold">{title}</h2>
      <p className="mt-2 max-w-md text-ink-muted">{text}</p>
      <Link to="/shop" className={`${buttonClasses('primary', 'lg')} mt-6`}>
        {action}
      </Link>
    </div>
  );
}
