"""The submission's settings, kept on the scene (saved with the .blend): `scene.renderfarm`."""

import bpy

from .rtl import visual
from .work import state

NO_DRIVE = "NONE"

# Blender keeps only a pointer to the strings of dynamic enum items: they must outlive the call.
_drive_items = []


def drive_items(_self, _context):
    _drive_items.clear()
    for drive in state["drives"]:
        _drive_items.append((drive["uuid"], visual(drive["name"]), "A drive of your account"))
    if not _drive_items:
        _drive_items.append((NO_DRIVE, "(press Refresh)", "Load your drives from the server"))
    return _drive_items


class RenderFarmSettings(bpy.types.PropertyGroup):
    drive: bpy.props.EnumProperty(name="Drive", description="The drive the scene is uploaded to and the frames land in", items=drive_items)
    folder: bpy.props.StringProperty(
        name="Folder", description="An existing folder of the drive for the uploaded scene (empty: the drive's top)", default=""
    )
    use_scene_frames: bpy.props.BoolProperty(name="Scene Frame Range", description="Render the scene's own frame range and step", default=True)
    frame_start: bpy.props.IntProperty(name="Start", min=1, default=1)
    frame_end: bpy.props.IntProperty(name="End", min=1, default=250)
    frame_step: bpy.props.IntProperty(name="Step", min=1, default=1)
    chunk: bpy.props.IntProperty(name="Chunk", description="Frames per task (one node renders a chunk at a time)", min=1, max=1000, default=10)
    priority: bpy.props.EnumProperty(
        name="Priority",
        items=[("standard", "Standard", "The standard price per node-minute"), ("express", "Express", "Served first, at the express price")],
        default="standard",
    )
    output_format: bpy.props.EnumProperty(
        name="Output",
        items=[("PNG", "PNG", ""), ("JPEG", "JPEG", ""), ("OPEN_EXR", "OpenEXR", "")],
        default="PNG",
    )


def frames_of(scene):
    """The frames spec the server reads (`1-250`, `1-250x5`), from the scene or the panel."""
    settings = scene.renderfarm
    if settings.use_scene_frames:
        start, end, step = scene.frame_start, scene.frame_end, scene.frame_step
    else:
        start, end, step = settings.frame_start, settings.frame_end, settings.frame_step
    start = max(1, start)
    end = max(start, end)
    spec = "{}-{}".format(start, end) if end > start else str(start)
    return spec + ("x{}".format(step) if step > 1 and end > start else "")


def submission(scene):
    """The body of a submission (POST /api/v1/jobs, less the check)."""
    settings = scene.renderfarm
    return {
        "frames": frames_of(scene),
        "chunk": settings.chunk,
        "format": settings.output_format,
        "resolution": scene.render.resolution_percentage,
        "priority": settings.priority,
    }


def register():
    bpy.utils.register_class(RenderFarmSettings)
    bpy.types.Scene.renderfarm = bpy.props.PointerProperty(type=RenderFarmSettings)


def unregister():
    del bpy.types.Scene.renderfarm
    bpy.utils.unregister_class(RenderFarmSettings)
