import { type ComponentType, type LazyExoticComponent, lazy } from 'react';

/** A page loaded on demand; `preload` starts loading it before React asks for it. */
export type PageComponent<Module = unknown> = LazyExoticComponent<ComponentType> & { preload: () => Promise<Module> };

/**
 * A page loaded on demand. Once its code has arrived (preloaded, as a page opened first is by
 * preloadPage), React is handed it at once, in a thenable that answers as it is asked: with a
 * promise, React.lazy suspends on the first drawing even for code already loaded, commits the
 * shell with the page's placeholder, and draws the page in a second pass (the profile showed that
 * pass as one long task of the whole page, not sliced with the first drawing's transition).
 */
export function lazyPage<Module>(
  load: () => Promise<Module>,
  pick: (module: Module) => ComponentType,
): PageComponent<Module> {
  let loaded: { module: Module } | undefined;
  const preload = async () => {
    const module = await load();
    loaded = { module };
    return module;
  };
  const Page = lazy(() => {
    if (!loaded) return preload().then((module) => ({ default: pick(module) }));
    const page = { default: pick(loaded.module) };
    const answered: PromiseLike<typeof page> = {
      // biome-ignore lint/suspicious/noThenProperty: a thenable is what React.lazy takes
      then: (onAnswer) => {
        onAnswer?.(page);
        return answered as never;
      },
    };
    // React.lazy takes any thenable (its documentation); its type names a promise.
    return answered as Promise<typeof page>;
  });
  return Object.assign(Page, { preload });
}
