#!/usr/bin/env python3
"""Writes a minimal DNG 1.4 around a preview JPEG, as Tests/PhotoTestSupport/HeaderBytes+DNG.swift builds one for the
tests: IFD0 the preview (NewSubfileType 1, Compression 7, YCbCr) with DNGVersion, Make, Model, UniqueCameraModel,
Orientation, ColorMatrix1 and SubIFDs pointing at a small 16-bit uncompressed RGGB CFA. No Debian tool writes a camera
RAW; libraw (raw-identify) and exiftool read this one as a DNG. For the leak check's folder (scripts/leak-check.sh).

usage: make-dng.py PREVIEW.jpg WIDTH HEIGHT ORIENTATION OUT.dng [--sensor WxH]

--sensor gives the CFA's size (32 x 24 by default): a camera's, for the benchmark of libraw's full development.
"""
import struct
import sys


def ifd(entries, start):
    """The little-endian IFD of (tag, type, count, value bytes) at offset start, its long values after it."""
    entries = sorted(entries)
    body = bytearray(struct.pack("<H", len(entries)))
    values = bytearray()
    values_start = start + 2 + 12 * len(entries) + 4
    for tag, kind, count, value in entries:
        if len(value) <= 4:
            body += struct.pack("<HHI", tag, kind, count) + value.ljust(4, b"\0")
        else:
            body += struct.pack("<HHII", tag, kind, count, values_start + len(values))
            values += value + (b"\0" if len(value) % 2 else b"")
    return bytes(body + struct.pack("<I", 0) + values)


def dng(jpeg, width, height, orientation, raw_width=32, raw_height=24):
    short = lambda *v: struct.pack("<%dH" % len(v), *v)
    long = lambda *v: struct.pack("<%dI" % len(v), *v)
    ascii = lambda s: s.encode() + b"\0"
    identity = b"".join(struct.pack("<ii", v, 1) for v in (1, 0, 0, 0, 1, 0, 0, 0, 1))
    sensor = short(*([2048] * (raw_width * raw_height)))

    def preview_ifd(strip, raw_ifd):
        return [(254, 4, 1, long(1)), (256, 4, 1, long(width)), (257, 4, 1, long(height)), (258, 3, 3, short(8, 8, 8)),
                (259, 3, 1, short(7)), (262, 3, 1, short(6)), (271, 2, 10, ascii("Waterfall")),
                (272, 2, 9, ascii("Test DNG")), (273, 4, 1, long(strip)), (274, 3, 1, short(orientation)),
                (277, 3, 1, short(3)), (278, 4, 1, long(height)), (279, 4, 1, long(len(jpeg))), (330, 4, 1, long(raw_ifd)),
                (0xC612, 1, 4, bytes([1, 4, 0, 0])), (0xC613, 1, 4, bytes([1, 1, 0, 0])),
                (0xC614, 2, 19, ascii("Waterfall Test DNG")), (0xC621, 10, 9, identity), (0xC65A, 3, 1, short(21))]

    def raw_ifd(strip):
        return [(254, 4, 1, long(0)), (256, 4, 1, long(raw_width)), (257, 4, 1, long(raw_height)), (258, 3, 1, short(16)),
                (259, 3, 1, short(1)), (262, 3, 1, short(32803)), (273, 4, 1, long(strip)), (277, 3, 1, short(1)),
                (278, 4, 1, long(raw_height)), (279, 4, 1, long(len(sensor))), (284, 3, 1, short(1)),
                (33421, 3, 2, short(2, 2)), (33422, 1, 4, bytes([0, 1, 1, 2])), (50714, 4, 1, long(0)),
                (50717, 4, 1, long(4095))]

    raw_ifd_start = 8 + len(ifd(preview_ifd(0, 0), 8))
    preview_start = raw_ifd_start + len(ifd(raw_ifd(0), raw_ifd_start))
    sensor_start = preview_start + len(jpeg)
    return (b"II" + short(42) + long(8) + ifd(preview_ifd(preview_start, raw_ifd_start), 8)
            + ifd(raw_ifd(sensor_start), raw_ifd_start) + jpeg + sensor)


if __name__ == "__main__":
    preview, width, height, orientation, out = sys.argv[1:6]
    sensor = (32, 24)
    if sys.argv[6:7] == ["--sensor"]:
        sensor = tuple(int(side) for side in sys.argv[7].split("x"))
    with open(preview, "rb") as file:
        jpeg = file.read()
    with open(out, "wb") as file:
        file.write(dng(jpeg, int(width), int(height), int(orientation), raw_width=sensor[0], raw_height=sensor[1]))
