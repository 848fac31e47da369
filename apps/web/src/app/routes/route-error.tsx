import { Link } from 'react-router';
import { Button, buttonClasses } from '@/components/ui/button';
import { useDocumentTitle } from '@/lib/document-title';

/** Shown in place of a page that failed to render or to load (e.g. after a deploy). */
export function RouteError() {
  useDocumentTitle('Something went wrong');
  return (
    <section className="mx-auto w-full max-w-2xl px-4 py-16 text-center sm:py-24">
      <h1 className="text-3xl font-semibold sm:text-4xl">Something went wrong</h1>
      <p className="mt-4 text-lg text-ink-muted">
        This page could not be shown. Reloading usually helps.
      </p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Button onClick={() => window.location.reload()}>Reload the page</Button>
        <Link to="/" className={buttonClasses('secondary')}>
          Back to home
        </Link>
      </div>
    </section>
  );
}
