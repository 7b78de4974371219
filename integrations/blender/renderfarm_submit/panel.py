"""Render Properties › Render Farm: the settings, Check and Submit, and the account's jobs.

Labels are English: Blender 3.4 draws Persian letters unjoined and left to right, and the farm's
artists run Blender in English (integrations/blender/README.md).
"""

import bpy

from . import work
from .client import rial_to_toman
from .preferences import draw_account
from .properties import frames_of
from .rtl import visual
from .work import state

STATUS_ICONS = {
    "checking": "VIEWZOOM",
    "queued": "SORTTIME",
    "active": "RENDER_ANIMATION",
    "paused": "PAUSE",
    "completed": "CHECKMARK",
    "failed": "ERROR",
    "canceled": "X",
}


def toman(value):
    return "{} Toman".format(rial_to_toman(value or 0))


def draw_check(layout, check):
    findings = check.get("findings") or {}
    box = layout.box()
    box.label(text="Checked: {}".format(check.get("path", "")), icon="FILE_BLEND")
    if check.get("status") in ("failed", "canceled"):
        box.label(text="The check {}; see the job in the web panel.".format(check["status"]), icon="ERROR")
        if check.get("failure_reason"):
            box.label(text=visual(check["failure_reason"]))
    elif check.get("status") == "submitted":
        box.label(text="Submitted: press Check and Estimate for a new job.", icon="CHECKMARK")
    if findings:
        res = findings.get("resolution_x"), findings.get("resolution_y"), findings.get("resolution_percentage")
        box.label(text="Resolution {} x {} at {}%".format(*res))
        box.label(
            text="Frames {}-{} (step {}), {}".format(
                findings.get("frame_start"), findings.get("frame_end"), findings.get("frame_step", 1), findings.get("engine", "")
            )
        )
        if findings.get("sample_seconds") is not None:
            box.label(text="Sample frame: {:.1f} s".format(findings["sample_seconds"]))
        for missing in findings.get("missing_files") or []:
            box.label(text="Missing on the farm: {}".format(missing.get("path")), icon="ERROR")
    estimate = check.get("estimate")
    if estimate and check.get("status") == "done":
        row = box.row()
        row.label(text=estimate_text(estimate), icon="FUND")
        row.operator("renderfarm.estimate", text="", icon="FILE_REFRESH")
        box.label(
            text="{} frames in {} tasks; balance after: {}".format(
                estimate.get("frames"), estimate.get("tasks"), toman(estimate.get("balance_after"))
            )
        )
    elif check.get("estimate_error"):
        box.label(text="No estimate: " + check["estimate_error"], icon="ERROR")


def estimate_text(estimate):
    """The server's estimate (Rial) with its range, in Toman."""
    return "Estimate: {} ({} to {})".format(
        toman(estimate.get("estimate")), rial_to_toman(estimate.get("low", 0)), toman(estimate.get("high"))
    )


def draw_job(layout, job):
    frames = (job.get("tasks") or {}).get("frames") or {}
    done, total = frames.get("done", 0), frames.get("total", 0)
    box = layout.box()
    row = box.row()
    row.label(text=visual(job.get("name") or job.get("uuid", "")[:8]), icon=STATUS_ICONS.get(job.get("status"), "DOT"))
    row.label(text=job.get("status", "").capitalize())
    row = box.row()
    row.label(text="{} / {} frames".format(done, total) if total else "—")
    row.label(text=("Cost: " if job.get("status") == "completed" else "Cost so far: ") + toman(job.get("cost")))
    if job.get("estimate") and job.get("status") not in ("completed", "canceled"):
        box.label(text=estimate_text(job["estimate"]))
    row = box.row(align=True)
    for action in ("pause", "resume", "cancel"):
        if action in (job.get("actions") or []):
            op = row.operator("renderfarm.job_action", text=action.capitalize())
            op.job, op.action = job["uuid"], action
    row.operator("renderfarm.open_job", text="Open in Panel", icon="URL").job = job["uuid"]


class RENDER_PT_renderfarm(bpy.types.Panel):
    bl_label = "Render Farm"
    bl_space_type = "PROPERTIES"
    bl_region_type = "WINDOW"
    bl_context = "render"

    def draw(self, context):
        layout = self.layout
        scene = context.scene
        settings = scene.renderfarm
        layout.use_property_split = True
        layout.use_property_decorate = False

        row = layout.row(align=True)
        row.prop(settings, "drive")
        row.operator("renderfarm.refresh", text="", icon="FILE_REFRESH")
        layout.prop(settings, "folder")

        col = layout.column(heading="Frames")
        col.prop(settings, "use_scene_frames", text="Scene Range ({})".format(frames_of(scene)) if settings.use_scene_frames else None)
        if not settings.use_scene_frames:
            sub = col.column(align=True)
            sub.prop(settings, "frame_start")
            sub.prop(settings, "frame_end")
            sub.prop(settings, "frame_step")
        layout.prop(settings, "chunk")
        layout.prop(settings, "priority")
        layout.prop(settings, "output_format")

        layout.use_property_split = False
        row = layout.row(align=True)
        row.scale_y = 1.4
        row.operator("renderfarm.check", icon="VIEWZOOM")
        row.operator("renderfarm.submit", icon="EXPORT")

        progress = state["progress"]
        if work.busy("submit") or progress:
            label, fraction = progress or (state["message"], None)
            layout.label(text=label + (" {:.0f}%".format(fraction * 100) if fraction is not None else ""), icon="TIME")
        elif state["message"]:
            layout.label(text=state["message"], icon="INFO")
        for missing in state["missing"]:
            layout.label(text="Not packed: {} ({})".format(missing["path"], missing["type"]), icon="ERROR")
        if state["check"]:
            draw_check(layout, state["check"])
        draw_account(layout)

        if state["jobs"]:
            layout.separator()
            row = layout.row()
            row.label(text="Your render jobs", icon="RENDER_RESULT")
            row.operator("renderfarm.refresh", text="", icon="FILE_REFRESH")
            for job in state["jobs"][:5]:
                draw_job(layout, job)


def register():
    bpy.utils.register_class(RENDER_PT_renderfarm)


def unregister():
    bpy.utils.unregister_class(RENDER_PT_renderfarm)
