/**
 * Node 20 lacks Map.groupBy and Object.groupBy (Node 21+), which Vitest 5's reporter and Better
 * Auth's CLI call. Loaded by vitest.config.ts; harmless on newer Node.
 */
type GroupBy = <K, T>(items: Iterable<T>, key: (item: T, index: number) => K) => Map<K, T[]>;

const mapGroupBy: GroupBy = (items, key) => {
  const out = new Map();
  let i = 0;
  for (const item of items) {
    const k = key(item, i++);
    const list = out.get(k);
    if (list) list.push(item);
    else out.set(k, [item]);
  }
  return out;
};

const M = Map as unknown as { groupBy?: GroupBy };
M.groupBy ??= mapGroupBy;
const O = Object as unknown as { groupBy?: unknown };
O.groupBy ??= <T>(items: Iterable<T>, key: (item: T, index: number) => PropertyKey) =>
  Object.fromEntries(mapGroupBy(items, key));
