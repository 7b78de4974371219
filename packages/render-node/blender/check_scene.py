"""The scene check: what a customer's scene will render like, and how long one frame takes.

Run (the scene loads from the command line, with scene scripts disabled):
  blender -b --factory-startup -Y <scene.blend> --python-exit-code 3 --python check_scene.py

Prints one line `RENDERFARM_FINDINGS <json>` (the findings, see docs/render-jobs.md) after timing one
sample frame at the scene's own settings (denoising off when this Blender cannot denoise).
"""

import json
import os
import sys
import time

import bpy

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from scene_files import missing_files  # noqa: E402

try:
    import _cycles

    CAN_DENOISE = bool(getattr(_cycles, "with_openimagedenoise", False))
except ImportError:
    CAN_DENOISE = False


def samples_of(scene):
    if scene.render.engine == "CYCLES":
        return scene.cycles.samples
    if scene.render.engine in {"BLENDER_EEVEE", "BLENDER_EEVEE_NEXT"}:
        return scene.eevee.taa_render_samples
    return None


def denoise_of(scene):
    if scene.render.engine != "CYCLES":
        return {"enabled": False, "kind": None, "available": CAN_DENOISE}
    if not scene.cycles.use_denoising:
        return {"enabled": False, "kind": None, "available": CAN_DENOISE}
    kind = denoiser_of(scene)
    # OptiX needs an NVIDIA card; OpenImageDenoise needs a build with it (Debian's has none).
    return {"enabled": True, "kind": kind, "available": CAN_DENOISE and kind == "OPENIMAGEDENOISE"}


def denoiser_of(scene):
    """The denoiser's name; a build without OpenImageDenoise has no enum item for the value the
    scene stores, so the stored number is read instead (2 OptiX, 4 OpenImageDenoise)."""
    raw = scene.cycles.get("denoiser")
    if raw is not None:
        return {2: "OPTIX", 4: "OPENIMAGEDENOISE"}.get(raw, str(raw))
    return "OPENIMAGEDENOISE"


def time_sample_frame(scene, denoise):
    """Renders the first frame without writing it; returns (seconds, error)."""
    scene.frame_set(scene.frame_start)
    if scene.render.engine == "CYCLES" and denoise["enabled"] and not denoise["available"]:
        scene.cycles.use_denoising = False
    started = time.monotonic()
    try:
        bpy.ops.render.render(write_still=False)
    except RuntimeError as error:
        return None, str(error).strip()
    return round(time.monotonic() - started, 3), None


def main():
    scene = bpy.context.scene
    cameras = sorted(obj.name for obj in scene.objects if obj.type == "CAMERA")
    denoise = denoise_of(scene)
    findings = {
        "blender_version": bpy.app.version_string,
        "scene": scene.name,
        "engine": scene.render.engine,
        "frame_start": scene.frame_start,
        "frame_end": scene.frame_end,
        "frame_step": scene.frame_step,
        "resolution_x": scene.render.resolution_x,
        "resolution_y": scene.render.resolution_y,
        "resolution_percentage": scene.render.resolution_percentage,
        "cameras": cameras,
        "active_camera": scene.camera.name if scene.camera else None,
        "output_format": scene.render.image_settings.file_format,
        "samples": samples_of(scene),
        "denoise": denoise,
        "missing_files": missing_files(),
    }
    if scene.camera is None:
        seconds, error = None, "the scene has no active camera"
    else:
        seconds, error = time_sample_frame(scene, denoise)
    findings["sample_frame"] = scene.frame_start
    findings["sample_seconds"] = seconds
    findings["sample_error"] = error
    print("RENDERFARM_FINDINGS " + json.dumps(findings), flush=True)


main()
