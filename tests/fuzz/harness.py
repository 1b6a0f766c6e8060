"""The fuzz child: runs cardrules on many inputs in one process, each under the same bounds.

Usage: python harness.py JOBS.json. A job is {"id", "argv": [...], "stdin": PATH or null,
"then": [...] or null (run when argv exits 0)}; both count against the job's bounds.
The process's address space is capped (MEMORY_MB) and each job's CPU time too (CPU_SECONDS, an
ITIMER_PROF timer, so a busy machine does not make a fast job look slow). For each job one JSON
line is printed: {"id", "code", "cpu", "peak_mb", "err"}; code is "timeout" when the CPU bound
was hit, and "crash" with the exception's name if something escaped cli.main.
"""
import contextlib
import io
import json
import os
import resource
import signal
import sys
import time

CPU_SECONDS = float(os.environ.get("CARDRULES_FUZZ_CPU", "10"))   # per input
MEMORY_MB = 500


class OverTime(BaseException):
    """Not an Exception: cli.main must not turn it into an ordinary exit code."""


def _over(signum, frame):
    raise OverTime()


def peak_mb() -> float:
    try:
        with open("/proc/self/status") as fh:
            return next(int(x.split()[1]) for x in fh if x.startswith("VmHWM:")) / 1024
    except (OSError, StopIteration):
        return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def run(job: dict) -> dict:
    from cardrules import cli
    out, err = io.StringIO(), io.StringIO()
    stdin = sys.stdin
    start = time.process_time()
    signal.setitimer(signal.ITIMER_PROF, CPU_SECONDS)
    try:
        if job.get("stdin"):
            sys.stdin = open(job["stdin"], encoding="utf-8", errors="strict")
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            code = cli.main(job["argv"])
            if code == 0 and job.get("then"):     # e.g. simulate what validated
                code = cli.main(job["then"])
    except OverTime:
        code = "timeout"
    except BaseException as exc:          # noqa: B036 (a fuzz finding, reported, not raised)
        code = f"crash {type(exc).__name__}: {exc}"[:300]
    finally:
        signal.setitimer(signal.ITIMER_PROF, 0)
        if sys.stdin is not stdin:
            sys.stdin.close()
            sys.stdin = stdin
    return {"id": job["id"], "code": code, "cpu": round(time.process_time() - start, 2),
            "peak_mb": round(peak_mb(), 1), "err": err.getvalue()[-500:]}


def main():
    limit = MEMORY_MB * 1024 * 1024
    resource.setrlimit(resource.RLIMIT_AS, (limit, limit))
    signal.signal(signal.SIGPROF, _over)
    os.environ.pop("CARDRULES_DEBUG", None)
    with open(sys.argv[1], encoding="utf-8") as fh:
        jobs = json.load(fh)
    for job in jobs:
        print(json.dumps(run(job)), flush=True)


if __name__ == "__main__":
    main()
