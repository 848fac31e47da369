import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { PageSkeleton } from '@/components/ui/skeleton';
import { Footer } from './footer';
import { Header } from './header';
import { ScrollRestoration } from './scroll-restoration';

/** Header, main and footer around every route (SPEC §2). */
export function RootLayout() {
  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#main"
        className="sr-only z-50 rounded-full bg-forest-900 px-4 py-2 text-cream focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
      >
        Skip to main content
      </a>
      <Header />
      {/* At least a screen tall, less the header and the footer's top margin: the footer
          starts below the fold, so a page growing as its code and data arrive never moves
          it in view (no layout shift). */}
      <main
        id="main"
        tabIndex={-1}
        className="flex min-h-[calc(100lvh-8rem)] w-full flex-1 flex-col focus:outline-none"
      >
        <Suspense fallback={<PageSkeleton />}>
          <Outlet />
        </Suspense>
      </main>
      <Footer />
      <ScrollRestoration />
    </div>
  );
}
