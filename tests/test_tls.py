# SPDX-License-Identifier: Apache-2.0 OR MIT
"""HQC in TLS 1.3 (issue 26): oqs-provider (../shared/peers, main at 00fde33, which has the HQC
groups) built against Debian's OpenSSL 3.0 and two static liboqs 0.16.0 builds, the pristine one
and the one that imported our KEM (tests/test_liboqs_import.py). For each of the 8 HQC groups,
openssl s_server and s_client complete a handshake over 127.0.0.1 (patched on both sides, and
pristine client against patched server and the reverse), each process bounded in time and none
left behind; the negotiated group is read from the client's -trace (OpenSSL 3.0 prints no
negotiated-group line): the key share of the group's code point in the ClientHello and the
ServerHello, with the lengths of HQC's public key and ciphertext (plus the classical share for
the hybrids).
"""
import os
import re
import select
import shutil
import socket
import subprocess
import time

import pytest

from conftest import built, oqs_provider_source
from hqctools import liboqs_import as li

# group name -> (TLS code point, level, bytes of the classical share in a hybrid)
GROUPS = {
    "hqc1": (65075, "1", 0), "p256_hqc1": (65076, "1", 65), "x25519_hqc1": (65077, "1", 32),
    "hqc3": (65078, "3", 0), "p384_hqc3": (65079, "3", 97), "x448_hqc3": (65080, "3", 56),
    "hqc5": (65081, "5", 0), "p521_hqc5": (65082, "5", 133),
}
SIZES = {"1": (2241, 4433), "3": (4514, 8978), "5": (7237, 14421)}  # pk, ct
TIMEOUT = 60


@pytest.fixture(scope="session")
def providers(import_build, pristine_build, tmp_path_factory):  # noqa: F811
    """{"patched": dir, "pristine": dir} of oqsprovider.so, and a P-256 certificate."""
    if shutil.which("openssl") is None:
        pytest.skip("the openssl program is not installed (Debian: openssl)")
    work = tmp_path_factory.mktemp("tls")
    src = oqs_provider_source()
    dirs = {"patched": built(li.build_provider, src, import_build, work / "patched"),
            "pristine": built(li.build_provider, src, pristine_build, work / "pristine")}
    built(li.self_signed, work)
    return dirs, work


def provider_args(where):
    return ["-provider-path", str(where), "-provider", "oqsprovider", "-provider", "default"]


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def handshake(server_dir, client_dir, group, work):
    """One s_server (one connection, -naccept 1) and one s_client over 127.0.0.1 with only
    `group`; returns the client's -trace output. Both must exit 0 within TIMEOUT; the server is
    killed in any case."""
    port = free_port()
    server = subprocess.Popen(
        ["openssl", "s_server", *provider_args(server_dir), "-accept", "127.0.0.1:%d" % port,
         "-cert", work / "cert.pem", "-key", work / "key.pem", "-tls1_3", "-groups", group,
         "-naccept", "1"],
        stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    try:
        # It prints ACCEPT once it listens.
        deadline, seen = time.monotonic() + TIMEOUT, ""
        while "ACCEPT" not in seen:
            left = deadline - time.monotonic()
            if left <= 0 or server.poll() is not None:
                pytest.fail("s_server did not start listening: %s" % seen[-2000:])
            # Read the pipe unbuffered: a buffered readline could hold ACCEPT back from select.
            if select.select([server.stdout], [], [], left)[0]:
                seen += os.read(server.stdout.fileno(), 4096).decode(errors="replace")
        client = subprocess.run(
            ["openssl", "s_client", *provider_args(client_dir), "-connect",
             "127.0.0.1:%d" % port, "-tls1_3", "-groups", group, "-trace", "-CAfile",
             work / "cert.pem", "-verify_return_error", "-servername", "localhost"],
            stdin=subprocess.DEVNULL, capture_output=True, text=True, timeout=TIMEOUT)
        assert client.returncode == 0, client.stdout[-3000:] + client.stderr[-2000:]
        # -naccept 1: it exits after this connection (communicate also closes its stdin).
        out = server.communicate(timeout=TIMEOUT)[0].decode(errors="replace")
        assert server.returncode == 0, out[-2000:]
        return client.stdout
    finally:
        if server.poll() is None:
            server.kill()
            server.wait()


def assert_negotiated(trace, group):
    """The client offered only `group` and the server answered with it: the key_share entries
    of ClientHello and ServerHello carry its code point and HQC's sizes."""
    code, level, classical = GROUPS[group]
    pk, ct = SIZES[level]
    shares = re.findall(r"NamedGroup: \S+ \((\d+)\)\s+key_exchange:\s+\(len=(\d+)\)", trace)
    assert [(int(c), int(n)) for c, n in shares] == [(code, classical + pk),
                                                      (code, classical + ct)], shares
    assert "Verification: OK" in trace and "Verify return code: 0 (ok)" in trace


@pytest.mark.parametrize("group", list(GROUPS))
def test_handshake_patched(providers, group):
    dirs, work = providers
    assert_negotiated(handshake(dirs["patched"], dirs["patched"], group, work), group)


@pytest.mark.parametrize("group", list(GROUPS))
@pytest.mark.parametrize("client,server", [("pristine", "patched"), ("patched", "pristine")])
def test_handshake_across(providers, group, client, server):
    """Our KEM and liboqs's own speak the same HQC on the wire."""
    dirs, work = providers
    assert_negotiated(handshake(dirs[server], dirs[client], group, work), group)


def test_no_openssl_left_behind(providers):
    """Every s_server these tests started has exited."""
    mine = str(os.getpid())
    out = subprocess.run(["ps", "-eo", "ppid=,args="], capture_output=True, text=True).stdout
    left = [l for l in out.splitlines() if l.split(None, 1)[0] == mine and "openssl" in l]
    assert not left, left
