"""`halli-pi read` refuses an image too large to decode before decoding it."""

from __future__ import annotations

import struct
import time
import zlib
from pathlib import Path

import pytest

from halli_pi.cli import main


def png_header_only(path: Path, width: int, height: int) -> None:
    """A PNG whose header declares ``width`` x ``height`` (a decompression bomb's shape)."""

    def chunk(kind: bytes, data: bytes) -> bytes:
        crc = zlib.crc32(kind + data) & 0xFFFFFFFF
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", crc)

    ihdr = struct.pack(">IIBBBBB", width, height, 8, 0, 0, 0, 0)
    idat = zlib.compress(b"\0" * 1024)
    path.write_bytes(
        b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", ihdr) + chunk(b"IDAT", idat) + chunk(b"IEND", b"")
    )


@pytest.mark.parametrize("width,height", [(20000, 20000), (9000, 9000)])
def test_a_huge_image_is_refused_by_its_declared_size(tmp_path: Path, capsys, width, height):
    path = tmp_path / "bomb.png"
    png_header_only(path, width, height)
    started = time.monotonic()
    code = main(["read", str(path), "--json"])
    err = capsys.readouterr().err
    assert code == 2
    assert err.startswith(f"halli-pi: error: {path}: image ") and "too large to read" in err
    assert "the limit is 50 megapixels" in err
    assert time.monotonic() - started < 5.0  # refused, not decoded


def test_an_ordinary_photo_is_still_read(tmp_path: Path, capsys) -> None:
    import cv2
    import numpy as np

    path = tmp_path / "table.png"
    cv2.imwrite(str(path), np.full((480, 640, 3), 90, np.uint8))
    code = main(["read", str(path), "--json"])
    out = capsys.readouterr().out
    assert code == 0 and '"cards"' in out
