import { type Dispatch, type SetStateAction, useEffect } from 'react';

/**
 * Removing, verifying or suspending the last item of a later page leaves that page empty: a paged list
 * then steps back one page. `itemCount` is the loaded page's (undefined while it loads).
 */
export function useStepBackWhenEmpty(
  itemCount: number | undefined,
  page: number,
  setPage: Dispatch<SetStateAction<number>>,
) {
  const emptyLaterPage = itemCount === 0 && page > 1;
  useEffect(() => {
    if (emptyLaterPage) setPage((p) => p - 1);
  }, [emptyLaterPage, setPage]);
}
