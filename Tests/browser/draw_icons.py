"""Draws the web app's icons (Public/icons/*.png): the OXO mark, an O, an X and an O in
the dark theme's colours on its background, as PNG files written with the standard
library alone (zlib and struct). Run it after changing the mark:

    python3 Tests/browser/draw_icons.py

test_installable.py checks that Chromium takes them (sizes, types, a maskable one).

Each shape is a signed distance (negative inside), and a pixel's coverage is how far the
edge is from its centre, clamped to one pixel: smooth edges without supersampling."""

import math
import struct
import sys
import zlib
from pathlib import Path

ICONS = Path(__file__).resolve().parents[2] / "Public" / "icons"

BACKGROUND = (0x18, 0x1B, 0x2E)  # --surface, dark theme
X_COLOUR = (0x8F, 0xA2, 0xFF)    # --x, dark theme
O_COLOUR = (0xFF, 0xA3, 0x6B)    # --o, dark theme


def ring(px, py, cx, cy, radius, width):
    return abs(math.hypot(px - cx, py - cy) - radius) - width / 2


def segment(px, py, ax, ay, bx, by):
    dx, dy = bx - ax, by - ay
    t = max(0.0, min(1.0, ((px - ax) * dx + (py - ay) * dy) / (dx * dx + dy * dy)))
    return math.hypot(px - ax - t * dx, py - ay - t * dy)


def cross(px, py, cx, cy, half, width):
    return min(segment(px, py, cx - half, cy - half, cx + half, cy + half),
               segment(px, py, cx - half, cy + half, cx + half, cy - half)) - width / 2


def rounded_square(px, py, size, corner):
    """Distance to a square of side `size` at the origin with corners of radius `corner`."""
    qx = abs(px - size / 2) - (size / 2 - corner)
    qy = abs(py - size / 2) - (size / 2 - corner)
    return math.hypot(max(qx, 0), max(qy, 0)) + min(max(qx, qy), 0) - corner


def coverage(distance):
    return max(0.0, min(1.0, 0.5 - distance))


def draw(size, maskable):
    """RGBA rows. A maskable icon fills its square (the platform cuts its own shape) and
    keeps the mark inside the central circle of 80 % that every shape leaves whole."""
    mark = size * (0.56 if maskable else 0.74)  # the width of "OXO"
    step = mark / 3
    radius, width = step * 0.34, step * 0.16
    top = size / 2
    rows = []
    for y in range(size):
        row = bytearray()
        for x in range(size):
            px, py = x + 0.5, y + 0.5
            alpha = 1.0 if maskable else coverage(rounded_square(px, py, size, size * 0.22))
            colour = BACKGROUND
            for index in range(3):
                cx = size / 2 + (index - 1) * step
                if index == 1:
                    shape, ink = cross(px, py, cx, top, radius * 0.85, width), X_COLOUR
                else:
                    shape, ink = ring(px, py, cx, top, radius, width), O_COLOUR
                share = coverage(shape)
                if share:
                    colour = tuple(round(c + (i - c) * share) for c, i in zip(colour, ink))
            row += bytes(colour) + bytes([round(alpha * 255)])
        rows.append(bytes(row))
    return rows


def png(rows):
    width, height = len(rows[0]) // 4, len(rows)

    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)

    raw = b"".join(b"\x00" + row for row in rows)
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 6, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b""))


FILES = {
    "icon-192.png": (192, False),
    "icon-512.png": (512, False),
    "maskable-512.png": (512, True),
}


def drawn():
    return {name: png(draw(size, maskable)) for name, (size, maskable) in FILES.items()}


if __name__ == "__main__":
    ICONS.mkdir(parents=True, exist_ok=True)
    for name, data in drawn().items():
        (ICONS / name).write_bytes(data)
        print(f"wrote {ICONS / name} ({len(data)} bytes)", file=sys.stderr)
