import type { DehydratedState } from '@tanstack/react-query'

/**
 * What a server-rendered page hands to the browser beside its HTML (a JSON script, see
 * docs/decisions/0009-server-rendering.md): the queries it was rendered with, when, and whether
 * the server answered 404 for its address.
 */
export interface ServerRenderState {
  queries: DehydratedState
  /** ISO time of the render */
  renderedAt: string
  notFound: boolean
}

/** the id of the <script type="application/json"> that carries the state */
export const SERVER_RENDER_STATE_ID = 'server-render-state'

/**
 * The page's data counted as fetched when the page arrived, not when it was rendered: the server
 * drops its cached HTML on every catalogue change, so an older render still carries current data,
 * and the browser should not fetch it again once the render is older than the data's fresh time
 * (docs/decisions/0009-server-rendering.md).
 */
export function fetchedOnArrival(queries: DehydratedState, arrivedAt: number): DehydratedState {
  return {
    ...queries,
    queries: queries.queries.map((query) =>
      query.state.status === 'success'
        ? { ...query, state: { ...query.state, dataUpdatedAt: arrivedAt } }
        : query,
    ),
  }
}
