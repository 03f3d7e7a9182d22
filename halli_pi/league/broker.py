"""A Mosquitto broker of our own, on a free loopback port, for the league's tests and bench.

It runs Debian's ``mosquitto`` with what a league needs of any broker: persistence (queued
messages survive a restart), and a queue for an absent hall large enough for a club night.
"""

from __future__ import annotations

import getpass
import shutil
import socket
import subprocess
import time
from pathlib import Path

from halli_pi.errors import HalliPiError

# Debian installs the broker in sbin, which is not on an ordinary user's PATH.
SEARCH_PATH = "/usr/sbin:/usr/local/sbin:/sbin"


class BrokerError(HalliPiError):
    """The broker could not be started."""


def find_mosquitto() -> str | None:
    return shutil.which("mosquitto") or shutil.which("mosquitto", path=SEARCH_PATH)


def _tool(name: str) -> str:
    found = shutil.which(name) or shutil.which(name, path=SEARCH_PATH)
    if found is None:
        raise BrokerError(f"{name} is not installed (it comes with Debian's mosquitto)")
    return found


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


class LocalBroker:
    """``start()``, ``stop()`` (SIGTERM: Mosquitto saves its queues) and ``restart()``."""

    def __init__(
        self,
        folder: Path,
        port: int | None = None,
        *,
        users: dict[str, str] | None = None,
        acl: str | None = None,
        tls: tuple[Path, Path, Path] | None = None,
    ) -> None:
        """`users`: names and passwords (then nobody gets in without one); `acl`: the text of
        a Mosquitto access list; `tls`: (CA, certificate, key) files for a TLS listener."""
        binary = find_mosquitto()
        if binary is None:
            raise BrokerError("mosquitto is not installed (Debian: apt-get install mosquitto)")
        self.binary = binary
        self.folder = Path(folder)
        self.folder.mkdir(parents=True, exist_ok=True)
        self.port = port or free_port()
        self.config = self.folder / "mosquitto.conf"
        security = "allow_anonymous true\n"
        if users is not None:
            passwords = self.folder / "passwords"
            passwords.write_text("")
            for name, password in users.items():
                subprocess.run(
                    [_tool("mosquitto_passwd"), "-b", str(passwords), name, password],
                    check=True,
                    capture_output=True,
                )
            security = f"allow_anonymous false\npassword_file {passwords}\n"
        if acl is not None:
            (self.folder / "acl").write_text(acl)
            security += f"acl_file {self.folder / 'acl'}\n"
        if tls is not None:
            ca, cert, key = tls
            security += f"cafile {ca}\ncertfile {cert}\nkeyfile {key}\n"
        self.config.write_text(
            f"listener {self.port} 127.0.0.1\n"
            # Started as root (a CI container), Mosquitto would switch to its own user, which
            # cannot write the persistence file here: queues would not survive a restart.
            f"user {getpass.getuser()}\n"
            f"{security}"
            "persistence true\n"
            f"persistence_location {self.folder}/\n"
            # An absent hall's queue: every message of a long evening, not the default 1000.
            "max_queued_messages 1000000\n"
            "max_queued_bytes 0\n"
            "max_inflight_messages 100\n"
            f"log_dest file {self.folder / 'mosquitto.log'}\n"
        )
        self.process: subprocess.Popen[bytes] | None = None

    def start(self, timeout: float = 10.0) -> None:
        self.process = subprocess.Popen(
            [self.binary, "-c", str(self.config)],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
        )
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                err = (
                    self.process.stderr.read().decode(errors="replace")
                    if self.process.stderr
                    else ""
                )
                raise BrokerError(f"mosquitto exited at start ({self.process.returncode}): {err}")
            try:
                with socket.create_connection(("127.0.0.1", self.port), timeout=0.2):
                    return
            except OSError:
                time.sleep(0.02)
        self.stop()
        raise BrokerError(f"mosquitto did not listen on port {self.port} within {timeout} s")

    def stop(self) -> None:
        if self.process is None:
            return
        self.process.terminate()
        try:
            self.process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
        if self.process.stderr is not None:
            self.process.stderr.close()
        self.process = None

    def restart(self) -> None:
        self.stop()
        self.start()

    def __enter__(self) -> LocalBroker:
        self.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.stop()
