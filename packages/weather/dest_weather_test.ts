import assert from "node:assert/strict";
import { ApiError, ValueError } from "@ls/core";
import { assertValueError, hostRecordingClient } from "@ls/core/testing";
import { jsonReply, rejectsValueError } from "@ls/core/testing";
import { startTestServer, TEST_API_KEY } from "@ls/core/testing";
import { TEST_KEY_QUERY, testClient } from "@ls/core/testing";
import {
  buildDestWeatherRequest,
  DEST_WEATHER_WIRE_NAMES,
  DestinationWeatherResponse,
  DestWeatherProduct,
  getDestWeather,
} from "./mod.ts";
import type { DestWeatherParams } from "./mod.ts";
import reportObservation from "./testdata/report_observation_astronomy.json" with {
  type: "json",
};
import reportForecasts from "./testdata/report_forecasts.json" with {
  type: "json",
};

const ROUTE = "GET /v3/report";

Deno.test("getDestWeather: at, products, oneObservation, lang, units → exact query", async () => {
  await using server = await startTestServer();
  const body = reportObservation;
  server.route(ROUTE, jsonReply(200, body, { "x-correlation-id": "corr-1" }));
  const res = await getDestWeather(testClient(server), {
    products: [
      DestWeatherProduct.observation,
      DestWeatherProduct.forecastAstronomy,
    ],
    at: [52.5, 13.4],
    oneObservation: true,
    language: "en",
    units: "metric",
  }, { requestId: "req-7" });
  assert.equal(server.requests.length, 1);
  const [req] = server.requests;
  assert.equal(req.method, "GET");
  assert.equal(req.path, "/v3/report");
  assert.equal(
    req.rawQuery,
    `products=observation,forecastAstronomy&location=52.5,13.4&oneObservation=true&lang=en&units=metric&${TEST_KEY_QUERY}`,
  );
  assert.equal(req.query.get("apiKey"), TEST_API_KEY);
  assert.equal(req.headers.get("content-type"), null);
  assert.equal(req.headers.get("x-request-id"), "req-7");
  assert.ok(res instanceof DestinationWeatherResponse);
  assert.equal(res.correlationId, "corr-1");
  assert.deepEqual(res.toJSON(), body);
});

Deno.test("buildDestWeatherRequest: the report request, built without a client", () => {
  const spec = buildDestWeatherRequest({
    products: [DestWeatherProduct.forecastHourly],
    zipcode: "10025",
    hourlyDate: new Date(2024, 4, 1),
    language: "en-US",
    units: "imperial",
  });
  assert.deepEqual(
    { ...spec, query: spec.query?.toString() },
    {
      service: "weather",
      method: "GET",
      path: "/v3/report",
      query:
        "products=forecastHourly&zipCode=10025&hourlyDate=2024-05-01&lang=en-US&units=imperial",
    },
  );
});

Deno.test("getDestWeather: query text and zip code are content-encoded; coordinates never use exponents", async () => {
  await using server = await startTestServer();
  server.route(ROUTE, jsonReply(200, { places: [] }));
  const client = testClient(server);
  await getDestWeather(client, {
    products: ["forecast7daysSimple"],
    query: "café & bar; Main St",
  });
  await getDestWeather(client, {
    products: ["alerts", "nwsAlerts"],
    zipcode: "10025-1234",
    units: "imperial",
  });
  await getDestWeather(client, {
    products: ["observation"],
    at: [1e-7, -0.0000005],
  });
  assert.deepEqual(server.requests.map((r) => r.rawQuery), [
    `products=forecast7daysSimple&q=caf%C3%A9%20%26%20bar%3B%20Main%20St&${TEST_KEY_QUERY}`,
    `products=alerts,nwsAlerts&zipCode=10025-1234&units=imperial&${TEST_KEY_QUERY}`,
    `products=observation&location=0.0000001,-0.0000005&${TEST_KEY_QUERY}`,
  ]);
});

Deno.test("getDestWeather: hourlyDate goes out as YYYY-MM-DD, a Date as its local calendar date", async () => {
  await using server = await startTestServer();
  server.route(ROUTE, jsonReply(200, { places: [] }));
  const client = testClient(server);
  const dates: (Date | string)[] = [
    "2024-05-01",
    "2024-02-29",
    new Date(2024, 4, 1, 0, 30), // half past midnight, local time
    new Date(2024, 4, 1, 23, 59, 59, 999), // the last moment of the day
    new Date(2024, 11, 31, 23, 30), // across a year end in UTC somewhere
    new Date(2025, 0, 1, 0, 0),
    new Date(2024, 1, 29, 12),
  ];
  for (const hourlyDate of dates) {
    await getDestWeather(client, {
      products: [DestWeatherProduct.forecastHourly],
      query: "Chicago",
      hourlyDate,
    });
  }
  assert.deepEqual(
    server.requests.map((r) => r.rawQuery.split("&")[2]),
    [
      "hourlyDate=2024-05-01",
      "hourlyDate=2024-02-29",
      "hourlyDate=2024-05-01",
      "hourlyDate=2024-05-01",
      "hourlyDate=2024-12-31",
      "hourlyDate=2025-01-01",
      "hourlyDate=2024-02-29",
    ],
  );
  assert.equal(
    server.requests[0].rawQuery,
    `products=forecastHourly&q=Chicago&hourlyDate=2024-05-01&${TEST_KEY_QUERY}`,
  );
});

// The calendar date of a Date must not depend on how far the runtime's
// time zone is from UTC. Each zone runs the builder in its own process,
// since the zone is fixed when the process starts.
const ZONES: [string, number][] = [
  ["Pacific/Kiritimati", -840], // UTC+14: local midnight is 10:00 UTC the day before
  ["America/Los_Angeles", 420], // UTC-7 in May: local 23:30 is 06:30 UTC the day after
  ["UTC", 0],
];

Deno.test({
  name:
    "getDestWeather: a local Date near midnight keeps its day in time zones far from UTC",
  ignore: Deno.permissions.querySync({ name: "run" }).state !== "granted",
  fn: async () => {
    const mod = new URL("./mod.ts", import.meta.url).href;
    const script = `
      import { buildDestWeatherRequest } from ${JSON.stringify(mod)};
      const dates = [new Date(2024, 4, 1, 0, 30), new Date(2024, 4, 1, 23, 30)];
      console.log(JSON.stringify({
        offset: dates[0].getTimezoneOffset(),
        utcDays: dates.map((d) => d.toISOString().slice(0, 10)),
        sent: dates.map((d) =>
          buildDestWeatherRequest({ products: ["forecastHourly"], query: "x", hourlyDate: d })
            .query?.toString().split("&")[2]
        ),
      }));
    `;
    for (const [zone, offset] of ZONES) {
      const out = await new Deno.Command(Deno.execPath(), {
        args: ["eval", "--quiet", script],
        cwd: new URL("../../", import.meta.url),
        env: { TZ: zone },
        stdout: "piped",
        stderr: "piped",
      }).output();
      const stderr = new TextDecoder().decode(out.stderr);
      assert.ok(out.success, `${zone}: ${stderr}`);
      const seen = JSON.parse(new TextDecoder().decode(out.stdout));
      assert.equal(seen.offset, offset, `${zone} is in effect`);
      assert.deepEqual(seen.sent, [
        "hourlyDate=2024-05-01",
        "hourlyDate=2024-05-01",
      ], zone);
      // Through UTC, the same Dates would have become other days there.
      const expectedUtc = offset < 0
        ? ["2024-04-30", "2024-05-01"]
        : offset > 0
        ? ["2024-05-01", "2024-05-02"]
        : ["2024-05-01", "2024-05-01"];
      assert.deepEqual(seen.utcDays, expectedUtc, zone);
    }
  },
});

Deno.test("getDestWeather: a product outside HERE's set is refused, listing the set; options.query carries a new one; oneObservation false is sent", async () => {
  await using server = await startTestServer();
  server.route(ROUTE, jsonReply(200, { places: [] }));
  await assert.rejects(
    getDestWeather(testClient(server), {
      // @ts-expect-error: not one of HERE's products
      products: ["observation", "forecast7day"],
      query: "Berlin",
    }),
    {
      name: "ValueError",
      message:
        /^Invalid products\[1\]: must be one of "observation", "forecast7days", .*"nwsAlerts" .*, got "forecast7day"$/,
    },
  );
  assert.equal(server.requests.length, 0);
  await getDestWeather(testClient(server), {
    products: ["observation"],
    query: "Berlin",
    oneObservation: false,
    language: "de-DE",
  }, { query: { products: "observation,airQualityIndex" } });
  assert.equal(
    server.requests[0].rawQuery,
    `q=Berlin&oneObservation=false&lang=de-DE&products=observation%2CairQualityIndex&${TEST_KEY_QUERY}`,
  );
});

Deno.test("getDestWeather: at takes every point form, and a HERE wire name is answered with ours", async () => {
  await using server = await startTestServer();
  server.route(ROUTE, jsonReply(200, { places: [] }));
  const forms = [
    [52.5, 13.4],
    { lat: 52.5, lng: 13.4, title: "a geocode result" },
    { type: "Point", coordinates: [13.4, 52.5] },
    {
      type: "Feature",
      properties: {},
      geometry: { type: "Point", coordinates: [13.4, 52.5] },
    },
  ] as const;
  for (const at of forms) {
    await getDestWeather(testClient(server), { products: ["observation"], at });
  }
  assert.deepEqual(
    server.requests.map((r) => r.rawQuery),
    forms.map(() =>
      `products=observation&location=52.5,13.4&${TEST_KEY_QUERY}`
    ),
  );
  for (const [wire, ours] of Object.entries(DEST_WEATHER_WIRE_NAMES)) {
    await assert.rejects(
      getDestWeather(testClient(server), {
        products: ["observation"],
        at: [52.5, 13.4],
        [wire]: "x",
      } as never),
      { name: "ValueError", message: new RegExp(`did you mean "${ours}"\\?`) },
    );
  }
  for (
    const bad of [
      [NaN, 13.4],
      [52.5, 13.4, 0],
      { type: "LineString", coordinates: [[13.4, 52.5], [13.5, 52.6]] },
      { type: "Feature", properties: {} },
      { lat: 52.5 },
    ]
  ) {
    await assert.rejects(
      getDestWeather(testClient(server), {
        products: ["observation"],
        at: bad as never,
      }),
      (e) => e instanceof ValueError && e.parameter.startsWith("at"),
    );
  }
  assert.equal(server.requests.length, forms.length);
});

Deno.test("getDestWeather: invalid input is a ValueError naming the parameter, and nothing is sent", async () => {
  await using server = await startTestServer();
  server.route(ROUTE, jsonReply(200, { places: [] }));
  const client = testClient(server);
  const base: DestWeatherParams = {
    products: ["observation"],
    query: "Berlin",
  };
  const cases: [Record<string, unknown>, string, RegExp][] = [
    [
      { products: ["observation"] },
      "at",
      /^Invalid at: one of at, query or zipcode is required$/,
    ],
    [
      { ...base, at: [52.5, 13.4] },
      "query",
      /cannot be combined with at; give exactly one of at, query or zipcode/,
    ],
    [
      { products: ["observation"], query: "x", zipcode: "10025" },
      "zipcode",
      /cannot be combined with query/,
    ],
    [
      { products: ["forecastHourly"], query: "Berlin", oneObservation: true },
      "oneObservation",
      /needs the "observation" product in products, got true/,
    ],
    [{ ...base, products: [] }, "products", /must be a non-empty array/],
    [{ ...base, products: "observation" }, "products", /non-empty array/],
    [
      { ...base, products: ["observation", ""] },
      "products[1]",
      /must be one of "observation"/,
    ],
    // A hole is not skipped: it would go out as an empty product.
    [
      { ...base, products: new Array(2) },
      "products[0]",
      /must be one of "observation"/,
    ],
    [
      { products: ["observation"], at: [95, 13.4] },
      "at",
      /latitude 95 is out of range: arrays are \[lat, lng\]; GeoJSON is \[lng, lat\]/,
    ],
    [
      { products: ["observation"], at: [52.5, 200] },
      "at",
      /longitude 200 is out of range/,
    ],
    [{ products: ["observation"], at: [NaN, 13.4] }, "at[0]", /latitude/],
    [{ products: ["observation"], at: [52.5] }, "at", /\[lat, lng\] array/],
    [{ products: ["observation"], at: "52.5,13.4" }, "at", /\[lat, lng\]/],
    [{ ...base, query: "  " }, "query", /non-empty string/],
    [
      { products: ["observation"], zipcode: "SW1A 1AA" },
      "zipcode",
      /US ZIP code/,
    ],
    [{ ...base, hourlyDate: "2024-02-30" }, "hourlyDate", /YYYY-MM-DD/],
    [{ ...base, hourlyDate: "2024-5-1" }, "hourlyDate", /YYYY-MM-DD/],
    [
      { ...base, hourlyDate: "2024-05-01T13:00:00" },
      "hourlyDate",
      /YYYY-MM-DD/,
    ],
    [{ ...base, hourlyDate: new Date(NaN) }, "hourlyDate", /valid Date/],
    [
      { ...base, hourlyDate: new Date(Date.UTC(10000, 0, 2)) },
      "hourlyDate",
      /years 0 to 9999/,
    ],
    [{ ...base, hourlyDate: "2023-02-29" }, "hourlyDate", /YYYY-MM-DD/],
    [{ ...base, hourlyDate: "2024-04-31" }, "hourlyDate", /YYYY-MM-DD/],
    [{ ...base, hourlyDate: "2024-13-01" }, "hourlyDate", /YYYY-MM-DD/],
    [{ ...base, hourlyDate: "2024-00-10" }, "hourlyDate", /YYYY-MM-DD/],
    [{ ...base, hourlyDate: " 2024-05-01" }, "hourlyDate", /YYYY-MM-DD/],
    [{ ...base, hourlyDate: 20240501 }, "hourlyDate", /YYYY-MM-DD/],
    [
      { ...base, hourlyDate: { year: 2024, month: 5, day: 1 } },
      "hourlyDate",
      /YYYY-MM-DD/,
    ],
    [{ ...base, oneObservation: "yes" }, "oneObservation", /boolean/],
    [{ ...base, language: "not a tag!" }, "language", /BCP 47/],
    [{ ...base, language: ["de"] }, "language", /BCP 47/],
    [
      { ...base, units: "kelvin" },
      "units",
      /^Invalid units: must be one of "metric", "imperial", got "kelvin"$/,
    ],
    [
      { ...base, zipCode: "10025" },
      "zipCode",
      /^Invalid zipCode: is not a parameter of getDestWeather; did you mean "zipcode"\? \(our name for zipCode\)$/,
    ],
    [{ ...base, lang: "de" }, "lang", /is not a parameter of getDestWeather/],
  ];
  for (const [params, parameter, message] of cases) {
    const err = assertValueError(
      () => buildDestWeatherRequest(params as unknown as DestWeatherParams),
      parameter,
    );
    assert.match(err.message, message);
    await rejectsValueError(
      getDestWeather(client, params as unknown as DestWeatherParams),
      parameter,
      message,
    );
  }
  assert.equal(server.requests.length, 0);
});

Deno.test("DestinationWeatherResponse: observations and astronomy, numeric strings as numbers", () => {
  const body = reportObservation as Record<string, unknown>;
  const res = new DestinationWeatherResponse({ body });
  assert.equal(res.places.length, 1);
  assert.equal(res.observations.length, 2);
  const [first, second] = res.observations;
  assert.equal(first.comfort, 18.4);
  assert.equal(first.highTemperature, 21);
  assert.equal(first.lowTemperature, 11.3);
  assert.equal(first.humidity, 71);
  assert.equal(first.temperature, 18);
  assert.equal(first.activeAlerts, 0);
  assert.equal(first.daylight, "day");
  assert.equal(first.place?.address?.city, "Sampletown");
  assert.deepEqual(first.place?.location, { lat: 52.49, lng: 13.41 });
  assert.equal(first.place?.distance, 1.2);
  assert.equal(first.rainFall, undefined); // absent in HERE's body
  // A non-numeric value is left out of the typed item; raw keeps it.
  assert.equal("highTemperature" in second, false);
  assert.equal(second.lowTemperature, 10.9);
  // Not a documented field: kept in the object, read with a cast.
  assert.deepEqual(
    (second as unknown as Record<string, unknown>).someNewField,
    { kept: true },
  );
  const rawSecond = (body.places as { observations: unknown[] }[])[0]
    .observations[1] as Record<string, unknown>;
  assert.equal(rawSecond.highTemperature, "*");
  assert.equal(rawSecond.humidity, "55");
  assert.equal(res.places[0].raw, res.raw.places![0]);

  assert.equal(res.astronomyForecasts.length, 1);
  const astro = res.astronomyForecasts[0];
  assert.equal(astro.place?.address?.city, "Sampletown");
  assert.deepEqual(
    astro.forecasts.map((f) => [f.sunRise, f.moonPhase, f.time]),
    [
      ["05:30:00", 0.412, "2024-05-01T00:00:00.000+02:00"],
      ["05:28:00", 0.498, "2024-05-02T00:00:00.000+02:00"],
    ],
  );
  assert.deepEqual(res.hourlyForecasts, []);
  assert.deepEqual(res.alerts, []);
  assert.deepEqual(res.toJSON(), body);
});

Deno.test("DestinationWeatherResponse: products spread over places, key casing tolerated", () => {
  const body = reportForecasts as Record<string, unknown>;
  const res = new DestinationWeatherResponse({ body });
  assert.equal(res.places.length, 2);

  assert.equal(res.hourlyForecasts.length, 1);
  const hourly = res.hourlyForecasts[0].forecasts;
  assert.equal(hourly.length, 2);
  assert.equal(hourly[0].comfort, 7.2);
  assert.equal(hourly[0].humidity, 80);
  assert.equal(hourly[0].airInfo, "*");
  assert.equal(hourly[0].weekday, "we");
  assert.equal(hourly[0].daylight, "night");
  assert.equal(hourly[1].rainFall, 0);

  assert.equal(res.dailyForecasts[0].forecasts[0].highTemperature, 17);
  assert.equal(res.dailyForecasts[0].forecasts[0].beaufortScale, 3);

  // Read from "extendedDailyforecasts" (lower-case f), the reference client's key.
  assert.equal(res.extendedDailyForecasts.length, 1);
  const ext = res.extendedDailyForecasts[0];
  assert.deepEqual(ext.place?.location, { lat: 41.88, lng: -87.63 });
  assert.equal(ext.forecasts[0].temperature, 12);
  assert.equal(ext.forecasts[0].daySegment, "morning");
  assert.deepEqual(res.places[1].extendedDailyForecasts, [ext]);

  assert.deepEqual(
    res.alerts.map((a) => [a.type, a.description, a.timeSegments]),
    [
      [7, "Thunderstorms", [{ segment: "afternoon", weekday: "we" }]],
      [8, "High winds", []],
    ],
  );
  assert.deepEqual(res.places[1].nwsAlerts, {
    warnings: [{ name: "Example warning" }],
  });
  assert.deepEqual(res.places[1].raw.somethingNew, [1, 2, 3]);
  assert.deepEqual(res.places[0].alerts, []);
  assert.deepEqual(res.observations, []);
  assert.deepEqual(res.toJSON(), body);
});

Deno.test("DestinationWeatherResponse: an empty or odd body gives empty collections", () => {
  for (const body of [{}, { places: null }, { places: [null, 3] }]) {
    const res = new DestinationWeatherResponse({ body: body as never });
    assert.deepEqual(res.observations, []);
    assert.deepEqual(res.alerts, []);
  }
});

Deno.test("getDestWeather: HERE's error body becomes an ApiError", async () => {
  await using server = await startTestServer();
  server.route(
    ROUTE,
    jsonReply(400, {
      title: "Invalid request",
      status: 400,
      code: "E611001",
      cause: "Unsupported product 'airQualityIndex'",
      action: "",
      correlationId: "c-400",
    }),
  );
  await assert.rejects(
    getDestWeather(testClient(server), {
      products: ["observation"],
      query: "Berlin",
    }, { query: { products: "airQualityIndex" } }),
    (e) => {
      assert.ok(e instanceof ApiError);
      assert.equal(e.status, 400);
      assert.equal(e.code, "E611001");
      assert.equal(e.detail, "Unsupported product 'airQualityIndex'");
      assert.equal(e.correlationId, "c-400");
      assert.ok(!e.message.includes(TEST_API_KEY));
      return true;
    },
  );
  assert.equal(server.requests.length, 1); // a 400 is not retried
});

Deno.test("getDestWeather: goes to https://weather.hereapi.com by default", async () => {
  await using server = await startTestServer();
  server.route(ROUTE, jsonReply(200, { places: [] }));
  const seen: string[] = [];
  const client = hostRecordingClient(server, seen);
  await getDestWeather(client, { products: ["observation"], query: "Berlin" });
  assert.deepEqual(seen, [
    `https://weather.hereapi.com/v3/report?products=observation&q=Berlin&${TEST_KEY_QUERY}`,
  ]);
});

Deno.test("buildDestWeatherRequest: hourlyDate in the years 0 to 99, Dates of another realm, and fake Dates", async () => {
  const query = (hourlyDate: Date | string) =>
    buildDestWeatherRequest({
      products: ["forecastHourly"],
      query: "x",
      hourlyDate,
    })
      .query!.toString();
  assert.match(query("0050-01-01"), /hourlyDate=0050-01-01/);
  assert.match(query("0000-02-29"), /hourlyDate=0000-02-29/); // year 0 is a leap year
  assert.throws(() => query("0001-02-29"), { parameter: "hourlyDate" });
  const early = new Date(2000, 0, 1);
  early.setFullYear(50);
  assert.match(query(early), /hourlyDate=0050-01-01/);
  // A Date made in another realm (a vm context, an iframe) is a Date.
  const { runInNewContext } = await import("node:vm");
  const foreign = runInNewContext("new Date(2024, 4, 1, 12)") as Date;
  assert.match(query(foreign), /hourlyDate=2024-05-01/);
  // An object that only inherits from Date.prototype is a ValueError.
  assertValueError(
    () => query(Object.create(Date.prototype)),
    "hourlyDate",
  );
});
