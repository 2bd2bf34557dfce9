// Preloaded (`node --import`) before a README Node sample: answers every
// request like HERE's geocoder, so the sample runs without a network or key.
process.env.HERE_API_KEY ??= "sample-key";
globalThis.fetch = (input) => {
  const url = new URL(input instanceof Request ? input.url : String(input));
  if (!url.hostname.endsWith(".hereapi.com")) {
    throw new Error(`unexpected request to ${url.origin}`);
  }
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
  return Promise.resolve(
    new Response(JSON.stringify(body), {
      status: 200,
      headers: { "content-type": "application/json" },
    }),
  );
};
