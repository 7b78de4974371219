"""The panel's buttons. Each reads what it needs from Blender on the main thread, then hands the
network part to a worker (work.start) so the UI never waits on the server."""

import os
import time
import uuid

import bpy

from . import packing, work
from .preferences import client
from .properties import NO_DRIVE, submission
from .work import report, state

CHECK_POLL_SECONDS = 2.0
CHECK_TIMEOUT_SECONDS = 15 * 60
OPEN_STATUSES = ("checking", "queued", "active", "paused")


def submitted(jobs):
    """The account's render jobs, less scene checks never submitted (the API lists those too, in
    `checking`, with no frames): the panel lists jobs, and a check left unsubmitted would keep the
    list refreshing."""
    return [j for j in jobs if j.get("frames") or j.get("status") != "checking"]


def failed(operator, error):
    summary = error.summary() if hasattr(error, "summary") else str(error)
    operator.report({"ERROR"}, summary)
    return {"CANCELLED"}


def make_client(operator, context):
    try:
        return client(context)
    except Exception as error:
        failed(operator, error)
        return None


class RENDERFARM_OT_test_connection(bpy.types.Operator):
    """Ask the server who this token belongs to, and load the account's drives and jobs"""

    bl_idname = "renderfarm.test_connection"
    bl_label = "Test Connection"

    def execute(self, context):
        api = make_client(self, context)
        if api is None:
            return {"CANCELLED"}

        def run():
            report("Connecting…")
            return api.me(), api.drives(), api.jobs()

        def done(result, error):
            if error is None:
                state["account"], state["drives"], jobs = result
                state["jobs"] = submitted(jobs)
                state["jobs_refreshed_at"] = time.monotonic()
                state["message"] = "Connected."

        work.start("connect", run, done)
        return {"FINISHED"}


class RENDERFARM_OT_refresh(bpy.types.Operator):
    """Load the account's drives and render jobs again"""

    bl_idname = "renderfarm.refresh"
    bl_label = "Refresh"

    def execute(self, context):
        return RENDERFARM_OT_test_connection.execute(self, context)


def refresh_jobs(api):
    """Background refresh of the job list (the timer calls it while jobs are open)."""

    def done(result, error):
        state["jobs_refreshed_at"] = time.monotonic()
        if error is None:
            state["jobs"] = submitted(result)

    return work.start("jobs", lambda: api.jobs(), done)


def check_done(check):
    """The check's status on the API: `checking` until a node has reported; then `done`, `failed`,
    `canceled` or `submitted` (a job now, under the same id)."""
    return bool(check) and check.get("status") not in ("checking", None)


def with_estimate(api, check, settings):
    """Worker: the check with the server's quote for these settings, when it is done."""
    if check.get("status") == "done":
        try:
            check["estimate"] = api.quote(check["id"], settings)
            check.pop("estimate_error", None)
        except Exception as error:  # the check stands without its estimate
            check["estimate_error"] = error.summary() if hasattr(error, "summary") else str(error)
    return check


def upload_and_check(api, scene_copy, name, drive, folder, settings=None):
    """Worker: pack, upload with resume, start the check and wait for its findings."""
    report("Packing external files…", 0.0)
    missing = packing.pack_copy(scene_copy)
    state["missing"] = missing

    def progress(sent, total):
        report("Uploading {} ({:.1f} of {:.1f} MB)…".format(name, sent / 1e6, total / 1e6), sent / total if total else 1.0)

    api.upload(drive, scene_copy, name, folder=folder, record_path=scene_copy + ".upload.json", progress=progress)
    os.remove(scene_copy)
    path = "{}/{}".format(folder.strip("/"), name) if folder.strip("/") else name
    report("Checking the scene on the farm…", None)
    check = api.check(drive, path)
    deadline = time.monotonic() + CHECK_TIMEOUT_SECONDS
    while not check_done(check):
        if time.monotonic() > deadline:
            raise RuntimeError("The scene check took too long; see the job in the web panel.")
        time.sleep(CHECK_POLL_SECONDS)
        check = api.check_status(check["id"])
    check["drive"], check["path"] = drive, path
    return with_estimate(api, check, settings) if settings else check


def prepare(operator, context):
    """Main thread: the client, the drive and a fresh copy of the scene, or None (reported)."""
    api = make_client(operator, context)
    if api is None:
        return None
    settings = context.scene.renderfarm
    if settings.drive in ("", NO_DRIVE):
        failed(operator, RuntimeError("Choose a drive (press Refresh to load them)."))
        return None
    name = packing.upload_name()
    try:
        scene_copy = packing.save_copy(name)
    except RuntimeError as error:
        failed(operator, error)
        return None
    return api, scene_copy, name, settings.drive, settings.folder


def keep_check(result, error):
    if error is None:
        state["check"] = result
        state["message"] = "Scene checked on the farm."


class UploadOperator(bpy.types.Operator):
    """Check and Submit: greyed out while an upload, a check or a submission is under way."""

    @classmethod
    def poll(cls, _context):
        return not work.busy("submit")


class RENDERFARM_OT_check(UploadOperator):
    """Pack and upload the scene as it is now, have the farm check it, and show the estimate"""

    bl_idname = "renderfarm.check"
    bl_label = "Check and Estimate"

    def execute(self, context):
        prepared = prepare(self, context)
        if prepared is None:
            return {"CANCELLED"}
        state["check"] = None
        settings = submission(context.scene)
        work.start("submit", lambda: upload_and_check(*prepared, settings=settings), keep_check)
        return {"FINISHED"}


class RENDERFARM_OT_estimate(bpy.types.Operator):
    """Ask the server again what the checked scene costs with the panel's current settings"""

    bl_idname = "renderfarm.estimate"
    bl_label = "Estimate Again"

    @classmethod
    def poll(cls, _context):
        check = state["check"]
        return bool(check) and check.get("status") == "done" and not work.busy("submit")

    def execute(self, context):
        api = make_client(self, context)
        if api is None:
            return {"CANCELLED"}
        check, settings = dict(state["check"]), submission(context.scene)
        work.start("estimate", lambda: with_estimate(api, check, settings), keep_check)
        return {"FINISHED"}


class RENDERFARM_OT_submit(UploadOperator):
    """Submit the checked scene (checking it first when it was not) with the panel's settings"""

    bl_idname = "renderfarm.submit"
    bl_label = "Submit"

    def execute(self, context):
        settings = submission(context.scene)
        check = state["check"]
        reuse = bool(check) and check.get("status") == "done"
        if reuse:
            api = make_client(self, context)
            if api is None:
                return {"CANCELLED"}
            prepared = None
        else:
            prepared = prepare(self, context)
            if prepared is None:
                return {"CANCELLED"}
            api = prepared[0]
        keys = state.setdefault("submit_keys", {})

        def run():
            current = check if reuse else upload_and_check(*prepared)
            if current.get("status") != "done":
                return current, None
            # One key per check: a retried Submit (a lost answer) gives back the same job.
            key = keys.setdefault(current["id"], str(uuid.uuid4()))
            report("Submitting…")
            return current, api.submit(current["id"], settings, key)

        def done(result, error):
            if error is not None:
                return
            current, job = result
            state["check"] = current
            if job is None:
                state["error"] = "The scene check ended {}; see the job in the web panel.".format(current.get("status"))
                return
            current["status"] = "submitted"
            state["last_job"] = job
            state["jobs"] = [job] + [j for j in state["jobs"] if j.get("uuid") != job.get("uuid")]
            state["message"] = "Submitted: {}".format(job.get("uuid"))

        work.start("submit", run, done)
        return {"FINISHED"}


class RENDERFARM_OT_job_action(bpy.types.Operator):
    """Pause, resume or cancel a render job"""

    bl_idname = "renderfarm.job_action"
    bl_label = "Job Action"

    job: bpy.props.StringProperty()
    action: bpy.props.EnumProperty(items=[("pause", "Pause", ""), ("resume", "Resume", ""), ("cancel", "Cancel", "")])

    def execute(self, context):
        api = make_client(self, context)
        if api is None:
            return {"CANCELLED"}

        def done(result, error):
            if error is None and isinstance(result, dict) and result.get("uuid"):
                state["jobs"] = [result if j.get("uuid") == result["uuid"] else j for j in state["jobs"]]

        # The operator's properties are read here: the operator is gone when the thread runs.
        job, action = self.job, self.action
        work.start("action", lambda: api.act(job, action), done)
        return {"FINISHED"}


class RENDERFARM_OT_open_job(bpy.types.Operator):
    """Open this job's page in the web panel (in your browser)"""

    bl_idname = "renderfarm.open_job"
    bl_label = "Open in Panel"

    job: bpy.props.StringProperty()

    def execute(self, context):
        api = make_client(self, context)
        if api is None:
            return {"CANCELLED"}
        bpy.ops.wm.url_open(url=api.panel_url(self.job))
        return {"FINISHED"}


CLASSES = (
    RENDERFARM_OT_test_connection,
    RENDERFARM_OT_refresh,
    RENDERFARM_OT_check,
    RENDERFARM_OT_estimate,
    RENDERFARM_OT_submit,
    RENDERFARM_OT_job_action,
    RENDERFARM_OT_open_job,
)


def auto_refresh():
    """From the timer: the job list again every 10 s while a job is open (never while one runs)."""
    if work.busy("jobs") or not any(j.get("status") in OPEN_STATUSES for j in state["jobs"]):
        return
    if time.monotonic() - state["jobs_refreshed_at"] < 10:
        return
    try:
        api = client()
    except Exception:
        return
    refresh_jobs(api)


def register():
    for cls in CLASSES:
        bpy.utils.register_class(cls)


def unregister():
    for cls in reversed(CLASSES):
        bpy.utils.unregister_class(cls)
