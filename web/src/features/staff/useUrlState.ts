import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';

/**
 * State kept in the URL's query (so reload, back and shared links keep it), shown at once: the router
 * applies a new URL in a transition, so a control bound to the URL alone would spring back for a
 * moment after a click. The value just chosen is shown until the URL catches up; a URL changed from
 * elsewhere (back, a link) wins.
 */
export function useUrlState<T>(parse: (params: URLSearchParams) => T, serialise: (value: T) => URLSearchParams): [T, (value: T) => void] {
  const [params, setParams] = useSearchParams();
  const current = params.toString();
  const [chosen, setChosen] = useState<{ value: T; from: string } | null>(null);
  const value = chosen && chosen.from === current ? chosen.value : parse(params);
  const set = (next: T) => {
    setChosen({ value: next, from: current });
    setParams(serialise(next), { replace: true });
  };
  return [value, set];
}
