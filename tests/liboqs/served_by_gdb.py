# SPDX-License-Identifier: Apache-2.0 OR MIT
"""served_by_gdb.py: which code serves HQC in a program linked with a patched, shared liboqs,
counted by gdb (liboqs hides our functions, so -Wl,--wrap cannot reach liboqs.so's calls):
breakpoints on the entry of our x86_64 and ref implementations' KEM functions count every call
kem_hqc_<L>.c makes, and breakpoints on each x86 backend's Toom-3 product count which backend
multiplied (what the dispatcher chose, seen without calling into the process); at main, the
x86_64 implementation's dispatcher is also asked for its backend where gdb can call it.
Prints import_choice.c's report, after a marker line. Usage: gdb -q -batch -x served_by_gdb.py --args PROG ARGS
"""
import gdb

LEVELS = ("1", "3", "5")
OPS = ("keypair", "enc", "dec")


class CallCounter(gdb.Breakpoint):
    """Counts the calls to one function and lets the program run on."""

    def __init__(self, name):
        super().__init__(name, internal=True)
        self.calls = 0

    def stop(self):
        self.calls += 1
        return False


def call(expr):
    """Evaluates a call into the inferior; the library has symbols but no debug types."""
    return gdb.parse_and_eval(expr)


def string(expr):
    return call(expr).string()


def liboqs_path():
    """The liboqs shared object the process loaded (none if the program holds liboqs itself)."""
    found = [o.filename for o in gdb.objfiles() if "/liboqs.so" in o.filename]
    return found[0] if found else "none"


def served_by(fast, ref):
    if all(fast) and not any(ref):
        return "x86_64"
    if all(ref) and not any(fast):
        return "ref"
    return "none" if not any(fast + ref) else "mixed"


gdb.execute("set pagination off")
gdb.execute("set confirm off")
gdb.execute("set breakpoint pending on")
# liboqs.so is a DT_NEEDED of the program: loaded before main, so its symbols resolve there.
gdb.execute("tbreak main")
gdb.execute("run")
report = {"liboqs": liboqs_path()}
try:
    buf = call("((void *(*)(unsigned long))malloc)(256)")
    call("((void (*)(unsigned, char *, unsigned long))HQCFAST_HQC1_X86_64_hqc_cpu_features_string)"
         "(((unsigned (*)(void))HQCFAST_HQC1_X86_64_hqc_cpu_features)(), (char *)%d, 256)"
         % int(buf))
    report["cpu"] = string("(char *)%d" % int(buf))
    for level in LEVELS:
        report["hqc" + level] = string(
            "((const char *(*)(const void *))HQCFAST_HQC%s_X86_64_hqc%s_backend_name)"
            "(((const void *(*)(void))HQCFAST_HQC%s_X86_64_hqc%s_backend_default)())"
            % (level, level, level, level))
except gdb.error as e:
    # gdb 13 cannot call into the program where ptrace refuses the CPU's extended state (seen
    # on a Sapphire Rapids VM, whose XSAVE area holds AMX tiles: "Couldn't write extended state
    # status: Bad address"); the breakpoints below still count.
    report["calls"] = "unavailable: %s" % str(e).replace("\n", " ")
counters = {(level, impl): [CallCounter(name.format(level) + "_" + op) for op in OPS]
            for level in LEVELS
            for impl, name in (("fast", "HQCFAST_HQC{0}_X86_64_hqc{0}_crypto_kem"),
                               ("ref", "HQCFAST_HQC{0}_REF_hqc{0}_crypto_kem"))}
# The product entry of each x86 backend (src/gf2x/native/x86_64/<backend>/toom3_mul.c).
BACKENDS = ("avx2", "vpclmul", "avx512")
products = {(level, b): CallCounter("HQCFAST_HQC{0}_X86_64_hqc{0}_{1}_toom3_mul".format(level, b))
            for level in LEVELS for b in BACKENDS}
exit_code = []
gdb.events.exited.connect(lambda event: exit_code.append(getattr(event, "exit_code", -1)))
gdb.execute("continue")
for level in LEVELS:
    fast = [c.calls for c in counters[level, "fast"]]
    ref = [c.calls for c in counters[level, "ref"]]
    report["hqc%s-kem" % level] = served_by(fast, ref)
    report["hqc%s-calls" % level] = "fast %s ref %s" % (fast, ref)
    used = [b for b in BACKENDS if products[level, b].calls]
    report["hqc%s-multiplied" % level] = " ".join(used) if used else "none"
report["exit"] = str(exit_code[0] if exit_code else "none")
print("--- served_by_gdb report ---")
print("\n".join("%s: %s" % kv for kv in report.items()))
