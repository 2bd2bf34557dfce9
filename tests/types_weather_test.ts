// Typos in weather requests and misspelled reads of its responses fail
// type-checking (each `@ts-expect-error` below must have an error to
// expect), and the request typos are ValueErrors at run time too.

import assert from "node:assert/strict";
import {
  buildDestWeatherRequest,
  type DestinationWeatherResponse,
  type DestWeatherParams,
} from "@ls/weather";

// Never called: only type-checked.
function _reads(res: DestinationWeatherResponse): unknown[] {
  const observation = res.observations[0];
  return [
    observation.place?.address?.city,
    // @ts-expect-error: the city is at place.address.city
    observation.city,
    // @ts-expect-error: misspelled
    observation.temprature,
    // @ts-expect-error: misspelled
    res.dailyForecasts[0].forecasts[0].highTemp,
  ];
}

Deno.test("weather request typos fail type-checking and are ValueErrors", () => {
  const params: DestWeatherParams = {
    // @ts-expect-error: HERE's product is forecast7days
    products: ["forecast7day"],
    at: [52.5, 13.4],
  };
  assert.throws(() => buildDestWeatherRequest(params), {
    name: "ValueError",
    message:
      /^Invalid products\[0\]: must be one of "observation", "forecast7days"/,
  });
  // @ts-expect-error: units are metric or imperial
  const units: DestWeatherParams["units"] = "si";
  assert.equal(units, "si");
  assert.equal(typeof _reads, "function");
});
