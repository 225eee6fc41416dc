#!/usr/bin/env python3
"""Times levcl variants on one pair of files and checks every distance.

usage: run_variants.py OUT.jsonl A B EXPECTED "VARIANT [KEY=VALUE...]"...

Each configuration runs once through `levcl --json` (environment: LEVCL, the program,
default "levcl"; LEVCL_DEVICE, the device; RUN_TIMEOUT, seconds per run, default 300).
One JSON object per run is appended to OUT.jsonl with "expected" and "exact" added, and
a table row is printed. Exits 1 if any run failed or returned another distance.
"""
import json
import os
import subprocess
import sys


def main():
    out, a, b, expected = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4])
    levcl = os.environ.get("LEVCL", "levcl")
    timeout = float(os.environ.get("RUN_TIMEOUT", "300"))
    ok = True
    print(f"{'variant':<14} {'params':<44} {'distance':>10} {'seconds':>9} {'kernel_s':>9} {'GCUPS':>8} exact", flush=True)
    with open(out, "a") as log:
        for config in sys.argv[5:]:
            variant, *params = config.split()
            command = [levcl, "--json", "--variant", variant]
            for kv in params:
                command += ["--param", kv]
            command += [a, b]
            try:
                run = subprocess.run(command, capture_output=True, text=True, timeout=timeout)
                failure = None if run.returncode == 0 else f"exit {run.returncode}: {run.stderr.strip()[-300:]}"
            except subprocess.TimeoutExpired:
                failure = f"over {timeout:.0f} s"
            if failure:
                ok = False
                log.write(json.dumps({"variant": variant, "config": config, "failed": failure}) + "\n")
                print(f"{variant:<14} {' '.join(params):<44} FAILED {failure}", flush=True)
                continue
            result = json.loads(run.stdout)
            result["expected"] = expected
            result["exact"] = result["distance"] == expected
            ok &= result["exact"]
            log.write(json.dumps(result) + "\n")
            shown = ",".join(f"{k}={v}" for k, v in result["params"].items())
            print(f"{variant:<14} {shown:<44} {result['distance']:>10} {result['seconds']:>9.3f} "
                  f"{result['kernel_seconds']:>9.3f} {result['gcups']:>8.1f} {result['exact']}", flush=True)
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
