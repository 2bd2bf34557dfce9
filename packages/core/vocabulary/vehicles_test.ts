import assert from "node:assert/strict";
import { assertValueError } from "../testing.ts";
import { Query } from "../params/query.ts";
import {
  Scooter,
  ShippedHazardousGoods,
  Truck,
  TruckType,
  TunnelCategory,
} from "./route_options.ts";
import { appendScooter, appendTruck, truckToJson } from "./vehicles.ts";

/** The query string appendTruck() produces. */
function truckQuery(truck: Truck | undefined, parameter?: string): string {
  return appendTruck(new Query(), truck, parameter).toString();
}

// ----------------------------------------------------------------- truck

Deno.test("appendTruck() writes each field under vehicle[...]", () => {
  const cases: [Truck, string][] = [
    [
      { shippedHazardousGoods: ["explosive", "gas"] },
      "vehicle%5BshippedHazardousGoods%5D=explosive,gas",
    ],
    [{ grossWeight: 12000 }, "vehicle%5BgrossWeight%5D=12000"],
    [{ weightPerAxle: 5000 }, "vehicle%5BweightPerAxle%5D=5000"],
    [{ height: 380 }, "vehicle%5Bheight%5D=380"],
    [{ width: 250 }, "vehicle%5Bwidth%5D=250"],
    [{ length: 1650 }, "vehicle%5Blength%5D=1650"],
    [{ tunnelCategory: TunnelCategory.C }, "vehicle%5BtunnelCategory%5D=C"],
    [{ axleCount: 4 }, "vehicle%5BaxleCount%5D=4"],
    [{ type: TruckType.tractor }, "vehicle%5Btype%5D=Tractor"],
    [{ type: TruckType.straightTruck }, "vehicle%5Btype%5D=StraightTruck"],
    [{ trailerCount: 0 }, "vehicle%5BtrailerCount%5D=0"],
    [{ grossWeight: 0 }, "vehicle%5BgrossWeight%5D=0"],
  ];
  for (const [truck, expected] of cases) {
    assert.equal(truckQuery(truck), expected, JSON.stringify(truck));
  }
});

Deno.test("appendTruck() sends all given fields in a fixed order", () => {
  const truck = new Truck({
    trailerCount: 1,
    type: "StraightTruck",
    axleCount: 4,
    tunnelCategory: "B",
    length: 1650,
    width: 250,
    height: 380,
    weightPerAxle: 5000,
    grossWeight: 12000,
    shippedHazardousGoods: [
      ShippedHazardousGoods.explosive,
      ShippedHazardousGoods.harmfulToWater,
    ],
  });
  assert.equal(
    truckQuery(truck),
    "vehicle%5BshippedHazardousGoods%5D=explosive,harmfulToWater&vehicle%5BgrossWeight%5D=12000" +
      "&vehicle%5BweightPerAxle%5D=5000&vehicle%5Bheight%5D=380&vehicle%5Bwidth%5D=250" +
      "&vehicle%5Blength%5D=1650&vehicle%5BtunnelCategory%5D=B&vehicle%5BaxleCount%5D=4" +
      "&vehicle%5Btype%5D=StraightTruck&vehicle%5BtrailerCount%5D=1",
  );
});

Deno.test("appendTruck() sends only the fields given, never type/trailerCount defaults", () => {
  assert.equal(
    truckQuery({
      grossWeight: 12000,
      height: 380,
      shippedHazardousGoods: ["explosive", "gas"],
      axleCount: 4,
    }),
    "vehicle%5BshippedHazardousGoods%5D=explosive,gas&vehicle%5BgrossWeight%5D=12000" +
      "&vehicle%5Bheight%5D=380&vehicle%5BaxleCount%5D=4",
  );
  assert.equal(truckQuery({}), "");
  assert.equal(truckQuery(new Truck()), "");
  assert.equal(truckQuery(undefined), "");
  assert.equal(truckQuery({ shippedHazardousGoods: [] }), "");
  assert.equal(
    truckQuery({ height: undefined, width: 250 }),
    "vehicle%5Bwidth%5D=250",
  );
});

Deno.test("appendTruck() refuses values outside HERE's closed sets, listing the allowed ones", () => {
  assertValueError(
    () => truckQuery({ type: "straight" as never }),
    "truck.type",
    'Invalid truck.type: must be one of "StraightTruck", "Tractor", got "straight"',
  );
  assertValueError(
    () => truckQuery({ type: "tractor" as never }),
    "truck.type",
  );
  assertValueError(
    () => truckQuery({ tunnelCategory: "F" as never }),
    "truck.tunnelCategory",
    'Invalid truck.tunnelCategory: must be one of "B", "C", "D", "E", got "F"',
  );
  assertValueError(
    () =>
      truckQuery({
        shippedHazardousGoods: ["explosive", "new class" as never],
      }),
    "truck.shippedHazardousGoods[1]",
  );
  // The same rules for the matrix body's truck object.
  assertValueError(
    () => truckToJson({ type: "straight" as never }),
    "truck.type",
  );
});

Deno.test("appendTruck() returns the query for chaining", () => {
  const q = new Query().set("transportMode", "truck");
  assert.equal(appendTruck(q, { height: 380 }), q);
  assert.equal(
    q.set("return", "summary").toString(),
    "transportMode=truck&vehicle%5Bheight%5D=380&return=summary",
  );
});

Deno.test("appendTruck() validates integers and names truck.<field>", () => {
  // Every numeric field of a truck, each with a valid value.
  const integers: Truck = {
    grossWeight: 12000,
    weightPerAxle: 5000,
    height: 380,
    width: 250,
    length: 1200,
    axleCount: 4,
    trailerCount: 1,
  };
  assert.equal(
    truckQuery(integers).split("&").length,
    Object.keys(integers).length,
  );
  for (const field of Object.keys(integers)) {
    for (const bad of [-1, 3.5, NaN, Infinity, "380"]) {
      assertValueError(
        () => truckQuery({ [field]: bad } as Truck),
        `truck.${field}`,
      );
    }
  }
  assertValueError(
    () => truckQuery({ height: 3.8 }),
    "truck.height",
    "Invalid truck.height: must be a non-negative integer, got 3.8",
  );
  assertValueError(
    () => truckQuery({ grossWeight: 1e-7 }),
    "truck.grossWeight",
  );
});

Deno.test("appendTruck() validates strings, lists and keys", () => {
  assertValueError(
    () => truckQuery({ shippedHazardousGoods: "explosive" as never }),
    "truck.shippedHazardousGoods",
    'Invalid truck.shippedHazardousGoods: must be an array, got "explosive"',
  );
  assertValueError(
    () => truckQuery({ shippedHazardousGoods: ["gas", "" as never] }),
    "truck.shippedHazardousGoods[1]",
  );
  assertValueError(
    () => truckQuery({ tunnelCategory: "" as never }),
    "truck.tunnelCategory",
  );
  assertValueError(() => truckQuery({ type: 1 as never }), "truck.type");
  assertValueError(
    () => truckQuery({ currentWeight: 9000 } as Truck),
    "truck.currentWeight",
    "Invalid truck.currentWeight: is not a known option, got 9000",
  );
  assertValueError(
    () => truckQuery(null as never),
    "truck",
    "Invalid truck: must be an object, got null",
  );
  assertValueError(
    () => truckQuery({ height: -1 }, "vehicle"),
    "vehicle.height",
  );
});

Deno.test("truckToJson() keeps numbers as numbers and lists as arrays, only given fields", () => {
  assert.deepEqual(
    truckToJson({
      height: 380,
      grossWeight: 12000,
      shippedHazardousGoods: ["explosive", "gas"],
      type: "Tractor",
    }),
    {
      shippedHazardousGoods: ["explosive", "gas"],
      grossWeight: 12000,
      height: 380,
      type: "Tractor",
    },
  );
  assert.deepEqual(truckToJson({}), {});
  assert.deepEqual(truckToJson({ shippedHazardousGoods: [] }), {});
  assert.deepEqual(truckToJson(new Truck({ trailerCount: 0 })), {
    trailerCount: 0,
  });
  assert.deepEqual(
    Object.keys(truckToJson({ trailerCount: 1, axleCount: 3, width: 2 })),
    [
      "width",
      "axleCount",
      "trailerCount",
    ],
  );
});

Deno.test("truckToJson() copies lists and validates like appendTruck()", () => {
  const goods: ShippedHazardousGoods[] = ["explosive"];
  const json = truckToJson({ shippedHazardousGoods: goods });
  assert.notEqual(json.shippedHazardousGoods, goods);
  assertValueError(
    () => truckToJson({ weightPerAxle: 1.5 }),
    "truck.weightPerAxle",
  );
  assertValueError(
    () => truckToJson({ weightPerAxle: -2 }, "options.truck"),
    "options.truck.weightPerAxle",
  );
});

// --------------------------------------------------------------- scooter

Deno.test("appendScooter() writes scooter[allowHighway]", () => {
  assert.equal(
    appendScooter(new Query(), { allowHighway: true }).toString(),
    "scooter%5BallowHighway%5D=true",
  );
  assert.equal(
    appendScooter(new Query(), new Scooter({ allowHighway: false })).toString(),
    "scooter%5BallowHighway%5D=false",
  );
  assert.equal(appendScooter(new Query(), {}).toString(), "");
  assert.equal(appendScooter(new Query(), undefined).toString(), "");
});

Deno.test("appendScooter() validates", () => {
  assertValueError(
    () => appendScooter(new Query(), { allowHighway: "yes" as never }),
    "scooter.allowHighway",
    'Invalid scooter.allowHighway: must be a boolean, got "yes"',
  );
  assertValueError(
    () => appendScooter(new Query(), { allowhighway: true } as Scooter),
    "scooter.allowhighway",
  );
});
