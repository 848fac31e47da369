import { Component, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { RouteError } from './route-error';

interface BoundaryProps {
  /** The current location's key: a navigation clears the error. */
  resetKey: string;
  children: ReactNode;
}

interface BoundaryState {
  error: unknown;
  resetKey: string;
}

class Boundary extends Component<BoundaryProps, BoundaryState> {
  override state: BoundaryState = { error: null, resetKey: this.props.resetKey };

  static getDerivedStateFromError(error: unknown): Partial<BoundaryState> {
    return { error: error ?? new Error('Unknown error') };
  }

  static getDerivedStateFromProps(
    props: BoundaryProps,
    state: BoundaryState,
  ): Partial<BoundaryState> | null {
    // A new location: the next page gets its chance (as a data router's errorElement does).
    if (props.resetKey !== state.resetKey) {
      return { error: null, resetKey: props.resetKey };
    }
    return null;
  }

  // React itself reports the caught error (console.error), as the data router did.
  override render() {
    return this.state.error ? <RouteError /> : this.props.children;
  }
}

/**
 * Shows RouteError in place of a page that failed to render or whose code failed to load
 * (e.g. after a deploy); header and footer stay, and navigating elsewhere recovers.
 */
export function RouteErrorBoundary({ children }: { children: ReactNode }) {
  const { key } = useLocation();
  return <Boundary resetKey={key}>{children}</Boundary>;
}
