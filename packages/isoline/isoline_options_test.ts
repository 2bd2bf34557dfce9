import assert from "node:assert/strict";
import { ValueError } from "@ls/core";
import { assertValueError, onlyRequest, rejectsWith } from "@ls/core/testing";
import { startJsonServer, TEST_KEY_QUERY, testClient } from "@ls/core/testing";
import {
  buildCalculateIsolineRequest,
  calculateIsoline,
  type IsolineParams,
} from "./mod.ts";
import example from "./testdata/isolines_wire_example.json" with {
  type: "json",
};

const ISOLINES = "GET /v8/isolines";
const BASE: IsolineParams = {
  origin: [52.5, 13.4],
  range: [600],
  rangeType: "time",
  transportMode: "car",
};
const BASE_QUERY =
  "transportMode=car&origin=52.5,13.4&range%5Btype%5D=time&range%5Bvalues%5D=600" +
  "&routingMode=fast&optimizeFor=balanced";

/** The query string the loopback server saw for `params`. */
async function sentQuery(params: Partial<IsolineParams>): Promise<string> {
  await using server = await startJsonServer(ISOLINES, example);
  await calculateIsoline(testClient(server), { ...BASE, ...params });
  return onlyRequest(server, ISOLINES).rawQuery;
}

Deno.test("shape[maxResolution], exclude, allow, traffic and billingTag go out in deep-object form", async () => {
  const query = await sentQuery({
    shapeMaxResolution: 50,
    exclude: {
      countries: ["POL", "CZE"],
      states: { USA: ["NY", "PA"], CAN: ["QC"] },
      areas: [
        [13.41, 52.51, 13.43, 52.53],
        { type: "polygon", outer: [[52.5, 13.4], [52.6, 13.4], [52.6, 13.5]] },
      ],
    },
    allow: { hov: true, hot: false },
    traffic: { mode: "disabled", overrideFlowDuration: 600 },
    billingTag: "ABCD+EFGH",
  });
  assert.equal(
    query,
    BASE_QUERY +
      "&shape%5BmaxResolution%5D=50" +
      "&exclude%5Bcountries%5D=POL,CZE" +
      "&exclude%5Bstates%5D=USA:NY,PA%7CCAN:QC" +
      "&exclude%5Bareas%5D=bbox:13.41,52.51,13.43,52.53%7Cpolygon:52.5,13.4;52.6,13.4;52.6,13.5" +
      "&allow%5Bhov%5D=true&allow%5Bhot%5D=false" +
      "&traffic%5Bmode%5D=disabled&traffic%5BoverrideFlowDuration%5D=600" +
      `&billingTag=ABCD%2BEFGH&${TEST_KEY_QUERY}`,
  );
});

Deno.test("taxi[allowDriveThroughTaxiRoads] goes out for a taxi", async () => {
  const query = await sentQuery({
    transportMode: "taxi",
    taxi: { allowDriveThroughTaxiRoads: false },
  });
  assert.match(query, /&taxi%5BallowDriveThroughTaxiRoads%5D=false&/);
});

Deno.test("empty option objects and lists send nothing", async () => {
  const query = await sentQuery({
    exclude: { countries: [], states: {}, areas: [] },
    allow: {},
    traffic: {},
  });
  assert.equal(query, `${BASE_QUERY}&${TEST_KEY_QUERY}`);
});

Deno.test("bad grouped options are ValueErrors naming the field, before any request", async () => {
  const bad: [Record<string, unknown>, string, RegExp][] = [
    [{ shapeMaxResolution: -1 }, "shapeMaxResolution", /integer/],
    [{ shapeMaxResolution: 1.5 }, "shapeMaxResolution", /integer/],
    [{ exclude: { countries: ["DE"] } }, "exclude.countries[0]", /alpha-3/],
    [{ exclude: { states: { US: ["NY"] } } }, "exclude.states[0]", /alpha-3/],
    [
      { exclude: { states: { USA: ["new york"] } } },
      "exclude.states.USA[0]",
      /ISO 3166-2/,
    ],
    [{ exclude: { areas: [[1, 2]] } }, "exclude.areas[0]", /west, south/],
    [
      { exclude: { country: ["POL"] } },
      "exclude.country",
      /not a known option/,
    ],
    [{ exclude: "POL" }, "exclude", /object/],
    [{ allow: { hov: "yes" } }, "allow.hov", /boolean/],
    [{ traffic: { mode: "live" } }, "traffic.mode", /"default", "disabled"/],
    [
      { traffic: { overrideFlowDuration: -5 } },
      "traffic.overrideFlowDuration",
      /integer/,
    ],
    [
      { taxi: { allowDriveThroughTaxiRoads: true } },
      "taxi",
      /requires transportMode "taxi", got "car"/,
    ],
    [
      { transportMode: "taxi", taxi: { through: true } },
      "taxi.through",
      /not a known option/,
    ],
    [{ billingTag: "" }, "billingTag", /non-empty/],
    [{ billingTag: 5 }, "billingTag", /string/],
  ];
  await using server = await startJsonServer(ISOLINES, example);
  for (const [params, parameter, rule] of bad) {
    const error = assertValueError(
      () => buildCalculateIsolineRequest({ ...BASE, ...params } as never),
      parameter,
    );
    assert.match(error.message, rule, JSON.stringify(params));
    await rejectsWith(
      calculateIsoline(testClient(server), { ...BASE, ...params } as never),
      ValueError,
    );
  }
  assert.equal(server.requests.length, 0);
});

Deno.test("HERE's names of the grouped options lead to ours", () => {
  assertValueError(
    () =>
      buildCalculateIsolineRequest({
        ...BASE,
        "traffic[mode]": "disabled",
      } as never),
    "traffic[mode]",
    'Invalid traffic[mode]: is not a parameter of calculateIsoline; did you mean "traffic.mode"? (our name for traffic[mode])',
  );
});
