"""The task's render settings, applied to the loaded scene before Blender renders its frames.

Run (the order matters: the scene loads first, this script changes it, then -f renders):
  blender -b --factory-startup -Y <scene.blend> --python-exit-code 3 --python apply_settings.py \
    -f 1,2 -- --output /work/task/frame_#### --format PNG [--percentage 50] [--samples 16]
    [--denoise] [--fail-on-missing]

With --fail-on-missing a scene that needs a file that is not there (a texture, a linked library, a
cache) stops here: the exception makes Blender exit with the --python-exit-code code before any
frame renders (Blender itself would render a missing texture as pink and carry on).
"""

import argparse
import os
import sys

import bpy

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from scene_files import missing_files  # noqa: E402

FORMATS = {"PNG", "JPEG", "OPEN_EXR"}


def arguments():
    parser = argparse.ArgumentParser(prog="apply_settings.py")
    parser.add_argument("--output", required=True, help="output path pattern, e.g. /dir/frame_####")
    parser.add_argument("--format", required=True, choices=sorted(FORMATS))
    parser.add_argument("--percentage", type=int)
    parser.add_argument("--samples", type=int)
    parser.add_argument("--denoise", action="store_true")
    parser.add_argument("--fail-on-missing", action="store_true")
    after = sys.argv[sys.argv.index("--") + 1 :] if "--" in sys.argv else []
    return parser.parse_args(after)


def main():
    args = arguments()
    scene = bpy.context.scene

    if args.fail_on_missing:
        missing = missing_files()
        if missing:
            names = ", ".join(f"{entry['type']} {entry['path']}" for entry in missing)
            raise RuntimeError(f"RENDERFARM_MISSING_FILES missing external files: {names}")

    render = scene.render
    render.filepath = args.output
    render.use_file_extension = True
    render.use_overwrite = True
    render.use_placeholder = False
    settings = render.image_settings
    settings.file_format = args.format
    if args.format == "PNG":
        settings.color_mode = "RGBA" if render.film_transparent else "RGB"
        settings.color_depth = "8"
    elif args.format == "JPEG":
        settings.color_mode = "RGB"
        settings.quality = 90
    else:
        settings.color_mode = "RGBA"
        settings.color_depth = "16"
        settings.exr_codec = "ZIP"
    if args.percentage is not None:
        render.resolution_percentage = args.percentage

    if render.engine == "CYCLES":
        scene.cycles.device = "CPU"
        if args.samples is not None:
            scene.cycles.samples = args.samples
            # Adaptive sampling would stop earlier than the samples the customer paid for.
            scene.cycles.use_adaptive_sampling = False
        scene.cycles.use_denoising = bool(args.denoise)
        for layer in scene.view_layers:
            layer.cycles.denoising_store_passes = False
    elif args.samples is not None and render.engine in {"BLENDER_EEVEE", "BLENDER_EEVEE_NEXT"}:
        scene.eevee.taa_render_samples = args.samples

    print(
        "RENDERFARM_SETTINGS "
        f"engine={render.engine} format={args.format} "
        f"resolution={render.resolution_x}x{render.resolution_y}@{render.resolution_percentage}% "
        f"samples={scene.cycles.samples if render.engine == 'CYCLES' else args.samples} "
        f"denoise={bool(args.denoise)}",
        flush=True,
    )


main()
