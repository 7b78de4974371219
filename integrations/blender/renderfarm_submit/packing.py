"""A packed copy of the open scene, ready to upload (the artist's scene is left as it was).

On the main thread, `save_copy()` writes the scene as it is now (unsaved changes included) to a
work folder with `save_as_mainfile(copy=True)`, its relative paths remapped to the new place.
Then, in a worker, `pack_copy()` opens that copy in a second background Blender that packs the
external files into it and lists those it could not (pack_child.py).
"""

import json
import os
import re
import subprocess
import tempfile
import time

import bpy

HERE = os.path.dirname(os.path.abspath(__file__))


def work_dir():
    folder = os.path.join(tempfile.gettempdir(), "renderfarm-blender")
    os.makedirs(folder, exist_ok=True)
    return folder


def upload_name():
    """`<scene file name>-<UTC time>.blend`: a new name per submission, so no upload replaces another."""
    base = os.path.splitext(os.path.basename(bpy.data.filepath))[0] or "untitled"
    base = re.sub(r"[^\w.-]+", "_", base).strip("._") or "scene"
    return "{}-{}.blend".format(base[:80], time.strftime("%Y%m%d-%H%M%S", time.gmtime()))


def save_copy(name):
    """Main thread: the scene as it is now, saved as a copy under the work folder."""
    path = os.path.join(work_dir(), name)
    bpy.ops.wm.save_as_mainfile(filepath=path, copy=True, relative_remap=True, compress=False, check_existing=False)
    return path


def pack_copy(path, timeout=600):
    """Worker: packs the copy's external files in a background Blender; returns the missing ones."""
    report = path + ".pack.json"
    command = [
        bpy.app.binary_path,
        "-b",
        "--factory-startup",
        "-noaudio",
        # Never run scripts the scene carries.
        "-Y",
        path,
        "--python",
        os.path.join(HERE, "pack_child.py"),
        "--",
        report,
    ]
    done = subprocess.run(command, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, timeout=timeout)
    if done.returncode != 0 or not os.path.exists(report):
        tail = done.stdout.decode("utf-8", "replace").strip().splitlines()[-5:]
        raise RuntimeError("Packing the scene failed: " + " | ".join(tail))
    with open(report, "r", encoding="utf-8") as handle:
        missing = json.load(handle)["missing"]
    os.remove(report)
    # Blender keeps the previous version as `.blend1` when it saves over a file.
    if os.path.exists(path + "1"):
        os.remove(path + "1")
    return missing
