import assert from "node:assert/strict";
import { startSandbox } from "./sandbox.ts";
import { call } from "./_test_sandbox.ts";

const NOW = Date.UTC(2024, 4, 8, 12);
const fixed = { now: () => new Date(NOW) };

Deno.test("report: every product under its key, in places[0]", async () => {
  await using sandbox = await startSandbox(fixed);
  const products =
    "observation,forecast7days,forecast7daysSimple,forecastHourly,forecastAstronomy,alerts,nwsAlerts";
  const res = await call(
    sandbox,
    `/v3/report?products=${products}&location=52.52,13.405`,
  );
  assert.equal(res.status, 200, res.text);
  assert.equal(res.body.places.length, 1);
  const place = res.body.places[0];
  assert.deepEqual(Object.keys(place).sort(), [
    "alerts",
    "astronomyForecasts",
    "dailyForecasts",
    "extendedDailyForecasts",
    "hourlyForecasts",
    "nwsAlerts",
    "observations",
  ]);
  const obs = place.observations;
  assert.ok(obs.length >= 1 && obs.length <= 3);
  assert.equal(obs[0].place.address.countryCode, "DEU");
  assert.equal(obs[0].place.address.city, "Berlin");
  for (
    const key of ["comfort", "highTemperature", "lowTemperature", "humidity"]
  ) {
    assert.equal(typeof obs[0][key], "string", key);
    assert.ok(Number.isFinite(Number(obs[0][key])), key);
  }
  for (
    const key of [
      "temperature",
      "dewPoint",
      "windSpeed",
      "windDirection",
      "barometerPressure",
      "visibility",
      "skyInfo",
      "iconId",
      "ageMinutes",
    ]
  ) {
    assert.equal(typeof obs[0][key], "number", key);
  }
  assert.ok(
    Number(obs[0].lowTemperature) <= obs[0].temperature &&
      obs[0].temperature <= Number(obs[0].highTemperature),
  );
  assert.match(obs[0].time, /^2024-05-08T1\d:\d{2}:00\+01:00$/);
  assert.equal(
    obs[0].description,
    `${obs[0].skyDesc}. ${obs[0].temperatureDesc}.`,
  );

  const hourly = place.hourlyForecasts[0];
  assert.equal(hourly.forecasts.length, 168);
  assert.equal(hourly.forecasts[0].time, "2024-05-08T13:00:00+01:00");
  assert.match(hourly.forecasts[0].weekday, /^(mo|tu|we|th|fr|sa|su)$/);
  const daily = place.dailyForecasts[0].forecasts;
  assert.equal(daily.length, 7);
  assert.equal(daily[0].time, "2024-05-08T00:00:00+01:00");
  assert.equal(daily[0].weekday, "we");
  assert.ok(
    Number(daily[0].lowTemperature) <= Number(daily[0].highTemperature),
  );
  assert.equal(place.extendedDailyForecasts[0].forecasts.length, 28);
  assert.equal(
    place.extendedDailyForecasts[0].forecasts[1].daySegment,
    "afternoon",
  );
  const astro = place.astronomyForecasts[0].forecasts[0];
  assert.match(astro.sunRise, /^0[34]:\d{2}:\d{2}$/);
  assert.match(astro.sunSet, /^(19|20):\d{2}:\d{2}$/);
  assert.match(astro.moonPhase, /^0\.\d{3}$/);
  assert.equal(astro.time, "2024-05-08T00:00:00.000+01:00");
  assert.ok(Array.isArray(place.alerts));
  assert.deepEqual(place.nwsAlerts[0].warnings, []);
});

Deno.test("report is deterministic by place and date, and honours units and oneObservation", async () => {
  await using sandbox = await startSandbox(fixed);
  const path =
    "/v3/report?products=observation,forecast7daysSimple&location=48.85,2.35";
  const a = await call(sandbox, `${path}&oneObservation=true`);
  const b = await call(sandbox, `${path}&oneObservation=true`);
  assert.deepEqual(a.body, b.body);
  assert.equal(a.body.places[0].observations.length, 1);
  const imperial = await call(
    sandbox,
    `${path}&oneObservation=true&units=imperial`,
  );
  const c = a.body.places[0].observations[0].temperature;
  const f = imperial.body.places[0].observations[0].temperature;
  assert.ok(Math.abs(f - (c * 9 / 5 + 32)) < 0.2, `${c} °C vs ${f} °F`);
  await using later = await startSandbox({
    now: () => new Date(NOW + 86_400_000),
  });
  const tomorrow = await call(later, `${path}&oneObservation=true`);
  assert.notDeepEqual(
    tomorrow.body.places[0].observations[0],
    a.body.places[0].observations[0],
  );
});

Deno.test("report by q and zipCode; hourlyDate selects one day", async () => {
  await using sandbox = await startSandbox(fixed);
  const chicago = await call(
    sandbox,
    "/v3/report?products=forecastHourly&q=Chicago&hourlyDate=2024-05-10",
  );
  const block = chicago.body.places[0].hourlyForecasts[0];
  assert.equal(block.place.address.city, "Chicago");
  assert.equal(block.place.address.state, "Illinois");
  assert.equal(block.forecasts.length, 24);
  assert.equal(block.forecasts[0].time, "2024-05-10T00:00:00-06:00");
  const zip = await call(
    sandbox,
    "/v3/report?products=observation&zipCode=10025&oneObservation=true",
  );
  assert.equal(
    zip.body.places[0].observations[0].place.address.countryCode,
    "USA",
  );
  const alerts = await call(
    sandbox,
    "/v3/report?products=alerts&location=51.5,-0.12",
  );
  const [alert] = alerts.body.places[0].alerts;
  assert.equal(alert.type, 7);
  assert.equal(alert.description, "Thunderstorms");
  assert.deepEqual(alert.timeSegments[0], {
    segment: "afternoon",
    weekday: "mo",
  });
  assert.equal(alert.place.address.city, "London");
});

Deno.test("invalid report requests: 400 with E611 codes", async () => {
  await using sandbox = await startSandbox(fixed);
  const cases: [string, RegExp][] = [
    ["/v3/report?location=52.5,13.4", /Missing parameter 'products'/],
    ["/v3/report?products=rainbow&location=52.5,13.4", /'rainbow'/],
    ["/v3/report?products=observation", /One of 'location', 'q' or 'zipCode'/],
    [
      "/v3/report?products=observation&location=52.5,13.4&q=Berlin",
      /only one of/,
    ],
    [
      "/v3/report?products=forecastHourly&location=52.5,13.4&oneObservation=true",
      /only allowed with the 'observation' product/,
    ],
    ["/v3/report?products=observation&location=95,13.4", /'location'/],
    [
      "/v3/report?products=forecastHourly&location=52.5,13.4&hourlyDate=tomorrow",
      /hourlyDate/,
    ],
    ["/v3/report?products=observation&zipCode=ABC", /zipCode/],
  ];
  for (const [path, cause] of cases) {
    const res = await call(sandbox, path);
    assert.equal(res.status, 400, path);
    assert.equal(res.body.code, "E611001", path);
    assert.match(res.body.cause, cause, path);
  }
  const unknown = await call(
    sandbox,
    "/v3/report?products=observation&q=Qwxzzyplk",
  );
  assert.equal(unknown.status, 400);
  assert.equal(unknown.body.code, "E611404");
});

Deno.test("report: products come in one order, whatever order they were asked in", async () => {
  await using sandbox = await startSandbox(fixed);
  const res = await call(
    sandbox,
    "/v3/report?products=nwsAlerts,alerts,forecastAstronomy,forecast7days,forecast7daysSimple,forecastHourly,observation&location=52.52,13.405",
  );
  assert.equal(res.status, 200, res.text);
  assert.deepEqual(Object.keys(res.body.places[0]), [
    "observations",
    "hourlyForecasts",
    "dailyForecasts",
    "extendedDailyForecasts",
    "astronomyForecasts",
    "alerts",
    "nwsAlerts",
  ]);
});
