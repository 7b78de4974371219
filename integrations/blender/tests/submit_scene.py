"""End to end, inside Blender: the add-on submits the open scene to a running farm and waits for it.

blender -b <scene.blend> --python submit_scene.py -- <server url> <api token> <result.json>

Uses the add-on as an artist would, through its operators: Test Connection, choose the first drive,
Check and Estimate, Submit, Pause and Resume, then Refresh until the job is completed. The add-on must be on Blender's
add-on path (BLENDER_USER_SCRIPTS/addons/renderfarm_submit). Writes what it saw to result.json for
the test around it (apps/server/src/modules/render/blender-addon-submit.test.ts); any failure is
written there as {"error": ...} and exits non-zero.
"""

import json
import sys
import time
import traceback

import addon_utils
import bpy

server, token, out = sys.argv[sys.argv.index("--") + 1 :][:3]
result = {}


def save():
    with open(out, "w", encoding="utf-8") as handle:
        json.dump(result, handle, indent=1)


def main():
    addon_utils.enable("renderfarm_submit", default_set=True, handle_error=None)
    from renderfarm_submit import work
    from renderfarm_submit.preferences import client
    from renderfarm_submit.properties import submission
    from renderfarm_submit.work import state

    def finished(what):
        work.wait(600)
        if state["error"]:
            raise RuntimeError("{}: {}".format(what, state["error"]))

    prefs = bpy.context.preferences.addons["renderfarm_submit"].preferences
    prefs.server_url = server
    prefs.api_token = token

    bpy.ops.renderfarm.test_connection()
    finished("test connection")
    result["account"] = state["account"]
    result["drives"] = state["drives"]

    scene = bpy.context.scene
    settings = scene.renderfarm
    settings.drive = state["drives"][0]["uuid"]
    settings.chunk = 2
    settings.output_format = "PNG"
    settings.priority = "standard"
    result["settings"] = submission(scene)

    bpy.ops.renderfarm.check()
    finished("check")
    result["check"] = state["check"]
    result["missing"] = state["missing"]

    bpy.ops.renderfarm.submit()
    finished("submit")
    job = state["last_job"]
    result["job"] = job
    save()

    # A Submit whose answer was lost, sent again with its key: the same job, not a second one.
    api = client()
    key = state["submit_keys"][state["check"]["id"]]
    result["repeat"] = api.submit(state["check"]["id"], submission(scene), key)

    # Pause and Resume, as the job list's buttons do.
    def status_after(action):
        bpy.ops.renderfarm.job_action(job=job["uuid"], action=action)
        finished(action)
        return next(j for j in state["jobs"] if j["uuid"] == job["uuid"])["status"]

    result["paused"] = status_after("pause")
    result["resumed"] = status_after("resume")

    deadline = time.monotonic() + 600
    while True:
        bpy.ops.renderfarm.refresh()
        finished("refresh")
        seen = next((j for j in state["jobs"] if j["uuid"] == job["uuid"]), None)
        result["seen"] = seen
        if seen and seen["status"] in ("completed", "failed", "canceled"):
            break
        if time.monotonic() > deadline:
            raise RuntimeError("the job did not finish: {}".format(seen and seen["status"]))
        time.sleep(1)

    result["job_view"] = api.job(job["uuid"])
    output = result["job_view"].get("output_path") or "renders/{}".format(job["uuid"])
    result["files"] = api.files(settings.drive, output)


try:
    main()
    save()
except Exception as error:
    traceback.print_exc()
    result["error"] = "{}: {}".format(type(error).__name__, error)
    save()
    sys.exit(1)
