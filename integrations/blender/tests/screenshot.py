"""Blender's window with Render Properties › Render Farm, as a PNG (docs/screenshots/blender-addon.png).

LIBGL_ALWAYS_SOFTWARE=1 BLENDER_USER_SCRIPTS=<folder with addons/renderfarm_submit> \\
  xvfb-run -s "-screen 0 1600x1000x24" blender <scene.blend> --python screenshot.py -- <out.png> \\
  [<server url> <api token> [submit]]

With a server and a token it presses Test Connection, picks the first drive, and (with `submit`)
presses Submit, waits until the job is under way, then presses Check and Estimate, so the picture
shows the account, a check's findings with its estimate, and the job list. The Properties editor fills the window, scrolled to the add-on's panel.
"""

import sys
import time

import addon_utils
import bpy

args = sys.argv[sys.argv.index("--") + 1 :]
out = args[0]
server, token = (args[1], args[2]) if len(args) >= 3 else (None, None)
submit = "submit" in args[3:]

addon_utils.enable("renderfarm_submit", default_set=True, handle_error=None)
from renderfarm_submit.work import busy, state  # noqa: E402

steps = []
started = time.monotonic()


def properties_area():
    window = bpy.context.window_manager.windows[0]
    return window, max((a for a in window.screen.areas if a.type == "PROPERTIES"), key=lambda a: a.height)


def layout():
    window, area = properties_area()
    area.spaces.active.context = "RENDER"
    region = next(r for r in area.regions if r.type == "WINDOW")
    with bpy.context.temp_override(window=window, area=area, region=region):
        bpy.ops.screen.screen_full_area()


def scroll():
    window, area = properties_area()
    region = next(r for r in area.regions if r.type == "WINDOW")
    with bpy.context.temp_override(window=window, area=area, region=region):
        # The built-in Cycles panels come first; the add-on's panel is at the bottom.
        for _ in range(30):
            bpy.ops.view2d.scroll_down(deltay=100)


def connect():
    prefs = bpy.context.preferences.addons["renderfarm_submit"].preferences
    prefs.server_url, prefs.api_token = server, token
    bpy.ops.renderfarm.test_connection()


def choose_drive():
    if busy():
        return False
    bpy.context.scene.renderfarm.drive = state["drives"][0]["uuid"]
    bpy.context.scene.renderfarm.chunk = 2
    if submit:
        bpy.ops.renderfarm.submit()
    return True


def job_running():
    if time.monotonic() - started > 300:
        return True
    if busy():
        return False
    jobs = [j for j in state["jobs"] if state["last_job"] and j["uuid"] == state["last_job"]["uuid"]]
    if not jobs or jobs[0]["tasks"]["frames"]["done"] == 0:
        bpy.ops.renderfarm.refresh()
        return False
    return True


def check_again():
    if busy():
        return False
    bpy.ops.renderfarm.check()
    return True


def checked():
    return not busy() and bool(state["check"])


def shoot():
    scroll()
    window, _ = properties_area()
    with bpy.context.temp_override(window=window):
        bpy.ops.screen.screenshot(filepath=out)
    bpy.ops.wm.quit_blender()


steps.append(layout)
if server:
    steps.append(connect)
    steps.append(choose_drive)
    if submit:
        steps.append(job_running)
        steps.append(check_again)
        steps.append(checked)
steps.append(lambda: time.sleep(1) or True)
steps.append(shoot)


def next_step():
    """One step per tick; a step returning False is tried again on the next tick."""
    if steps[0]() is not False:
        steps.pop(0)
    return 1.0 if steps else None


bpy.app.timers.register(next_step, first_interval=2.0)
