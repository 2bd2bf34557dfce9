// Preloaded (`node --import`) before a README Node sample. It starts a real
// HTTP server on 127.0.0.1 that answers like HERE's geocoder and sends every
// request for a HERE host there instead (same method, path, query, headers
// and body; only the origin changes), so the sample runs without a network
// or a key. On exit it checks what the sample sent: one geocode request with
// the sample's query and key.
import http from "node:http";
import { once } from "node:events";

process.env.HERE_API_KEY ??= "sample-key";

const seen = [];
const server = http.createServer((req, res) => {
  seen.push({
    method: req.method,
    url: req.url,
    host: req.headers["x-here-host"],
  });
  const body = {
    items: [{
      title: "Invalidenstraße 116, 10115 Berlin, Deutschland",
      id: "here:af:streetsection:sample",
      resultType: "houseNumber",
      houseNumberType: "PA",
      address: { label: "Invalidenstraße 116, 10115 Berlin, Deutschland" },
      position: { lat: 52.53041, lng: 13.38527 },
    }],
  };
  res.writeHead(200, {
    "content-type": "application/json",
    "connection": "close",
  });
  res.end(JSON.stringify(body));
});
server.listen(0, "127.0.0.1");
await once(server, "listening");
server.unref();
const { port } = server.address();

const realFetch = globalThis.fetch;
globalThis.fetch = (input, init) => {
  const request = new Request(input, init);
  const url = new URL(request.url);
  if (!url.hostname.endsWith(".hereapi.com")) {
    return Promise.reject(new Error(`unexpected request to ${url.origin}`));
  }
  const headers = new Headers(request.headers);
  headers.set("x-here-host", url.host);
  return realFetch(
    new Request(`http://127.0.0.1:${port}${url.pathname}${url.search}`, {
      method: request.method,
      headers,
      body: request.body,
      signal: request.signal,
      redirect: "manual",
      duplex: "half",
    }),
  );
};

process.on("exit", (code) => {
  if (code !== 0) return;
  const [first] = seen;
  const url = first && new URL(first.url, "http://127.0.0.1");
  const ok = seen.length === 1 && first.method === "GET" &&
    first.host === "geocode.search.hereapi.com" &&
    url.pathname === "/v1/geocode" &&
    url.searchParams.get("q") === "Invalidenstr 116, Berlin" &&
    url.searchParams.get("apiKey") === process.env.HERE_API_KEY;
  if (!ok) {
    console.error(
      `the sample sent ${
        JSON.stringify(seen.map((s) =>
          s.method + " " + s.host + " " +
          s.url.replace(/apiKey=[^&]*/, "apiKey=…")
        ))
      }; expected one GET of geocode.search.hereapi.com/v1/geocode?q=Invalidenstr 116, Berlin with the key`,
    );
    process.exit(1);
  }
});
