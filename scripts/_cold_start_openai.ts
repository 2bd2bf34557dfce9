// The reference of the cold-start benchmark (scripts/cold_start.ts):
// openai-node, pinned here only, bundled the way a user's bundler would.
export { OpenAI, OpenAI as default } from "npm:openai@7.4.0";
