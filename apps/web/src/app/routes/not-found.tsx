import { Link } from 'react-router';
import { buttonClasses } from '@/components/ui/button';
import { useDocumentTitle } from '@/lib/document-title';

export default function NotFoundPage() {
  useDocumentTitle('Page not found');
  return (
    <section className="mx-auto w-full max-w-2xl px-4 py-16 text-center sm:py-24">
      <p className="font-display text-6xl font-semibold text-clay-700">404</p>
      <h1 className="mt-3 text-3xl font-semibold sm:text-4xl">Page not found</h1>
      <p className="mt-4 text-lg text-ink-muted">
        This page has wandered off. Try the shop, or head back home.
      </p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Link to="/" className={buttonClasses('primary')}>
          Back to home
        </Link>
        <Link to="/shop" className={buttonClasses('secondary')}>
          Browse the shop
        </Link>
      </div>
    </section>
  );
}
