"""The external files a scene reads and which of them are missing (shared by our scripts)."""

import os

import bpy


def _exists(path):
    # A UDIM set names its tiles with <UDIM>: the set exists when one tile does.
    if "<UDIM>" in path or "<UVTILE>" in path:
        folder = os.path.dirname(path) or "."
        head = os.path.basename(path).split("<")[0]
        return os.path.isdir(folder) and any(name.startswith(head) for name in os.listdir(folder))
    return os.path.exists(path)


def _missing(kind, block, path):
    if not path:
        return None
    absolute = os.path.normpath(bpy.path.abspath(path, library=block.library))
    if _exists(absolute):
        return None
    return {"type": kind, "name": block.name, "path": path}


def missing_files():
    """Every image, library, cache, volume, sound, movie clip and font file the scene needs but
    that is not on disk. Packed and generated data is inside the .blend and never missing."""
    found = []
    for image in bpy.data.images:
        if image.packed_file or image.source not in {"FILE", "SEQUENCE", "MOVIE", "TILED"}:
            continue
        found.append(_missing("image", image, image.filepath))
    for library in bpy.data.libraries:
        found.append(_missing("library", library, library.filepath))
    for cache in bpy.data.cache_files:
        found.append(_missing("cache", cache, cache.filepath))
    for volume in bpy.data.volumes:
        if not volume.packed_file:
            found.append(_missing("volume", volume, volume.filepath))
    for sound in bpy.data.sounds:
        if not sound.packed_file:
            found.append(_missing("sound", sound, sound.filepath))
    for clip in bpy.data.movieclips:
        found.append(_missing("movie", clip, clip.filepath))
    for font in bpy.data.fonts:
        if not font.packed_file and font.filepath != "<builtin>":
            found.append(_missing("font", font, font.filepath))
    return [entry for entry in found if entry]
