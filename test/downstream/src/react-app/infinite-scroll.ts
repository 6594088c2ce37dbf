/**
 * Infinite scrolling for a list shown by TanStack Query's `useInfiniteQuery`: the returned ref goes
 * on the list's last element, and when it scrolls into view the next page is fetched (once at a
 * time, and only while there is one).
 */
import { useEffect, useRef, type RefObject } from 'react';

interface InfinitePages {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => Promise<unknown>;
}

export function useInfiniteScroll(pages: InfinitePages): RefObject<HTMLLIElement | null> {
  const sentinel = useRef<HTMLLIElement>(null);
  useEffect(() => {
    const element = sentinel.current;
    if (element === null) return;
    const observer = new IntersectionObserver((entries) => {
      if (
        entries.some((entry) => entry.isIntersecting) &&
        pages.hasNextPage &&
        !pages.isFetchingNextPage
      )
        void pages.fetchNextPage();
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [pages]);
  return sentinel;
}
