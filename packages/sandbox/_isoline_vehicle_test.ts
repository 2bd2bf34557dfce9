import assert from "node:assert/strict";
import { startSandbox } from "./sandbox.ts";
import { call } from "./_test_sandbox.ts";

const BASE =
  "/v8/isolines?origin=52.52,13.405&range%5Btype%5D=time&range%5Bvalues%5D=300";

Deno.test("isolines take the further vehicle attributes without notices", async () => {
  await using sandbox = await startSandbox();
  for (
    const query of [
      "&transportMode=truck&vehicle%5BemptyWeight%5D=7000" +
      "&vehicle%5BweightPerAxleGroup%5D=single:10000,tandem:18000" +
      "&vehicle%5BkpraLength%5D=1250&vehicle%5BpayloadCapacity%5D=8000" +
      "&vehicle%5BtiresCount%5D=18&vehicle%5Bcategory%5D=lightTruck" +
      "&vehicle%5BlicensePlate%5D=lastCharacter:%C3%84" +
      "&vehicle%5BspeedCap%5D=25&vehicle%5BspeedCapPerFc%5D=25,,,20" +
      "&vehicle%5BengineSizeCc%5D=12000&vehicle%5Boccupancy%5D=2" +
      "&vehicle%5BengineType%5D=internalCombustion",
      "&transportMode=car&vehicle%5BhovOccupancy%5D=3",
      "&transportMode=scooter&vehicle%5BspeedCap%5D=12.5&vehicle%5BengineSizeCc%5D=49",
    ]
  ) {
    const res = await call(sandbox, BASE + query);
    assert.equal(res.status, 200, query);
    assert.equal(res.body.notices, undefined, query);
  }
});

Deno.test("malformed vehicle attributes get HERE's error codes", async () => {
  await using sandbox = await startSandbox();
  const cases: [string, string, RegExp][] = [
    ["&transportMode=car&vehicle%5Boccupancy%5D=0", "E605001", /occupancy/],
    [
      "&transportMode=car&vehicle%5BengineType%5D=diesel",
      "E605001",
      /engineType/,
    ],
    [
      "&transportMode=car&vehicle%5Bcategory%5D=lightTruck",
      "E605001",
      /transportMode=truck/,
    ],
    ["&transportMode=car&vehicle%5BspeedCap%5D=0", "E605001", /speedCap/],
    [
      "&transportMode=car&vehicle%5BspeedCapPerFc%5D=80",
      "E605001",
      /speedCapPerFc/,
    ],
    [
      "&transportMode=car&vehicle%5BlicensePlate%5D=AB",
      "E605001",
      /licensePlate/,
    ],
    [
      "&transportMode=truck&vehicle%5BweightPerAxleGroup%5D=double:5",
      "E605001",
      /weightPerAxleGroup/,
    ],
    [
      "&transportMode=car&vehicle%5BhovOccupancy%5D=2&allow%5Bhov%5D=true",
      "E605001",
      /hovOccupancy/,
    ],
    ["&transportMode=scooter&vehicle%5BtiresCount%5D=2", "E605010", /scooter/],
    [
      "&transportMode=pedestrian&vehicle%5BspeedCap%5D=2",
      "E605010",
      /pedestrian/,
    ],
  ];
  for (const [query, code, cause] of cases) {
    const res = await call(sandbox, BASE + query);
    assert.equal(res.status, 400, query);
    assert.equal(res.body.code, code, query);
    assert.match(res.body.cause, cause, query);
  }
});
