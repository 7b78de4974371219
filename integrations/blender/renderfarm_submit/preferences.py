"""The add-on's preferences: the farm's address and an API token, kept where Blender keeps every
add-on's preferences (userpref.blend); the token is drawn as a password field."""

import bpy

from .client import ApiClient, rial_to_toman
from .work import state

ADDON = __package__


class RenderFarmPreferences(bpy.types.AddonPreferences):
    bl_idname = ADDON

    server_url: bpy.props.StringProperty(
        name="Server URL",
        description="The render farm's address, e.g. https://farm.example",
        default="http://localhost:8000",
    )
    api_token: bpy.props.StringProperty(
        name="API Token",
        description="A token made in the panel under API tokens (read, create and update)",
        subtype="PASSWORD",
    )

    def draw(self, _context):
        layout = self.layout
        layout.prop(self, "server_url")
        layout.prop(self, "api_token")
        row = layout.row()
        row.operator("renderfarm.test_connection", icon="LINKED")
        draw_account(layout)


def draw_account(layout):
    account = state["account"]
    if account:
        box = layout.box()
        box.label(text="Account: {}".format(account.get("email") or account.get("name")), icon="USER")
        box.label(text="Balance: {} Toman".format(rial_to_toman(account.get("balance", 0))), icon="FUND")
    if state["error"]:
        layout.label(text=state["error"], icon="ERROR")
    if state["detail"]:
        layout.label(text=state["detail"])


def prefs(context=None):
    return (context or bpy.context).preferences.addons[ADDON].preferences


def client(context=None):
    """A client from the preferences; read on the main thread, then handed to a worker."""
    p = prefs(context)
    return ApiClient(p.server_url, p.api_token)


def register():
    bpy.utils.register_class(RenderFarmPreferences)


def unregister():
    bpy.utils.unregister_class(RenderFarmPreferences)
