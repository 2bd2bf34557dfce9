// Run by sandbox_test.ts without --allow-read: starting the sandbox must
// fail at once, naming the permission, instead of answering 500 later.
import { SANDBOX_API_KEY, startSandbox } from "@ls/sandbox";

await using sandbox = await startSandbox();
const res = await fetch(
  `${sandbox.url}/v1/geocode?q=Berlin&apiKey=${SANDBOX_API_KEY}`,
);
console.log(res.status, await res.text());
