import { type ComponentType, type LazyExoticComponent, lazy } from 'react';

/** A page's module: its component as the default export, and whatever else it exports. */
type PageModule = { default: ComponentType<object> };

export type PreloadableLazy<M extends PageModule> = LazyExoticComponent<M['default']> & {
  /** Loads the module ahead (a warm-up); the first render after it does not suspend. */
  preload(): Promise<M>;
};

/**
 * React.lazy that renders at once when its module was loaded ahead. A plain lazy component
 * suspends at its first render even when the module is already there (its promise settles a tick
 * later), and React then holds the fallback for up to 300 ms before it shows the content: three
 * such steps between the sign-in and the home page cost a second. Here the first render finds a
 * preloaded module through a thenable that answers at once, which React reads as resolved.
 */
export function lazyPage<M extends PageModule>(load: () => Promise<M>): PreloadableLazy<M> {
  let loaded: M | undefined;
  let loading: Promise<M> | undefined;
  const preload = () => {
    loading ??= load().then(
      (m) => {
        loaded = m;
        return m;
      },
      (error: unknown) => {
        loading = undefined; // a failed load (a deploy in between) may be tried again
        throw error;
      },
    );
    return loading;
  };
  const settled = (m: M) =>
    // biome-ignore lint/suspicious/noThenProperty: a thenable that answers at once is the point (see above)
    ({ then: (onLoaded: (value: M) => unknown) => onLoaded(m) }) as unknown as Promise<M>;
  return Object.assign(
    lazy(() => (loaded ? settled(loaded) : preload())),
    { preload },
  );
}
