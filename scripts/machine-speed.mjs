// A fixed CPU loop's milliseconds, for comparing runs of `.ci/run` and `npm run bench` across machines: the same machine
// kind runs at very different speeds from one session to the next (decision 015: the same commits in 11 minutes on one
// machine and 55 on another; docs/decisions/009, addendum of 2026-11-29). Lower is faster.
const started = process.hrtime.bigint();
let x = 0;
for (let i = 0; i < 3e8; i += 1) x = (x * 31 + i) % 1_000_003;
const ms = Number(process.hrtime.bigint() - started) / 1e6;
// x is printed so that the loop cannot be optimised away.
console.log(`${Math.round(ms)} ms for a fixed loop of 3e8 steps (checksum ${x})`);
