"""Runs inside a second, background Blender on the copy of the artist's scene (packing.py).

Packs every external file it can find into the copy and saves it compressed; writes the files it
could not find (as JSON) to the path after `--`, so the panel can list them. Working on a copy in
another process leaves the artist's open scene exactly as it was (nothing packed, not marked
changed).
"""

import json
import os
import sys

import bpy


def missing_files():
    """External files still outside the .blend after packing."""
    missing = []
    groups = [
        ("image", bpy.data.images),
        ("library", bpy.data.libraries),
        ("sound", bpy.data.sounds),
        ("movie clip", bpy.data.movieclips),
        ("font", bpy.data.fonts),
        ("volume", bpy.data.volumes),
        ("cache", bpy.data.cache_files),
    ]
    for kind, collection in groups:
        for block in collection:
            path = getattr(block, "filepath", "")
            if not path or path == "<builtin>" or getattr(block, "packed_file", None):
                continue
            if kind == "image" and block.source not in ("FILE", "SEQUENCE", "MOVIE", "TILED"):
                continue
            # Not packed: its source was not found, or its kind cannot be packed (movie clips,
            # caches); either way the farm will not have it.
            # The copy's relative paths point back at the artist's folder: show them whole.
            absolute = os.path.normpath(bpy.path.abspath(path))
            missing.append({"type": kind, "name": block.name, "path": absolute, "found": os.path.exists(absolute)})
    return missing


def main():
    out = sys.argv[sys.argv.index("--") + 1]
    try:
        bpy.ops.file.pack_libraries()
    except RuntimeError as error:
        print("pack_libraries:", error)
    try:
        bpy.ops.file.pack_all()
    except RuntimeError as error:  # a missing file is reported, the rest is still packed
        print("pack_all:", error)
    missing = missing_files()
    bpy.ops.wm.save_mainfile(compress=True)
    with open(out, "w", encoding="utf-8") as handle:
        json.dump({"missing": missing}, handle)


main()
