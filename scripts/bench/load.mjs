// The load generator, in a process of its own: autocannon, result as JSON on the last line.
//
//   node load.mjs URL [CONNECTIONS] [SECONDS] [COOKIE]   one URL, GETs (a Cookie: a signed-in caller)
//   node load.mjs --spec JSON                            a scenario (scripts/bench/shop-load.mjs):
//     targets       base URLs (one per app process): the connections are split evenly between them
//     connections, seconds
//     requests      [{ method, path, body?, headers? }], each connection cycles through them; a
//                   `bodies` array instead of `body` hands out one body after another (accounts)
//     cookies       Cookie headers handed out one per request, in turn (signed-in customers)
//     forwardedFor  true: every request comes from a new visitor, an X-Forwarded-For address of its
//                   own, as a load balancer in front of the shop would send (TRUST_PROXY=1)
import autocannon from 'autocannon'

const args = process.argv.slice(2)
const spec =
  args[0] === '--spec'
    ? JSON.parse(args[1])
    : {
        targets: [args[0]],
        connections: Number(args[1] ?? 50),
        seconds: Number(args[2] ?? 10),
        requests: [{ method: 'GET', path: '' }],
        cookies: args[3] ? [args[3]] : [],
      }

let visitors = 0
/** 10.0.0.1 onwards: 16 million visitors before an address comes round again */
const nextVisitor = () => {
  visitors += 1
  return `10.${(visitors >> 16) & 255}.${(visitors >> 8) & 255}.${visitors & 255}`
}
let handedOut = 0

function requestsFor(target) {
  return spec.requests.map((step) => {
    const url = new URL(step.path, target)
    return {
      method: step.method,
      path: `${url.pathname}${url.search}`,
      headers: {
        ...(step.body || step.bodies ? { 'content-type': 'application/json' } : {}),
        ...step.headers,
      },
      ...(step.body ? { body: JSON.stringify(step.body) } : {}),
      setupRequest(request) {
        const turn = handedOut++
        const headers = { ...request.headers }
        if (step.bodies) request.body = JSON.stringify(step.bodies[turn % step.bodies.length])
        if (spec.cookies?.length) headers.cookie = spec.cookies[turn % spec.cookies.length]
        if (spec.forwardedFor) headers['x-forwarded-for'] = nextVisitor()
        return { ...request, headers }
      },
    }
  })
}

const perTarget = Math.max(1, Math.round(spec.connections / spec.targets.length))
const options = spec.targets.map((target) => ({
  url: target,
  connections: perTarget,
  duration: spec.seconds,
  requests: requestsFor(target),
  skipAggregateResult: true,
}))
const results = await Promise.all(options.map((option) => autocannon(option)))
const result = autocannon.aggregateResult(results, {
  url: spec.targets[0],
  connections: perTarget * spec.targets.length,
})
console.log(
  JSON.stringify({
    requests: result.requests.total,
    // the per-second samples are not merged across instances: the mean over the run instead
    rps: result.requests.total / result.duration,
    p50: result.latency.p50,
    p99: result.latency.p99,
    statuses: Object.fromEntries(
      Object.entries(result.statusCodeStats).map(([status, { count }]) => [status, count]),
    ),
    errors: result.errors + result.timeouts + result.non2xx,
  }),
)
