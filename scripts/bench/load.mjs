// The load generator, in a process of its own: autocannon against one URL, result as JSON.
// An optional fourth argument is a Cookie header (a signed-in caller).
import autocannon from 'autocannon'

const [url, connections = '50', seconds = '10', cookie] = process.argv.slice(2)
const result = await autocannon({
  url,
  connections: Number(connections),
  duration: Number(seconds),
  ...(cookie ? { headers: { cookie } } : {}),
})
console.log(
  JSON.stringify({
    requests: result.requests.total,
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts + result.non2xx,
  }),
)
