import { useLayoutEffect, useRef } from 'react';
import { useLocation, useNavigationType } from 'react-router';

const STORAGE_KEY = 'leafline-scroll-positions';

function readSaved(): Record<string, number> {
  try {
    const parsed: unknown = JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? '{}');
    return parsed && typeof parsed === 'object' ? (parsed as Record<string, number>) : {};
  } catch {
    return {};
  }
}

/**
 * Scroll like a document would (what React Router's ScrollRestoration does for a data
 * router): a new page starts at the top or at its #hash, Back and Forward return to where
 * the reader was (also after a reload, via sessionStorage). A change of the query alone
 * (filters, pages of a list) keeps the position: those pages scroll to their results.
 */
export function ScrollRestoration() {
  const location = useLocation();
  const navigationType = useNavigationType();
  const positions = useRef<Record<string, number>>({});
  const currentKey = useRef(location.key);
  const lastPathname = useRef<string | null>(null);

  useLayoutEffect(() => {
    positions.current = readSaved();
    const { history } = window;
    const previous = history.scrollRestoration;
    history.scrollRestoration = 'manual';
    const onScroll = () => {
      positions.current[currentKey.current] = window.scrollY;
    };
    const save = () => {
      try {
        sessionStorage.setItem(STORAGE_KEY, JSON.stringify(positions.current));
      } catch {
        // Storage full or blocked: positions are kept for this page load only.
      }
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    window.addEventListener('pagehide', save);
    return () => {
      window.removeEventListener('scroll', onScroll);
      window.removeEventListener('pagehide', save);
      history.scrollRestoration = previous;
    };
  }, []);

  useLayoutEffect(() => {
    currentKey.current = location.key;
    const firstPage = lastPathname.current === null;
    const samePage = lastPathname.current === location.pathname;
    lastPathname.current = location.pathname;
    if (navigationType === 'POP') {
      const saved = positions.current[location.key];
      if (typeof saved === 'number') {
        window.scrollTo(0, saved);
        return;
      }
    }
    if (location.hash) {
      let id = location.hash.slice(1);
      try {
        id = decodeURIComponent(id);
      } catch {
        // Not encoded: used as it is.
      }
      const target = document.getElementById(id);
      if (target) {
        target.scrollIntoView();
        return;
      }
    }
    // A page load starts at the top: reading or setting the position now would only force a
    // layout before the first paint.
    if (firstPage || samePage) return;
    window.scrollTo(0, 0);
  }, [location, navigationType]);

  return null;
}
