// A Node consumer's code, type-checked against the packed npm build with
// moduleResolution "nodenext".
import {
  ApiError,
  LS,
  type MatrixRoutingResponse,
  type RequestOptions,
  type RoutingResponse,
} from "@ls/ls";
import { Client } from "@ls/core";
import { geocode } from "@ls/geocoding";

const ls = new LS({ apiKey: "<API_KEY>", maxRetries: 2 });
const options: RequestOptions = { timeoutMs: 5_000 };

export async function firstTitle(query: string): Promise<string | undefined> {
  try {
    const res = await ls.geocode({ query }, options);
    return res.items[0]?.title;
  } catch (e) {
    if (e instanceof ApiError) return `${e.status} ${e.code ?? ""}`;
    throw e;
  }
}

export function route(): Promise<RoutingResponse> {
  return ls.carRoute({ origin: [52.5, 13.4], destination: [52.6, 13.5] });
}

export function square(): Promise<MatrixRoutingResponse> {
  return ls.matrix({
    origins: [{ lat: 52.5, lng: 13.4 }, { lat: 52.6, lng: 13.5 }],
    regionDefinition: { type: "world" },
    matrixAttributes: ["travelTimes"],
  });
}

// The domain packages work alone, on a core Client.
export async function alone(): Promise<number> {
  const client = new Client({ apiKey: "<API_KEY>" });
  return (await geocode(client, { query: "Berlin" })).items.length;
}
