// One bulk worker of the shared-budget test: it opens the KV file it is
// given, spends the budget there through a KvLimiter, and sends geocode
// requests to the test server as fast as the budget lets it, with several
// requests in flight, until it is killed or the server says stop.
//
//   deno run --unstable-kv --allow-net=127.0.0.1 --allow-read --allow-write \
//     tests/_kv_worker.ts <kv file> <server url> <requests per second> <worker id>

import { Client } from "@ls/core";
import { KvLimiter } from "@ls/core/kv";

const [path, url, perSecond, id] = Deno.args;
using kv = await Deno.openKv(path);
const client = new Client({
  apiKey: `worker-${id}`,
  baseUrl: url,
  maxRetries: 0,
  limiter: new KvLimiter(kv, { requestsPerSecond: Number(perSecond) }),
});
let stop = false;
await Promise.all(
  Array.from({ length: 4 }, async () => {
    while (!stop) {
      const res = await client.requestJson<{ stop?: boolean }>({
        service: "geocode",
        path: "/v1/geocode",
      });
      if (res.body.stop) stop = true;
    }
  }),
);
