/**
 * An island: a part of a page whose code is not on the page's first load (issue 29, decision
 * 020). The server renders it as any other part (every island's code is loaded before the first
 * render, see `islandsLoaded`); in the browser React hydrates the rest of the page at once and
 * leaves the island's HTML as the server sent it (links and forms working as without JavaScript)
 * until its code has arrived, then hydrates it in place: what the shopper typed meanwhile and the
 * focus stay. Its wrapper (no box of its own) gets `data-hydrated` then, which tests wait for.
 */
import { lazy, memo, Suspense, useEffect, useRef, type ComponentType } from "react";

const loaders: (() => Promise<unknown>)[] = [];

/** Every island's code: the server renders a page only once this has settled (entry.server). */
export const islandsLoaded = () => Promise.all(loaders.map((load) => load()));

/** Settles at once, so React.lazy renders code already here without suspending. */
const settled = <T,>(value: T) =>
  ({ then: (resolve: (value: T) => void) => resolve(value) }) as unknown as Promise<T>;

function Hydrated() {
  const marker = useRef<HTMLSpanElement>(null);
  useEffect(() => {
    marker.current?.closest("[data-island]")?.setAttribute("data-hydrated", "");
  }, []);
  return <span ref={marker} hidden />;
}

export function island<P extends object>(name: string, importer: () => Promise<ComponentType<P>>) {
  let loaded: ComponentType<P> | null = null;
  let pending: Promise<ComponentType<P>> | null = null;
  const load = () => (pending ??= importer().then((component) => (loaded = component)));
  loaders.push(load);
  const Lazy: ComponentType<P> = lazy(() =>
    loaded ? settled({ default: loaded }) : load().then((component) => ({ default: component })),
  ) as unknown as ComponentType<P>;
  // Memoized: the page re-renders as the root hydrates, and new props would make React drop the
  // server's HTML of an island whose code is not here yet (and show nothing until it is).
  return memo(function Island(props: P) {
    return (
      <div className="island" data-island={name}>
        <Suspense fallback={null}>
          <Lazy {...props} />
          <Hydrated />
        </Suspense>
      </div>
    );
  });
}
