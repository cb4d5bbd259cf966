#!/usr/bin/env python3
"""Writes two-screens.json: a hand-made export data object (docs/export.md, "The data") with two
states, a push played by a tap or a button and driven by a pan, and a pop driven from the left
edge (UIKit's projection, completion spring). Parts are solid 4 x 4 PNGs."""
import base64, json, os, struct, zlib

def png(r, g, b, a=255, w=4, h=4):
    raw = b"".join(b"\x00" + bytes([r, g, b, a]) * w for _ in range(h))
    def chunk(kind, body):
        return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body) & 0xffffffff)
    data = b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", w, h, 8, 6, 0, 0, 0)) \
        + chunk(b"IDAT", zlib.compress(raw)) + chunk(b"IEND", b"")
    return "data:image/png;base64," + base64.b64encode(data).decode()

W, H, S = 390, 844, 2
I = [S, 0, 0, S, 0, 0]
def moved(tx):  # a node's points to device pixels, translated by tx points
    return [S, 0, 0, S, tx * S, 0]

parts = [png(230, 70, 60), png(40, 110, 230), png(255, 255, 255, 200, 4, 4), png(20, 20, 20)]
def list_screen(alpha=1.0, tx=0.0):
    return [["image", 0, alpha, [0, 0, W, H], 0, moved(tx)],
            ["fill", [1, 1, 1, 1], alpha, [16, 120, W - 32, 60], 12, moved(tx)],
            ["fill", [1, 1, 1, 1], alpha, [16, 200, W - 32, 60], 12, moved(tx)]]
def detail_screen(tx=0.0):
    return [["shadow", [0, 0, 0, 1], 0.3, 5, [0, 0], [0, 0, W, H], 0, [1, 0, 0, 1, tx, 0], 1],
            ["image", 1, 1, [0, 0, W, H], 0, moved(tx)],
            ["begin", [[20, 300, W - 40, 200], 20, moved(tx)]],
            ["fill", [1, 0.8, 0, 1], 1, [0, 280, W, 120], 0, moved(tx)],
            ["end"]]
def bar():
    return [["backdrop", {"blur": 10, "saturation": 1.8, "brightness": 0.05, "tint": [1, 1, 1, 0.3]}, 1, [0, 0, W, 100], 0, I],
            ["overlay", 3, 1, 40, 40]]
def push_plan(v):  # the detail slides in from the right over the list, which moves a third as far
    return [["clear", [0, 0, 0, 1]]] + list_screen(1, -v * W / 3) + detail_screen(W * (1 - v)) + bar()

values = [i / 20 for i in range(21)]
frames = {"values": values, "plans": [push_plan(v) for v in values]}
reading_x = lambda start, step, count, f: {"source": "translation", "axis": "x", "start": start, "step": step,
                                          "values": [f(start + i * step) for i in range(count)]}
spring = {"mass": 3, "stiffness": 1000, "damping": 500, "honouredDuration": None, "settleEpsilon": 0.001}
push_gesture = {
    "recognizer": {"slop": 10, "edge": None, "edgeZone": 13, "region": {"half": "right"}},
    "reading": reading_x(-2 * W, 2, 2 * W + 1, lambda t: -t / W),
    "autoFinish": None,
    "decision": {"kind": "rule", "axis": "x", "sign": -1, "flick": 1000, "velocity": None, "threshold": 0.5, "inclusive": False},
    "scrub": {"linear": True, "curve": [0.42, 0, 0.58, 1]},
    "completion": {"kind": "animator", "timing": {"curve": [0.42, 0, 0.58, 1], "duration": 0.35}, "speed": 1},
    "frames": frames,
}
pop_gesture = {
    "recognizer": {"slop": 15, "edge": "left", "edgeZone": 13, "region": None},
    "reading": reading_x(-2 * W, 2, 2 * W + 1, lambda t: t / W),
    "autoFinish": None,
    "decision": {"kind": "projection", "duration": 0.5, "distance": W, "threshold": min(187.5 / W, 0.5),
                 "sampleInterval": 0.01, "movedInterval": 0.001, "accelerationStep": 5, "window": 3},
    "scrub": {"linear": True, "curve": [0, 0, 1, 1]},
    "completion": {"kind": "spring", "spring": spring, "velocity": [1 / W, 0]},
    # value 1 = popped: the detail gone to the right
    "frames": {"values": values, "plans": [push_plan(1 - v) for v in values]},
}
data = {
    "format": 1, "scene": "two-screens", "size": [W, H], "scale": S,
    "velocity": {"minimumInterval": 0.001, "latestWeight": 0.2},
    "parts": parts,
    "states": [
        {"name": "list", "plan": push_plan(0), "taps": [{"rect": [16, 120, W - 32, 60], "edge": 0}],
         "gestures": [0], "buttons": [0]},
        {"name": "detail", "plan": push_plan(1), "taps": [], "gestures": [1], "buttons": [1]},
    ],
    "edges": [
        {"from": 0, "to": 1, "label": "Show detail", "verb": "push",
         "play": {"fps": 60, "plans": [push_plan(min(i / 29, 1)) for i in range(30)]}, "gesture": push_gesture},
        {"from": 1, "to": 0, "label": "Back", "verb": "pop",
         "play": {"fps": 60, "plans": [push_plan(1 - min(i / 29, 1)) for i in range(30)]}, "gesture": pop_gesture},
    ],
    "start": 0,
}
out = os.path.join(os.path.dirname(os.path.abspath(__file__)), "two-screens.json")
with open(out, "w") as f:
    json.dump(data, f, separators=(",", ":"))
print(out)
