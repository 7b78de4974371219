"""Run in Blender on a scene: the add-on's packed copy of it, and what it reports missing.

blender -b <scene.blend> --python pack_scene.py -- <result.json>
Writes {"copy": <path>, "size": <bytes>, "missing": [...], "dirty": <is the open scene changed>}.
"""

import json
import os
import sys

import addon_utils
import bpy

addon_utils.enable("renderfarm_submit", default_set=True, handle_error=None)
from renderfarm_submit import packing  # noqa: E402

out = sys.argv[sys.argv.index("--") + 1]
copy = packing.save_copy(packing.upload_name())
missing = packing.pack_copy(copy)
with open(out, "w", encoding="utf-8") as handle:
    json.dump({"copy": copy, "size": os.path.getsize(copy), "missing": missing, "dirty": bpy.data.is_dirty}, handle)
