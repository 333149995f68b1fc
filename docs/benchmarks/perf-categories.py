"""Sums a `perf script -F comm,ip,sym` dump of the server into what its CPU did.

Each sample is charged to the first category below that matches any frame of its stack,
so the order settles overlaps (SQLite's work on the blocking pool is SQLite, not a
hand-off). Used for "What the profile says" in BENCHMARKS.md:

    perf record -e cpu-clock -F 499 -g -p <server pid> -o perf.data -- sleep 10
    perf script -i perf.data -F comm,ip,sym > perf.txt
    python3 docs/benchmarks/perf-categories.py perf.txt
"""
import collections
import re
import sys

CATEGORIES = [
    ("bcrypt", r"bcrypt|Bcrypt|blowfish"),
    ("SQLite itself", r"sqlite3"),
    ("JSON encoding", r"JSONEncoder|JSONWriter"),
    ("JSON decoding", r"JSONDecoder|JSONScanner|JSONMap"),
    ("building SQL text (SQLKit)", r"SQLKit.*serialize|SQLSerializer"),
    ("decoding rows (SQLKit, Fluent)", r"SQLRowDecoder|FluentKit.*output|FluentKit6Fields|reflectionMirror"),
    # Only what FluentKit itself runs: a name that merely mentions one of its types (a
    # closure that takes `any Database`) is not Fluent's work.
    ("Fluent query building", r"^\$s9FluentKit"),
    ("handing work between threads", r"futex|finish_task_switch|__schedule|try_to_wake_up|pthread_cond|sem_post"
                                     r"|sem_wait|_dispatch_sema|swift_task_enqueue|swift_job_run$"),
    ("network I/O", r"tcp_|sock_|NIOWebSocket|WebSocketKit|readv|writev|sendmsg|recvmsg|epoll|NIOHTTP1"
                    r"|__sys_sendto|NIOPosix8SelectorC"),
    ("Swift runtime", r"malloc|free|swift_retain|swift_release|swift_allocObject|getGenericMetadata"
                      r"|swift_getTypeByMangled|swift_dynamicCast|conformsToProtocol|_int_"),
]


def category(stack):
    for name, pattern in CATEGORIES:
        if any(re.search(pattern, frame) for frame in stack):
            return name
    return "everything else"


def main(path):
    counts = collections.Counter()
    stack = []
    for line in open(path):
        if not line.strip():
            if stack:
                counts[category(stack)] += 1
            stack = []
        elif line[0] in " \t":
            parts = line.strip().split(" ", 1)
            stack.append(parts[1] if len(parts) > 1 else "")
    if stack:
        counts[category(stack)] += 1
    total = sum(counts.values())
    for name, count in counts.most_common():
        print(f"{100 * count / total:5.1f} %  {name}")
    print(f"({total} samples)")


if __name__ == "__main__":
    main(sys.argv[1])
