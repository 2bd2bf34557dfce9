// A Node consumer's code, type-checked against the packed npm build with
// moduleResolution "nodenext".
import { ApiError, Client, type RequestOptions } from "@ls/core";

const client = new Client({ apiKey: "<API_KEY>", maxRetries: 2 });
const options: RequestOptions = { timeoutMs: 5_000 };
export async function ping(): Promise<number> {
  try {
    const res = await client.requestJson<{ items: unknown[] }>(
      { service: "geocode", path: "/v1/geocode" },
      options,
    );
    return res.body.items.length;
  } catch (e) {
    if (e instanceof ApiError) return -e.status;
    throw e;
  }
}
