import { type ComponentType, lazy, useState } from 'react';

/** A component whose code loads on demand, or ahead with `preload`. */
export type PreloadableComponent<P extends object = object> = ComponentType<P> & {
  preload: () => Promise<void>;
};

/**
 * React.lazy with `preload`: a component whose code was loaded ahead renders at once, without
 * a turn of its Suspense fallback (and the extra render and layout that costs).
 */
export function lazyWithPreload<P extends object>(
  load: () => Promise<ComponentType<P>>,
): PreloadableComponent<P> {
  let loaded: ComponentType<P> | undefined;
  let loading: Promise<void> | undefined;
  const preload = () => {
    loading ??= load().then(
      (component) => {
        loaded = component;
      },
      (error: unknown) => {
        // The next render or preload tries again.
        loading = undefined;
        throw error;
      },
    );
    return loading;
  };
  const Lazy = lazy(async () => {
    await preload();
    return { default: loaded as ComponentType<P> };
  });
  function Preloadable(props: P) {
    // Chosen once per mount, so the component type never changes under mounted content.
    const [Component] = useState<ComponentType<P>>(() => loaded ?? Lazy);
    return <Component {...props} />;
  }
  return Object.assign(Preloadable, { preload });
}
