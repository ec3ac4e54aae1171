#!/usr/bin/env python3
"""The CPU seconds of a command and of every process it starts, Chromium's renderers included.

`/usr/bin/time` and the shell's `times` count only the children their parents waited for, and Chromium's renderers
are not among them (docs/decisions/009, addendum of 2026-11-29). This runs the command as a child subreaper
(prctl PR_SET_CHILD_SUBREAPER): every orphaned descendant is reaped here, so RUSAGE_CHILDREN holds all of their CPU.
Prints user, system, their total and the wall seconds on stderr (docs/testing.md).

    python3 scripts/cpu-of-tree.py npx vitest run --project e2e apps/web/e2e/learner.e2e.ts --retry 0
"""
import ctypes, os, resource, sys, time
libc = ctypes.CDLL(None, use_errno=True)
PR_SET_CHILD_SUBREAPER = 36
assert libc.prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0) == 0
start = time.time()
pid = os.fork()
if pid == 0:
    os.execvp(sys.argv[1], sys.argv[1:])
rc = None
while True:
    try:
        p, status = os.waitpid(-1, 0)
    except ChildProcessError:
        break
    if p == pid:
        rc = os.waitstatus_to_exitcode(status)
r = resource.getrusage(resource.RUSAGE_CHILDREN)
print(f"CPU user {r.ru_utime:.1f} sys {r.ru_stime:.1f} total {r.ru_utime + r.ru_stime:.1f} wall {time.time() - start:.1f} rc {rc}", file=sys.stderr)
sys.exit(rc or 0)
