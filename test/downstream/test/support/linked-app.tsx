/**
 * A React page on a package generated at test time from test/fixtures/cursor-pagination/events.yaml
 * (`@zapgen/events`, an esbuild alias): infinite scrolling over a list whose next page is in the
 * `Link` header, with TanStack Query's `useInfiniteQuery` and with the SWR hook. Bundled and
 * driven in Chromium by react-app.test.ts, against the package's own mock on another origin (so
 * the `link` header is read across origins, as a browser reads GitHub's).
 */
import { QueryClient, QueryClientProvider, useInfiniteQuery } from '@tanstack/react-query';
import { createRoot } from 'react-dom/client';
import { createClient } from '@zapgen/events';
import { useListEventsByLinkInfinite } from '@zapgen/events/swr';
import { listEventsByLinkInfiniteQueryOptions } from '@zapgen/events/tanstack-query';
import { useInfiniteScroll } from '../../src/react-app/infinite-scroll.js';

const client = createClient({ baseUrl: new URLSearchParams(location.search).get('events')! });
const row = { height: 30, margin: 0 };

function Events() {
  const events = useInfiniteQuery(
    listEventsByLinkInfiniteQueryOptions(client, { query: { limit: 3 } }),
  );
  const sentinel = useInfiniteScroll(events);
  if (events.isError) return <p id="events-error">{events.error.message}</p>;
  return (
    <ul id="events" style={{ height: 60, overflow: 'auto', padding: 0 }}>
      {events.data?.pages.flatMap((page) =>
        page.data.map((event) => (
          <li key={event.id} style={row}>
            {event.id}
          </li>
        )),
      )}
      <li ref={sentinel} id="events-more" style={row}>
        {events.hasNextPage ? 'More…' : 'End'}
      </li>
    </ul>
  );
}

function SwrEvents() {
  const events = useListEventsByLinkInfinite(client, { query: { limit: 3 } });
  const pages = events.data ?? [];
  const ended = pages.length > 0 && pages[pages.length - 1]!.next === undefined;
  return (
    <section>
      <ul id="swr-events">
        {pages.flatMap((page) => page.data.map((event) => <li key={event.id}>{event.id}</li>))}
      </ul>
      <button id="swr-more" disabled={ended} onClick={() => void events.setSize(events.size + 1)}>
        {ended ? 'End' : 'More'}
      </button>
    </section>
  );
}

createRoot(document.getElementById('root')!).render(
  <QueryClientProvider client={new QueryClient()}>
    <Events />
    <SwrEvents />
  </QueryClientProvider>,
);
