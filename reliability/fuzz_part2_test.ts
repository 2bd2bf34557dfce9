// Part 2 of the fuzzing suite (see fuzz_test.ts and _fuzz_suite.ts): the
// operations at odd indexes of OPS, so that a parallel run shares the work.

import { fuzzShard } from "./_fuzz_suite.ts";

fuzzShard(1, 2);
