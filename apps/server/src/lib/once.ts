/**
 * `load` run at most once, on the first call; every call shares its promise. For a lazy page prop
 * that other props derive from (the machines behind `burn_rate` and `hours_left`): whichever props
 * a partial reload asks for, the query runs once, and not at all when none of them is asked.
 */
export function once<T>(load: () => Promise<T>): () => Promise<T> {
  let value: Promise<T> | undefined;
  return () => {
    value ??= load();
    return value;
  };
}
