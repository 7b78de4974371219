"""Render Farm: submit the open scene to the farm from Render Properties (integrations/blender/README.md).

Only bl_info and register live here; the API client (client.py, tus.py) imports no bpy, so the
tests run it with system python3.
"""

bl_info = {
    "name": "Render Farm",
    "author": "Render Farm",
    "version": (1, 0, 0),
    "blender": (3, 4, 0),
    "location": "Properties > Render > Render Farm",
    "description": "Pack, upload and submit the scene to the render farm; follow its jobs",
    "doc_url": "",
    "category": "Render",
}

_modules = []


def _timer():
    from . import operators, work

    interval = work.drain()
    operators.auto_refresh()
    return interval


def register():
    import bpy

    from . import operators, panel, preferences, properties

    _modules[:] = [preferences, properties, operators, panel]
    for module in _modules:
        module.register()
    bpy.app.timers.register(_timer, first_interval=1.0, persistent=True)


def unregister():
    import bpy

    if bpy.app.timers.is_registered(_timer):
        bpy.app.timers.unregister(_timer)
    for module in reversed(_modules):
        module.unregister()
    _modules.clear()
