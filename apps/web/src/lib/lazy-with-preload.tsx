import { lazy, useState, type ComponentType } from 'react';

/** A lazily loaded component whose code can be fetched ahead of its first render. */
export type PreloadableComponent<P extends object> = ComponentType<P> & {
  /** Starts loading the code (once); resolves when it is there. */
  preload: () => Promise<unknown>;
};

/**
 * Like `React.lazy`, but once the code has been preloaded the component renders at once instead
 * of suspending. React.lazy suspends on first render even when the import already finished, and
 * React 19 then holds the Suspense fallback for 300 ms, which made a prefetched transcript take a
 * third of a second to appear (bench/web).
 *
 * @param load the dynamic import, mapped to the component
 */
export function lazyWithPreload<P extends object>(
  load: () => Promise<ComponentType<P>>,
): PreloadableComponent<P> {
  let loaded: ComponentType<P> | null = null;
  let pending: Promise<{ default: ComponentType<P> }> | null = null;
  const preload = () =>
    (pending ??= load().then((component) => {
      loaded = component;
      return { default: component };
    }));
  const Lazy = lazy(preload);
  function Preloadable(props: P) {
    // Chosen once per instance: an instance first rendered as `Lazy` stays `Lazy`. Switching to
    // the loaded component on a later render would change the element type, so React would
    // remount it and its state would be lost (the assistant's panel forgot its meeting when
    // opened before its code had arrived).
    const [Component] = useState(() => (loaded ?? Lazy) as ComponentType<P>);
    return <Component {...props} />;
  }
  return Object.assign(Preloadable, { preload });
}
