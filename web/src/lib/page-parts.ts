/** Each on-demand part's code once it has arrived (components/on-demand.tsx): shown again, or first shown after a route's loader fetched it, it draws at once. */
const arrived = new WeakMap<() => Promise<unknown>, unknown>();

/** The part's code if it has arrived; undefined if not yet. */
export function arrivedPart<M>(load: () => Promise<M>): M | undefined {
  return arrived.get(load) as M | undefined;
}

/** Fetches a part's code and keeps it; `load` is the part's one function, defined once. */
export async function fetchPart<M>(load: () => Promise<M>): Promise<M> {
  const module = await load();
  arrived.set(load, module);
  return module;
}
