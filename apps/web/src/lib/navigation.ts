/**
 * Lets code outside React (the api client) navigate with the router once it exists.
 * The router registers itself at start-up; before that, a full page load is the fallback.
 */
export interface NavigateOptions {
  replace?: boolean;
  state?: unknown;
}

type Navigator = (to: string, options?: NavigateOptions) => void;

let navigator: Navigator | null = null;

export function registerNavigator(next: Navigator | null): void {
  navigator = next;
}

export function navigateTo(to: string, options?: NavigateOptions): void {
  if (navigator) {
    navigator(to, options);
    return;
  }
  window.location.assign(to);
}

/**
 * What one page tells the next through navigation state: a notice shown on arrival,
 * e.g. 'Session expired. Please login again.' on the login page.
 */
export interface NoticeState {
  notice?: string;
  noticeTone?: 'info' | 'success' | 'warning' | 'error';
}

export function readNotice(state: unknown): NoticeState {
  if (!state || typeof state !== 'object') return {};
  const { notice, noticeTone } = state as Record<string, unknown>;
  return {
    notice: typeof notice === 'string' ? notice : undefined,
    noticeTone:
      noticeTone === 'success' || noticeTone === 'warning' || noticeTone === 'error'
        ? noticeTone
        : noticeTone === 'info'
          ? 'info'
          : undefined,
  };
}
